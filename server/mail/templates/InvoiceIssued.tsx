import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Money, Para } from './parts';

export interface InvoiceIssuedProps {
  brand: Brand;
  name: string;
  invoice: string;
  total: string;
  due: string;
  link: string;
}

/** To the billing contact, with the invoice's PDF attached. */
export const InvoiceIssued = (p: InvoiceIssuedProps) => (
  <Layout brand={p.brand} preview={`${p.total}, due ${p.due}`} heading={`Invoice ${p.invoice}`}>
    <Para>
      Hi {mailText(p.name, 'there')}, invoice {p.invoice} from {p.brand.product} is attached:{' '}
      <Money>{p.total}</Money>, due on {p.due}. It says how to pay.
    </Para>
    <Action href={p.link} label="Open the invoice" />
  </Layout>
);
