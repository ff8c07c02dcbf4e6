/**
 * The plain values of money staff record by hand (issue 32), apart from any schema: a check, an ACH
 * transfer or a wire; and where a company's credit came from.
 */
export const MANUAL_PAYMENT_METHODS = ['check', 'ach', 'wire'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_LABELS: Record<ManualPaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH transfer',
  wire: 'Wire transfer',
};

/** `issued`: staff gave it, with a reason; `overpayment`: what a manual payment left after its invoices. */
export const CREDIT_SOURCES = ['issued', 'overpayment'] as const;

/**
 * The first day a payment may say it arrived on: anything before is a typo of the year. Here rather
 * than beside the schemas, so the payment dialog's check does not load zod and the invoice statuses
 * into its chunk (which split them out of the storefront's first route).
 */
export const EARLIEST_PAYMENT_DAY = '2000-01-01';
