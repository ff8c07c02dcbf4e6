import { INVOICE_STATUSES, type InvoiceStatus } from '../../../contract/invoiceStatuses';
import { oneOf, type RawSearch } from '../../lib/searchParams';

/** The Billing page's address: `?status=overdue`; anything else lists every invoice. */
export interface BillingUrlSearch {
  status?: InvoiceStatus | undefined;
}

export const parseBillingSearch = (raw: RawSearch): BillingUrlSearch => ({
  status: oneOf(raw.status, INVOICE_STATUSES),
});

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  void: 'Void',
};

export const statusChip = (status: InvoiceStatus) =>
  status === 'overdue'
    ? 'bg-coral-100 text-coral-700'
    : status === 'open'
      ? 'bg-primary-100 text-primary-800'
      : 'bg-primary-50 text-ink-muted';
