import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Money, Para } from './parts';

export interface InvoiceOverdueProps {
  brand: Brand;
  name: string;
  invoice: string;
  due: string;
  balance: string;
  link: string;
}

/** To the invoice's billing contact, once, the day it is overdue with something left to pay. */
export const InvoiceOverdue = (p: InvoiceOverdueProps) => (
  <Layout
    brand={p.brand}
    preview={`${p.balance} is still to be paid`}
    heading={`Invoice ${p.invoice} is overdue`}
  >
    <Para>
      Hi {mailText(p.name, 'there')}, invoice {p.invoice} from {p.brand.product} was due on {p.due} and{' '}
      <Money>{p.balance}</Money> is still to be paid. The invoice says how to pay; if you have paid already,
      thank you and ignore this e-mail.
    </Para>
    <Action href={p.link} label="Open the invoice" />
  </Layout>
);
