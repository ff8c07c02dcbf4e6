import { formatCents } from '../../contract/money';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { type CardCheckout, cardCheckoutOf, checkoutLines } from '../data/checkoutPayments';
import { attachSession } from '../data/payments';
import type { PaymentGateway } from '../payments/gateway';
import { type ReconcileDeps, reconcileCheckout } from '../payments/reconcile';
import { placedAnswer } from './place';

export interface CheckoutPayDeps extends ReconcileDeps {
  gateway: PaymentGateway;
  /** Where Stripe's page sends the customer back (PUBLIC_URL). */
  publicUrl: string;
}

/** Stripe keeps a hosted page open at least 30 minutes and at most 24 hours after it is made. */
const STRIPE_MIN_MS = 30 * 60_000;
export const STRIPE_MAX_MS = 24 * 60 * 60_000;
/**
 * The page outlives the hold by a little, so a page made a moment after the placing still meets
 * Stripe's minimum; the release job expires it at Stripe when the hold ends (server/payments/release.ts).
 */
const PAGE_MARGIN_MS = 5 * 60_000;

/** The orders stand already (held for the payment), so the way out is to ask for the page again. */
export const unavailable = (holdMinutes: number) =>
  `Card payment is not answering right now. Your order is held for ${holdMinutes} minutes: try again in a moment.`;
export const RELEASED =
  'The time to pay ran out, so the order was released and nothing was charged. Add the placements to your cart again to order them.';
export const NOT_MATCHED =
  'Stripe reported a payment we could not match to this order, so it is not applied yet. We will contact you; please do not pay again.';

export type PayOutcome =
  | { status: 'redirect'; answer: PaymentRedirect }
  | { status: 'paid' | 'released' | 'rejected' | 'unavailable' };

/**
 * When the page of a checkout expires: fixed by the placing, so a page asked for again (its answer
 * lost, Stripe down a moment) is the same request under the same idempotency key.
 */
const pageExpiry = (invoice: CardCheckout['invoice']): Date => {
  const holdEnds = (invoice.payBy ?? invoice.issuedAt).getTime();
  return new Date(Math.min(holdEnds + PAGE_MARGIN_MS, invoice.issuedAt.getTime() + STRIPE_MAX_MS));
};

/** The payment's own page is asked about, never a session the address names (it proves nothing). */
async function refreshed(deps: CheckoutPayDeps, checkout: CardCheckout): Promise<CardCheckout> {
  const { payment } = checkout;
  if (checkout.invoice.paidAt || payment?.status !== 'pending' || !payment.sessionId) return checkout;
  try {
    await reconcileCheckout(deps, payment.sessionId);
  } catch (error) {
    // Stripe not answering leaves the payment as the webhooks left it: the page asks again.
    deps.logger.warn({ err: error, payment: payment.id }, 'Could not ask Stripe about a checkout page.');
    return checkout;
  }
  return (await cardCheckoutOf(deps.db, checkout.cartUuid, checkout.invoice.companyId)) ?? checkout;
}

const isReleased = (checkout: CardCheckout) =>
  checkout.payment === null || checkout.payment.status === 'expired';

/**
 * Where the customer pays a card checkout: its hosted page, made once per payment (Stripe's
 * idempotency key is the payment's id) and offered again while it is open, since Stripe's page
 * takes another card after a decline and stays open after Cancel.
 */
export async function payCheckout(deps: CheckoutPayDeps, found: CardCheckout): Promise<PayOutcome> {
  const checkout = await refreshed(deps, found);
  const { invoice, payment } = checkout;
  if (invoice.paidAt) return { status: 'paid' };
  if (payment === null || isReleased(checkout)) return { status: 'released' };
  if (payment.status === 'rejected') return { status: 'rejected' };
  if (payment.sessionUrl) return { status: 'redirect', answer: { url: payment.sessionUrl } };
  const expiresAt = pageExpiry(invoice);
  if (expiresAt.getTime() < deps.clock().getTime() + STRIPE_MIN_MS) return { status: 'released' };
  const back = `${deps.publicUrl}/checkout/${checkout.cartUuid}/payment`;
  try {
    const session = await deps.gateway.createCheckout({
      paymentId: payment.id,
      customer: null,
      email: invoice.billTo.email,
      lines: await checkoutLines(deps.db, invoice.id),
      successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}?cancelled=1`,
      expiresAt,
      metadata: { invoice: invoice.number },
    });
    await attachSession(deps.db, payment.id, session);
    return { status: 'redirect', answer: { url: session.url } };
  } catch (error) {
    deps.logger.warn({ err: error, payment: payment.id }, 'Stripe did not make a checkout page.');
    return { status: 'unavailable' };
  }
}

/** GET /checkout/{cartId}/payment: what became of the card checkout, asking Stripe when still open. */
export async function checkoutPaymentView(
  deps: CheckoutPayDeps,
  found: CardCheckout,
): Promise<CheckoutPayment> {
  const checkout = await refreshed(deps, found);
  const { invoice, payment } = checkout;
  const base = {
    invoice: invoice.number,
    amount_formatted: formatCents(payment?.amountCents ?? 0),
    pay_by: invoice.payBy?.toISOString() ?? null,
  };
  if (invoice.paidAt)
    return {
      ...base,
      state: 'paid',
      message: null,
      placed: await placedAnswer(deps.db, checkout.cartUuid, deps.clock()),
    };
  if (isReleased(checkout)) return { ...base, state: 'expired', message: RELEASED, placed: null };
  if (payment?.status === 'rejected') return { ...base, state: 'failed', message: NOT_MATCHED, placed: null };
  if (payment?.failure) return { ...base, state: 'failed', message: payment.failure, placed: null };
  return { ...base, state: 'pending', message: null, placed: null };
}
