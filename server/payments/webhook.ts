import type Stripe from 'stripe';
import { markEvent, receiveEvent } from '../data/stripeEvents';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../log';
import { runAfterCommit } from './afterCommit';
import { type ApplyContext, applyEvent, type Outcome } from './apply';
import { idOf, type PaidCard, type PaymentGateway } from './gateway';

export interface WebhookDeps {
  db: Db;
  jobs: Jobs;
  gateway: PaymentGateway;
  logger: Logger;
  at: Date;
}

const objectIdOf = (event: Stripe.Event): string | null => {
  const object: unknown = event.data.object;
  return typeof object === 'object' && object !== null && 'id' in object && typeof object.id === 'string'
    ? object.id
    : null;
};

/** A setup session's card is read from Stripe before the transaction, so no lock waits on the network. */
async function setupIntentOf(
  event: Stripe.Event,
  gateway: PaymentGateway,
): Promise<Stripe.SetupIntent | null> {
  if (event.type !== 'checkout.session.completed' || event.data.object.mode !== 'setup') return null;
  const intent = idOf(event.data.object.setup_intent);
  return intent === null ? null : gateway.retrieveSetupIntent(intent);
}

/** The payment intent an event reports a payment by: a paid page's, or the intent itself. */
const paidIntentOf = (event: Stripe.Event): string | Stripe.PaymentIntent | null => {
  if (event.type === 'payment_intent.succeeded') return event.data.object;
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'payment')
    return event.data.object.payment_intent;
  return null;
};

/**
 * A paid page's card, for its receipt: the events name only the payment intent, and either may come
 * first (the one applied sends the receipt). A payment is applied without its card's name rather
 * than refused for want of it.
 */
async function paymentCardOf(event: Stripe.Event, deps: WebhookDeps): Promise<PaidCard | null> {
  const intent = idOf(paidIntentOf(event));
  if (intent === null) return null;
  try {
    return await deps.gateway.retrievePaymentCard(intent);
  } catch (error) {
    deps.logger.warn({ err: error, event: event.id }, 'The card of a payment could not be read from Stripe.');
    return null;
  }
}

/**
 * Records a verified event and applies it in one transaction: Stripe delivers at least once, so an
 * event already recorded is answered without applying it again; a failure rolls both back and
 * Stripe tries again later. Answers what happened, or `duplicate`.
 */
export async function receiveStripeEvent(
  deps: WebhookDeps,
  event: Stripe.Event,
): Promise<Outcome | 'duplicate'> {
  const [setupIntent, paymentCard] = await Promise.all([
    setupIntentOf(event, deps.gateway),
    paymentCardOf(event, deps),
  ]);
  const after: ApplyContext['after'] = [];
  const outcome = await deps.jobs.inTransaction(deps.db, async (tx, send) => {
    const fresh = await receiveEvent(tx, {
      id: event.id,
      type: event.type,
      objectId: objectIdOf(event),
      created: new Date(event.created * 1000),
      at: deps.at,
    });
    if (!fresh) return 'duplicate' as const;
    const applied = await applyEvent(tx, event, {
      send,
      at: deps.at,
      logger: deps.logger,
      setupIntent,
      paymentCard,
      after,
      gateway: deps.gateway,
    });
    await markEvent(tx, event.id, applied);
    return applied;
  });
  await runAfterCommit(after, deps.logger);
  return outcome;
}
