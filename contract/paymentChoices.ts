/**
 * How a checkout is paid: an invoice due in 30 days (as before), or by card before the orders stand.
 * Apart from contract/payments.ts, which builds on the cart's schemas, so the cart's can name it too.
 */
export const PAYMENT_CHOICES = ['invoice', 'card'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];
