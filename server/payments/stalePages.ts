import { and, asc, eq, lt } from 'drizzle-orm';
import { PAGE_MINUTES } from '../billing/pay';
import { settleExpired } from '../data/paymentSettlement';
import { payments } from '../db/schema';
import { missingAtStripe } from './missing';
import { closeCheckout, type ReconcileDeps } from './reconcile';
import { RELEASE_AFTER_MS } from './release';

/** Each run takes this many at most; the next run, five minutes on, takes the rest. */
const BATCH = 50;

/**
 * Part of `payments.release`: closes Pay now pages whose time ran out while their payment still waits
 * (Stripe's `checkout.session.expired` was lost), so the invoice no longer shows a payment under way
 * and its automatic charge is no longer held back by it. Stripe is asked first: a page paid at the
 * last moment is applied as paid, never charged again by the saved card. One page's trouble with
 * Stripe leaves it for the next run and does not stop the others.
 */
export async function closeStalePayNowPages(deps: ReconcileDeps): Promise<void> {
  const before = new Date(deps.clock().getTime() - PAGE_MINUTES * 60_000 - RELEASE_AFTER_MS);
  const stale = await deps.db
    .select({ id: payments.id, sessionId: payments.sessionId })
    .from(payments)
    .where(
      and(eq(payments.purpose, 'invoice'), eq(payments.status, 'pending'), lt(payments.createdAt, before)),
    )
    .orderBy(asc(payments.id))
    .limit(BATCH);
  for (const page of stale) {
    try {
      if (page.sessionId) await closeCheckout(deps, page.sessionId);
      const at = deps.clock();
      await deps.jobs.inTransaction(deps.db, (tx) => settleExpired(tx, page.id, { at }));
    } catch (error) {
      if (missingAtStripe(error)) {
        const at = deps.clock();
        await deps.jobs.inTransaction(deps.db, (tx) => settleExpired(tx, page.id, { at }));
        continue;
      }
      deps.logger.warn(
        { err: error, payment: page.id },
        'Could not close an unpaid Pay now page; the next run tries again.',
      );
    }
  }
}
