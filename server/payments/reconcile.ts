import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../log';
import { runAfterCommit } from './afterCommit';
import { type ApplyContext, applyCompleted, applyExpired, type Outcome } from './apply';
import type { PaymentGateway } from './gateway';

export interface ReconcileDeps {
  db: Db;
  jobs: Jobs;
  gateway: PaymentGateway;
  logger: Logger;
  clock: () => Date;
}

/**
 * Asks Stripe what became of a Checkout Session and applies it with the webhook's own appliers (no
 * event is recorded: this is our look, not Stripe's report), so the return page and the release job
 * never wait on a webhook that is late or lost. An open session changes nothing.
 */
export async function reconcileCheckout(deps: ReconcileDeps, sessionId: string): Promise<Outcome> {
  const session = await deps.gateway.retrieveCheckout(sessionId);
  const setupIntent =
    session.mode === 'setup' && session.setup_intent !== null && typeof session.setup_intent !== 'string'
      ? session.setup_intent
      : null;
  const after: ApplyContext['after'] = [];
  const at = deps.clock();
  const outcome = await deps.jobs.inTransaction(deps.db, (tx, send) => {
    const ctx: ApplyContext = { send, at, logger: deps.logger, setupIntent, after, gateway: deps.gateway };
    if (session.status === 'complete') return applyCompleted(tx, session, ctx);
    if (session.status === 'expired') return applyExpired(tx, session, ctx);
    return Promise.resolve<Outcome>('ignored');
  });
  await runAfterCommit(after, deps.logger);
  return outcome;
}

/**
 * Closes a hosted page whose time is up: expired at Stripe while it is still open, so it can take no
 * payment, then what Stripe says of it is applied (expired, or paid at the last moment).
 */
export async function closeCheckout(deps: ReconcileDeps, sessionId: string): Promise<Outcome> {
  const session = await deps.gateway.retrieveCheckout(sessionId);
  if (session.status === 'open') await deps.gateway.expireCheckout(sessionId);
  return reconcileCheckout(deps, sessionId);
}
