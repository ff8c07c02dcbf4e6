import { unpaidCheckoutsBefore } from '../data/checkoutPayments';
import { releaseInvoice, settleExpired } from '../data/paymentSettlement';
import { closeCheckout, type ReconcileDeps } from './reconcile';

/**
 * How long after its hold a card checkout is released: Stripe's page outlives the hold by a few
 * minutes (server/checkout/pay.ts), and a payment made in its last moment has its webhook to arrive.
 */
export const RELEASE_AFTER_MS = 5 * 60_000;
/** Each run takes this many at most; the next run, five minutes on, takes the rest. */
const BATCH = 50;

/**
 * `payments.release`: gives back the placements of card checkouts never paid. Stripe is asked first,
 * so a page paid at the last moment (its webhook late or lost) is applied as paid instead; a page
 * still open is expired at Stripe, so it can no longer take a payment for orders no longer held.
 * One checkout's trouble with Stripe leaves it for the next run and does not stop the others.
 */
export async function releaseUnpaidCheckouts(deps: ReconcileDeps): Promise<void> {
  const now = deps.clock();
  const due = await unpaidCheckoutsBefore(deps.db, new Date(now.getTime() - RELEASE_AFTER_MS), BATCH);
  for (const checkout of due) {
    try {
      if (checkout.status === 'rejected') {
        // Stripe's page is done; the payment stays rejected for the operator, the orders go back.
        const at = deps.clock();
        await deps.jobs.inTransaction(deps.db, (tx) => releaseInvoice(tx, checkout.invoiceId, at));
        continue;
      }
      if (checkout.sessionId) await closeCheckout(deps, checkout.sessionId);
      const at = deps.clock();
      await deps.jobs.inTransaction(deps.db, async (tx) => {
        if ((await settleExpired(tx, checkout.paymentId, { at })) === 'applied')
          await releaseInvoice(tx, checkout.invoiceId, at);
      });
    } catch (error) {
      deps.logger.warn(
        { err: error, payment: checkout.paymentId },
        'Could not release an unpaid card checkout; the next run tries again.',
      );
    }
  }
}
