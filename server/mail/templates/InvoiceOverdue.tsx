import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Money, Para } from './parts';

export interface InvoiceOverdueProps {
  brand: Brand;
  name: string;
  invoice: string;
  due: string;
  /** Whole days past the due date (1, 7 or 30 on time; more after a server was stopped). */
  daysPastDue: number;
  balance: string;
  link: string;
}

/** "1 day", "7 days". */
export const daysWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * To the invoice's billing contact while something is left to pay: 1, 7 and 30 days past its due date
 * (server/billing/overdue.ts), each saying how late it is.
 */
export const InvoiceOverdue = (p: InvoiceOverdueProps) => (
  <Layout
    brand={p.brand}
    preview={`${p.balance} is still to be paid`}
    heading={`Invoice ${p.invoice} is overdue`}
  >
    <Para>
      Hi {mailText(p.name, 'there')}, invoice {p.invoice} from {p.brand.product} was due on {p.due},{' '}
      {daysWords(p.daysPastDue)} ago, and <Money>{p.balance}</Money> is still to be paid. The invoice says how
      to pay; if you have paid already, thank you and ignore this e-mail.
    </Para>
    <Action href={p.link} label="Open the invoice" />
  </Layout>
);
