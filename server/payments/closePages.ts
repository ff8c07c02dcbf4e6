import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { STRIPE_MAX_MS } from '../checkout/pay';
import { settleExpired } from '../data/paymentSettlement';
import { pendingPagesOf } from '../data/payments';
import { payments } from '../db/schema';
import type { PaymentGateway } from './gateway';
import { missingAtStripe } from './missing';
import { type ReconcileDeps, reconcileCheckout } from './reconcile';

/**
 * Closes an invoice's open Pay now pages before its balance goes down (an order of it cancelled): a
 * page asks the amount of when it was made, and paid afterwards, Stripe would keep money the invoice
 * no longer owes. Each page is expired at Stripe, then what Stripe says of it is applied: expired, or
 * paid a moment before (then the invoice is paid, and the cancel refunds as for any paid invoice).
 * False when a page could not be closed (Stripe not answering): then nothing may change.
 * A payment whose page is still being made is left pending; the cancel's transaction refuses for it.
 */
export async function closeOpenPages(
  deps: Omit<ReconcileDeps, 'gateway'> & { gateway: PaymentGateway | null },
  invoiceId: number,
): Promise<boolean> {
  const { gateway } = deps;
  for (const page of await pendingPagesOf(deps.db, invoiceId)) {
    if (page.sessionId === null) {
      // Older than any page Stripe keeps open: its page was never attached (a crash), none can be paid.
      if (page.createdAt.getTime() < deps.clock().getTime() - STRIPE_MAX_MS)
        await deps.jobs.inTransaction(deps.db, (tx) => settleExpired(tx, page.id, { at: deps.clock() }));
      continue;
    }
    if (gateway === null) return false;
    try {
      await expireIfOpen(gateway, page.sessionId);
      await reconcileCheckout({ ...deps, gateway }, page.sessionId);
    } catch (error) {
      if (missingAtStripe(error)) {
        await deps.jobs.inTransaction(deps.db, (tx) => settleExpired(tx, page.id, { at: deps.clock() }));
        continue;
      }
      deps.logger.warn({ err: error, payment: page.id }, 'Could not close an open payment page at Stripe.');
      return false;
    }
    const [settled] = await deps.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, page.id));
    if (settled?.status === 'pending') return false;
  }
  return true;
}

/** Stripe refuses to expire a page that is no longer open (paid, or expired by itself): that is fine. */
async function expireIfOpen(gateway: PaymentGateway, sessionId: string) {
  try {
    await gateway.expireCheckout(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}
