import { z } from 'zod';
import { yesNo } from './auth';
import { placedOrders } from './cart';
import { PAYMENT_CHOICES } from './paymentChoices';

/** Where the browser goes to pay (Stripe's hosted page): place by card, Pay now, Save a card. */
export const paymentRedirect = z.object({ url: z.string() });
export type PaymentRedirect = z.infer<typeof paymentRedirect>;

/** POST /checkout/{cartId}/place: the orders (invoice, or a card checkout already paid), or where to pay. */
export const placeAnswer = z.union([paymentRedirect, placedOrders]);
export type PlaceAnswer = z.infer<typeof placeAnswer>;

/**
 * The confirmation page's address after Stripe's page: `session_id` when paid there, `cancelled` when
 * the customer pressed Cancel. The server never trusts the session named: it asks about its own.
 */
export const checkoutPaymentQuery = z.object({
  session_id: z
    .string()
    .regex(/^cs_\w{1,200}$/, 'The payment page’s session id is not valid.')
    .optional(),
  cancelled: z.enum(['1']).optional(),
});

const CHECKOUT_PAYMENT_STATES = ['pending', 'paid', 'failed', 'expired'] as const;

/** GET /checkout/{cartId}/payment?session_id=: what became of a card checkout. */
export const checkoutPayment = z.object({
  state: z.enum(CHECKOUT_PAYMENT_STATES),
  invoice: z.string(),
  amount_formatted: z.string(),
  /** The decline or the expiry, in words. */
  message: z.string().nullable(),
  /** Until when the orders are held for the payment; after it they are released. */
  pay_by: z.string().nullable(),
  /** The orders once paid, for the confirmation's list. */
  placed: placedOrders.nullable(),
});
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

const INVOICE_PAYMENT_STATES = ['none', 'awaiting', 'pending', 'paid', 'failed'] as const;

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
  /** Issue 32: money that came by check, ACH or wire, as recorded by the back office. */
  received: z.array(
    z.object({
      method: z.string(),
      reference: z.string(),
      date: z.string(),
      amount: z.number(),
      amount_formatted: z.string(),
    }),
  ),
  /** Issue 32: the company's credits put against it. */
  credits_applied: z.array(
    z.object({ reason: z.string(), at: z.string(), amount: z.number(), amount_formatted: z.string() }),
  ),
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
