import type Stripe from 'stripe';
import {
  releaseInvoice,
  type Settlement,
  saveCard,
  settleExpired,
  settleFailed,
  settleRefund,
  settleSucceeded,
} from '../data/paymentSettlement';
import { paymentForUpdate, paymentIdOf } from '../data/payments';
import type { Db } from '../db/client';
import type { SendInTransaction } from '../jobs/queue';
import type { Logger } from '../log';
import { cardOfMethod, idOf, type PaidCard } from './gateway';

/** What applying a Stripe object did, as `stripe_events.outcome` keeps it. */
export type Outcome = 'applied' | 'ignored' | 'rejected';

/** What an applier has to hand: the transaction's job queue, the time, where to report a mismatch. */
export interface ApplyContext {
  send: SendInTransaction;
  at: Date;
  logger: Logger;
  /** A setup session's intent with its payment method, read from Stripe before the transaction. */
  setupIntent: Stripe.SetupIntent | null;
  /**
   * A paid page's or charge's card, read from Stripe before the transaction when the session does not
   * carry it expanded (an event names only its payment intent).
   */
  paymentCard?: PaidCard | null;
  /** Work for after the commit (Stripe calls): make the new card the default, detach the old one. */
  after: (() => Promise<void>)[];
  gateway: {
    setDefaultCard(customer: string, pm: string): Promise<void>;
    detachCard(pm: string): Promise<void>;
  };
}

/** The card of a session retrieved with its payment intent's payment method expanded. */
const cardOfSession = (session: Stripe.Checkout.Session): PaidCard | null =>
  session.payment_intent !== null && typeof session.payment_intent !== 'string'
    ? cardOfMethod(session.payment_intent.payment_method)
    : null;

const outcomeOf = (settlement: Settlement): Outcome => (settlement === 'already' ? 'ignored' : settlement);

/**
 * Applies one verified event in the transaction that records it: the kinds the webhook endpoint is
 * registered for (README); anything else is received and ignored.
 */
export async function applyEvent(tx: Db, event: Stripe.Event, ctx: ApplyContext): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      return applyCompleted(tx, event.data.object, ctx);
    case 'checkout.session.expired':
      return applyExpired(tx, event.data.object, ctx);
    case 'payment_intent.succeeded':
      return applyIntentSucceeded(tx, event.data.object, ctx);
    case 'payment_intent.payment_failed':
      return applyIntentFailed(tx, event.data.object, ctx);
    // Since API version 2024-10-28 every refund has these: a card refund is usually created succeeded
    // (refund.created alone), one that settles later is updated, one that fails says so.
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return applyRefund(tx, event.data.object, ctx);
    default:
      return 'ignored';
  }
}

function reject(ctx: ApplyContext, what: string, facts: Record<string, unknown>): Outcome {
  // An operator looks at these: a payment Stripe took that we did not apply may need a refund by hand (README).
  ctx.logger.error(
    { stripe: facts },
    `Stripe reported ${what} that does not match our payment; nothing applied.`,
  );
  return 'rejected';
}

/** A hosted page was paid (payment mode) or a card saved (setup mode). */
export async function applyCompleted(
  tx: Db,
  session: Stripe.Checkout.Session,
  ctx: ApplyContext,
): Promise<Outcome> {
  const paymentId = await paymentIdOf(tx, { sessionId: session.id });
  if (paymentId === null) return 'ignored';
  if (session.metadata?.payment !== String(paymentId))
    return reject(ctx, 'a session', { session: session.id, payment: paymentId });
  if (session.mode === 'setup') return applySetup(tx, paymentId, session, ctx);
  if (session.payment_status !== 'paid') return 'ignored';
  const settled = await settleSucceeded(tx, paymentId, {
    intentId: idOf(session.payment_intent),
    amountCents: session.amount_total ?? -1,
    currency: session.currency ?? '',
    card: ctx.paymentCard ?? cardOfSession(session),
    at: ctx.at,
    send: ctx.send,
  });
  if (settled === 'rejected')
    return reject(ctx, 'a checkout payment', {
      session: session.id,
      payment: paymentId,
      amount: session.amount_total,
      currency: session.currency,
    });
  return outcomeOf(settled);
}

async function applySetup(
  tx: Db,
  paymentId: number,
  session: Stripe.Checkout.Session,
  ctx: ApplyContext,
): Promise<Outcome> {
  const method = ctx.setupIntent?.payment_method;
  if (!method || typeof method === 'string' || !method.card)
    return reject(ctx, 'a saved card without its card', { session: session.id, payment: paymentId });
  const card = method.card;
  const saved = await saveCard(
    tx,
    paymentId,
    {
      pm: method.id,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    },
    ctx.at,
  );
  const customer = saved.customer ?? idOf(session.customer);
  if (saved.outcome === 'applied' && customer !== null) {
    const replaced = saved.replaced;
    ctx.after.push(async () => {
      await ctx.gateway.setDefaultCard(customer, method.id);
      if (replaced !== null) await ctx.gateway.detachCard(replaced);
    });
  }
  return outcomeOf(saved.outcome);
}

/** A hosted page's time ran out: a checkout's placements are given back, an invoice stays to pay. */
export async function applyExpired(
  tx: Db,
  session: Stripe.Checkout.Session,
  ctx: ApplyContext,
): Promise<Outcome> {
  const paymentId = await paymentIdOf(tx, { sessionId: session.id });
  if (paymentId === null) return 'ignored';
  const settled = await settleExpired(tx, paymentId, { at: ctx.at });
  if (settled !== 'applied') return outcomeOf(settled);
  const payment = await paymentForUpdate(tx, paymentId);
  if (payment?.purpose === 'checkout' && payment.invoiceId !== null)
    await releaseInvoice(tx, payment.invoiceId, ctx.at);
  return 'applied';
}

/**
 * An off-session charge went through, or a hosted page's intent reported before its session (then
 * this applies it, card and all, and the session's event finds it done).
 */
async function applyIntentSucceeded(
  tx: Db,
  intent: Stripe.PaymentIntent,
  ctx: ApplyContext,
): Promise<Outcome> {
  const paymentId = await paymentIdOf(tx, { intentId: intent.id, metadata: intent.metadata });
  if (paymentId === null) return 'ignored';
  const settled = await settleSucceeded(tx, paymentId, {
    intentId: intent.id,
    amountCents: intent.amount_received,
    currency: intent.currency,
    card: ctx.paymentCard ?? null,
    at: ctx.at,
    send: ctx.send,
  });
  if (settled === 'rejected')
    return reject(ctx, 'a charge', { intent: intent.id, payment: paymentId, amount: intent.amount_received });
  return outcomeOf(settled);
}

async function applyIntentFailed(tx: Db, intent: Stripe.PaymentIntent, ctx: ApplyContext): Promise<Outcome> {
  const paymentId = await paymentIdOf(tx, { intentId: intent.id, metadata: intent.metadata });
  if (paymentId === null) return 'ignored';
  const message = intent.last_payment_error?.message ?? 'The card was declined.';
  return outcomeOf(
    await settleFailed(tx, paymentId, { intentId: intent.id, message, at: ctx.at, send: ctx.send }),
  );
}

async function applyRefund(tx: Db, refund: Stripe.Refund, ctx: ApplyContext): Promise<Outcome> {
  const ours = Number(refund.metadata?.refund);
  return outcomeOf(
    await settleRefund(tx, {
      stripeRefundId: refund.id,
      refundId: Number.isInteger(ours) && ours > 0 ? ours : null,
      status: refund.status ?? 'pending',
      failure: refund.failure_reason ?? null,
      at: ctx.at,
    }),
  );
}
