import type { InvoiceStatus } from '../../../contract/invoiceStatuses';

/** Invoice statuses in words and colours (apart from billingSearch.ts, which the first bundle reads). */
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
