import type Stripe from 'stripe';

/** The card a payment was made with, as receipts and invoices name it ("visa", "4242"). */
export interface PaidCard {
  brand: string;
  last4: string;
}

/** The card of an expanded payment method, or null. */
export const cardOfMethod = (method: string | Stripe.PaymentMethod | null | undefined): PaidCard | null =>
  method && typeof method !== 'string' && method.card
    ? { brand: method.card.brand, last4: method.card.last4 }
    : null;

/** The id of an object Stripe names, whether it sent the object expanded or only its id. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** A card payment's line on Stripe's hosted page. */
export interface CheckoutLine {
  name: string;
  cents: number;
}

/** What a failed off-session charge left behind, in words the customer's e-mail can carry. */
export type ChargeOutcome =
  | { ok: true; intentId: string }
  | { ok: false; intentId: string | null; message: string; code: string | null };

/**
 * Everything the server asks of Stripe, in one place so routes, jobs and tests see the same calls;
 * null where Stripe is not configured. Every call that creates something carries an idempotency key
 * made from our own row's id, so a retried call (ours or the SDK's) never creates a second one.
 */
export interface PaymentGateway {
  createCheckout(i: {
    paymentId: number;
    customer: string | null;
    email: string;
    lines: CheckoutLine[];
    successUrl: string;
    cancelUrl: string;
    expiresAt: Date;
    metadata: Record<string, string>;
  }): Promise<{ sessionId: string; url: string }>;
  createSetup(i: {
    paymentId: number;
    customer: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  ensureCustomer(c: { coid: string; name: string; email: string; existing: string | null }): Promise<string>;
  /** With the payment intent and the setup intent's payment method expanded. */
  retrieveCheckout(sessionId: string): Promise<Stripe.Checkout.Session>;
  retrieveSetupIntent(setupIntentId: string): Promise<Stripe.SetupIntent>;
  /** The card a payment intent was paid with (brand, last four), or null when it names none. */
  retrievePaymentCard(intentId: string): Promise<PaidCard | null>;
  setDefaultCard(customer: string, paymentMethod: string): Promise<void>;
  expireCheckout(sessionId: string): Promise<Stripe.Checkout.Session>;
  chargeOffSession(i: {
    paymentId: number;
    customer: string;
    paymentMethod: string;
    cents: number;
    invoice: string;
  }): Promise<ChargeOutcome>;
  refund(i: {
    refundId: number;
    intentId: string;
    cents: number;
    order: string;
  }): Promise<{ id: string; status: string }>;
  detachCard(paymentMethod: string): Promise<void>;
  /** The event Stripe signed, or SignatureRefused (server/payments/verify.ts). */
  verify(raw: Uint8Array, header: string | undefined, at: Date): Stripe.Event;
}
