import { INVOICE_STATUSES, type InvoiceStatus } from '../../../contract/invoiceStatuses';
import { oneOf, type RawSearch } from '../../lib/searchParams';

/** The Billing page's address: `?status=overdue`; anything else lists every invoice. */
export interface BillingUrlSearch {
  status?: InvoiceStatus | undefined;
}

export const parseBillingSearch = (raw: RawSearch): BillingUrlSearch => ({
  status: oneOf(raw.status, INVOICE_STATUSES),
});
