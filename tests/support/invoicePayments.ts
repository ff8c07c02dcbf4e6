import type { InvoicePayment } from '../../contract/payments';

/** The payment block of an invoice nobody has paid: what fixtures of unpaid invoices carry. */
export const NOTHING_PAID: InvoicePayment = {
  method: 'invoice',
  state: 'none',
  paid_at: null,
  paid: 0,
  paid_formatted: '$0.00',
  refunded: 0,
  refunded_formatted: '$0.00',
  refunds: [],
  card: null,
  failure: null,
  receipt: false,
  received: [],
  credits_applied: [],
};
