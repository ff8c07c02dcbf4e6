/**
 * How a company may pay (issue 32): by card only, or by invoice due net 15, 30 or 60 days after it is
 * issued, up to a credit limit. Plain values, apart from any schema: the checkout reads them.
 */
export const PAYMENT_TERMS = ['card', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** Days from issue to due date on each invoice term; `card` has none (nothing is invoiced to pay later). */
export const TERMS_DAYS: Record<Exclude<PaymentTerms, 'card'>, number> = { net15: 15, net30: 30, net60: 60 };

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  card: 'Card only',
  net15: 'Invoice, net 15',
  net30: 'Invoice, net 30',
  net60: 'Invoice, net 60',
};

/**
 * The highest credit limit, in dollars: companies.credit_limit_cents is a PostgreSQL integer, whose
 * largest value is $21,474,836.47, so the limit stops at a round figure below it.
 */
export const MAX_CREDIT_LIMIT_DOLLARS = 20_000_000;

/** The terms a new company starts on when the operator sets no DEFAULT_PAYMENT_TERMS. */
export const FALLBACK_PAYMENT_TERMS: PaymentTerms = 'net30';

export const isPaymentTerms = (value: string): value is PaymentTerms =>
  (PAYMENT_TERMS as readonly string[]).includes(value);
