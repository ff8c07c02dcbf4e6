import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Money, Para } from './parts';

export interface PaymentReceiptProps {
  brand: Brand;
  name: string;
  invoice: string;
  amount: string;
  /** "Visa •••• 4242". */
  card: string;
  at: string;
  /** True for the payer's copy, sent because they asked for copies of receipts. */
  copy: boolean;
}

/** To the billing contact (and a copy to the payer who asked for one), with the receipt's PDF attached. */
export const PaymentReceipt = (p: PaymentReceiptProps) => (
  <Layout
    brand={p.brand}
    preview={`${p.amount} received`}
    heading={`Receipt for invoice ${p.invoice}`}
    why={p.copy ? 'You get this copy because copies of receipts are on for your account.' : undefined}
  >
    <Para>
      Hi {mailText(p.name, 'there')}, we received <Money>{p.amount}</Money> for invoice {p.invoice} from{' '}
      {p.card} on {p.at}. Thank you. The receipt is attached.
    </Para>
  </Layout>
);
