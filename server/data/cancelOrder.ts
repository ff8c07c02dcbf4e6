import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices, orders } from '../db/schema';
import type { Jobs } from '../jobs/queue';
import { queueMail } from '../mail/events';
import { statusOfRow } from '../orders/status';
import { requestRefunds } from '../payments/refund';
import type { OrderRow } from './carts';
import { awaitsPayment } from './checkoutPayments';
import { creditBackHeldMoney } from './creditBack';
import type { InvoiceRow } from './invoices';
import { paymentsUnderWay } from './payments';

/** What a cancel came to, and the clock it was decided at. */
export type CancelResult =
  | { status: 'not-found' }
  | { status: 'cancelled' | 'already-cancelled' | 'running' | 'completed' | 'too-late'; now: Date }
  /** Its card checkout is not paid yet: the release gives the placements back if it never is. */
  | { status: 'awaiting-payment'; now: Date; payBy: Date }
  /** A payment of its invoice was started (a Pay now page being made, an automatic charge). */
  | { status: 'payment-under-way'; now: Date; invoice: string };

/** An order, and the invoice it is on (none for orders from before invoices). */
interface CancelFacts {
  order: OrderRow;
  invoice: InvoiceRow | null;
}

/**
 * The order and its invoice; locked, the invoice first and then the order, in the order the release
 * and Stripe's reports lock them (payment, invoice, orders), so a cancel never waits on one of them
 * while it waits on the cancel.
 */
async function cancelFactsOf(
  tx: Db,
  request: { companyId: number; number: string },
  lock: boolean,
): Promise<CancelFacts | null> {
  const byNumber = and(eq(orders.companyId, request.companyId), eq(orders.number, request.number));
  const [found] = await tx.select().from(orders).where(byNumber).limit(1);
  if (!found) return null;
  // An order never moves to another invoice, so the one read before the locks is the one to lock.
  let invoice: InvoiceRow | null = null;
  if (found.invoiceId !== null) {
    const query = tx.select().from(invoices).where(eq(invoices.id, found.invoiceId));
    [invoice = null] = lock ? await query.for('update') : await query;
  }
  if (!lock) return { order: found, invoice };
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
  return order ? { order, invoice } : null;
}

/** Why the order cannot be cancelled at `now`, or null when it can. */
function refusalOf(
  { order, invoice }: CancelFacts,
  now: Date,
): Exclude<CancelResult, { status: 'not-found' | 'cancelled' | 'payment-under-way' }> | null {
  const status = statusOfRow(order, now);
  if (status === 'cancelled') return { status: 'already-cancelled', now };
  if (status === 'running' || status === 'completed') return { status, now };
  if (!order.cancelBy || now > order.cancelBy) return { status: 'too-late', now };
  // Stripe's page would still ask the old total; paid, the release would never come for the rest.
  if (invoice && awaitsPayment(order, invoice))
    return { status: 'awaiting-payment', now, payBy: invoice.payBy ?? invoice.issuedAt };
  return null;
}

/**
 * Whether an order can be cancelled now, without locking anything: asked before anything is done at
 * Stripe for the cancel (closing its invoice's open pages), which a refused cancel must not do.
 */
export async function cancelCheck(
  db: Db,
  request: { companyId: number; number: string },
  now: Date,
): Promise<
  Exclude<CancelResult, { status: 'cancelled' }> | { status: 'cancellable'; invoiceId: number | null }
> {
  const facts = await cancelFactsOf(db, request, false);
  if (!facts) return { status: 'not-found' };
  const refused = refusalOf(facts, now);
  if (refused) return refused;
  // An automatic charge cannot be closed as a page can: the cancel waits for it.
  const { invoice } = facts;
  if (invoice && (await paymentsUnderWay(db, invoice.id, ['auto'])))
    return { status: 'payment-under-way', now, invoice: invoice.number };
  return { status: 'cancellable', invoiceId: facts.order.invoiceId };
}

/**
 * Cancels a company's order, allowed while the clock is at or before its `cancel_by`. Its invoice and
 * the row are locked first (`FOR UPDATE`) and the clock read after the locks are held, so of two
 * cancels the second finds the first's, and a cancel waiting for the lock cannot slip past the
 * deadline. A payment of the invoice still under way refuses it: the caller closed the invoice's open
 * pages before (server/payments/closePages.ts), and a page made since, or a charge, asks the old
 * balance. With the cancel come, in its transaction, the refund of what was paid for it by card, a
 * credit for what was paid for it otherwise (issue 32: server/data/creditBack.ts) and the
 * cancellation e-mail.
 */
export async function cancelOrder(
  db: Db,
  jobs: Pick<Jobs, 'inTransaction'>,
  request: CancelRequest,
  clock: () => Date,
): Promise<CancelResult> {
  return jobs.inTransaction(db, async (tx, send): Promise<CancelResult> => {
    const facts = await cancelFactsOf(tx, request, true);
    if (!facts) return { status: 'not-found' };
    const now = clock();
    const refused = refusalOf(facts, now);
    if (refused) return refused;
    const { order, invoice } = facts;
    if (invoice && (await paymentsUnderWay(tx, invoice.id, ['invoice', 'auto'])))
      return { status: 'payment-under-way', now, invoice: invoice.number };
    await tx
      .update(orders)
      .set({ cancelledAt: now, cancelledBy: request.userId, cancelledByStaff: request.staffId ?? null })
      .where(eq(orders.id, order.id));
    await request.alsoInTransaction?.(tx);
    await requestRefunds(tx, order, now, send);
    await creditBackHeldMoney(tx, order, now);
    await queueMail(send, { event: 'order.cancelled', orderId: order.id });
    return { status: 'cancelled', now };
  });
}

/**
 * Who cancels: a member of the order's company, or (issue 31) the back office on the customer's
 * behalf (`userId` null, `staffId` theirs, and its audit entry written in the cancel's transaction).
 */
export interface CancelRequest {
  companyId: number;
  number: string;
  userId: string | null;
  staffId?: string;
  alsoInTransaction?: (tx: Db) => Promise<void>;
}
