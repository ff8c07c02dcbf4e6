import { INVOICE_STATUSES, type InvoiceStatus } from '../../../contract/invoiceStatuses';
import { oneOf, positiveInt, type RawSearch, text } from '../../lib/searchParams';

/** The Billing page's address: `?status=overdue&page=2`; anything else lists every invoice from page 1. */
export interface BillingUrlSearch {
  status?: InvoiceStatus | undefined;
  page?: number | undefined;
  /** Back from Stripe's page to save a card (issue 30, part 4): its session, for the card panel. */
  session_id?: string | undefined;
}

export const parseBillingSearch = (raw: RawSearch): BillingUrlSearch => ({
  status: oneOf(raw.status, INVOICE_STATUSES),
  page: positiveInt(raw.page, 100_000),
  session_id: text(raw.session_id, 255),
});

/** An invoice's address as Stripe comes back to it: `?session_id=cs_…` to look the payment up. */
export interface InvoiceUrlSearch {
  session_id?: string | undefined;
}

export const parseInvoiceSearch = (raw: RawSearch): InvoiceUrlSearch => ({
  session_id: text(raw.session_id, 255),
});
