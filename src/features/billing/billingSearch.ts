import { INVOICE_STATUSES, type InvoiceStatus } from '../../../contract/invoiceStatuses';
import { oneOf, type RawSearch, text } from '../../lib/searchParams';

/** The Billing page's address: `?status=overdue`; anything else lists every invoice. */
export interface BillingUrlSearch {
  status?: InvoiceStatus | undefined;
  /** Back from Stripe's page to save a card (issue 30, part 4): its session, for the card panel. */
  session_id?: string | undefined;
}

export const parseBillingSearch = (raw: RawSearch): BillingUrlSearch => ({
  status: oneOf(raw.status, INVOICE_STATUSES),
  session_id: text(raw.session_id, 200),
});
