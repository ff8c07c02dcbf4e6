import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Money, Para } from './parts';

export interface PaymentFailedProps {
  brand: Brand;
  name: string;
  invoice: string;
  amount: string;
  card: string;
  /** The bank's answer, in words. */
  message: string;
  /** The day of the next automatic attempt, or null when there is none. */
  nextAttempt: string | null;
  link: string;
}

export const PaymentFailed = (p: PaymentFailedProps) => (
  <Layout
    brand={p.brand}
    preview={`${p.amount} could not be charged`}
    heading="Your payment did not go through"
  >
    <Para>
      Hi {mailText(p.name, 'there')}, <Money>{p.amount}</Money> for invoice {p.invoice} could not be charged
      to {p.card}: {p.message}
    </Para>
    <Para>
      {p.nextAttempt
        ? `We will try again on ${p.nextAttempt}, or pay it now.`
        : 'We will not try again: pay it now or by bank transfer.'}
    </Para>
    <Action href={p.link} label="Pay now" />
  </Layout>
);
