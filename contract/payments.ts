import { z } from 'zod';
import { yesNo } from './auth';
import { placedOrders } from './cart';

/** How a checkout is paid: an invoice due in 30 days (as before), or by card before the orders stand. */
export const PAYMENT_CHOICES = ['invoice', 'card'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** Where the browser goes to pay (Stripe's hosted page): place by card, Pay now, Save a card. */
export const paymentRedirect = z.object({ url: z.string() });
export type PaymentRedirect = z.infer<typeof paymentRedirect>;

export const CHECKOUT_PAYMENT_STATES = ['pending', 'paid', 'failed', 'expired'] as const;

/** GET /checkout/{cartId}/payment?session_id=: what became of a card checkout. */
export const checkoutPayment = z.object({
  state: z.enum(CHECKOUT_PAYMENT_STATES),
  invoice: z.string(),
  amount_formatted: z.string(),
  /** The decline or the expiry, in words. */
  message: z.string().nullable(),
  /** The orders once paid, for the confirmation's list. */
  placed: placedOrders.nullable(),
});
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

export const INVOICE_PAYMENT_STATES = ['none', 'awaiting', 'pending', 'paid', 'failed'] as const;

/** An invoice's payments and refunds, as the invoice page shows them. */
export const invoicePayment = z.object({
  method: z.enum(PAYMENT_CHOICES),
  state: z.enum(INVOICE_PAYMENT_STATES),
  paid_at: z.string().nullable(),
  paid: z.number(),
  paid_formatted: z.string(),
  refunded: z.number(),
  refunded_formatted: z.string(),
  refunds: z.array(
    z.object({
      order_number: z.string(),
      at: z.string(),
      status: z.string(),
      amount: z.number(),
      amount_formatted: z.string(),
    }),
  ),
  /** "Visa •••• 4242" */
  card: z.string().nullable(),
  failure: z
    .object({ message: z.string(), at: z.string(), next_attempt_at: z.string().nullable() })
    .nullable(),
  receipt: z.boolean(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

/** GET /billing/payment: the company's card and automatic payment. */
export const paymentSettings = z.object({
  /** False when this server has no Stripe keys: the page then says cards are not taken here. */
  cards: z.boolean(),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })
    .nullable(),
  auto_pay: z.boolean(),
  members_may_pay: z.boolean(),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

export const paymentSettingsBody = z.object({
  auto_pay: yesNo.optional(),
  members_may_pay: yesNo.optional(),
});

/** GET /billing/payment?session_id=: back from saving a card, the setup page to look at first. */
export const paymentSettingsQuery = z.object({ session_id: z.string().max(200).optional() });
