import type { InvoiceStatus } from '../../../contract/invoiceStatuses';

/** Invoice statuses in words and colours (apart from billingSearch.ts, which the first bundle reads). */
export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  partial: 'Partially paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

const CHIPS: Record<InvoiceStatus, string> = {
  overdue: 'bg-coral-100 text-coral-700',
  open: 'bg-primary-100 text-primary-800',
  partial: 'bg-sunshine-100 text-ink',
  paid: 'bg-mint-100 text-mint-700',
  void: 'bg-primary-50 text-ink-muted',
};

export const statusChip = (status: InvoiceStatus) => CHIPS[status];
