import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { invoiceSumsForUpdate } from '../data/invoices';
import { settleRefund } from '../data/paymentSettlement';
import type { Db } from '../db/client';
import { orders, payments, refunds } from '../db/schema';
import type { JobRun, SendInTransaction } from '../jobs/queue';
import type { PaymentJobDeps } from './jobDeps';

/** Refunds that take from what a payment can still give: asked for, under way, or made. */
const TAKEN = ['requested', 'pending', 'succeeded'] as const;

/**
 * What a cancelled order gives back to the card, in the cancelling transaction (after the order is
 * marked cancelled): what the invoice was paid beyond what its orders now cost, less refunds already
 * under way, at most the order's amount; nothing on an unpaid invoice. It is taken from the invoice's
 * card payments oldest first, a refund row and a `payments.refund` job each.
 */
export async function requestRefunds(
  tx: Db,
  order: { id: number; invoiceId: number | null; totalCents: number },
  at: Date,
  send: SendInTransaction,
): Promise<void> {
  if (order.invoiceId === null) return;
  // Locks the invoice, so two cancels of one invoice's orders count each other's refunds.
  const found = await invoiceSumsForUpdate(tx, order.invoiceId);
  if (found === null) return;
  const paid = await tx
    .select({
      id: payments.id,
      amount: payments.amountCents,
      taken: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`,
    })
    .from(payments)
    .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), inArray(refunds.status, [...TAKEN])))
    .where(and(eq(payments.invoiceId, order.invoiceId), eq(payments.status, 'succeeded')))
    .groupBy(payments.id)
    .orderBy(asc(payments.id));
  // Paid less everything refunded or being refunded (`refunded_cents` counts only the made ones).
  const kept = paid.reduce((sum, p) => sum + p.amount - Number(p.taken), 0);
  const owed = found.sums.totalCents - found.sums.creditedCents;
  let left = Math.min(order.totalCents, Math.max(0, kept - owed));
  for (const payment of paid) {
    const cents = Math.min(left, payment.amount - Number(payment.taken));
    if (cents <= 0) continue;
    const [row] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, orderId: order.id, amountCents: cents, createdAt: at })
      .returning({ id: refunds.id });
    if (!row) throw new Error('The refund was not written.');
    await send('payments.refund', { refundId: row.id }, { singletonKey: `refund-${row.id}` });
    left -= cents;
  }
}

/**
 * One `payments.refund` job: asks Stripe for the refund (keyed by our row, so a retry or the SDK's own
 * never refunds twice), then records what Stripe said; `refund.updated` may have recorded it first.
 * No lock is held while Stripe is asked: its webhook for this refund may arrive during the call.
 */
export async function refundJob(deps: PaymentJobDeps, refundId: number, run: Pick<JobRun, 'last'>) {
  const [refund] = await deps.db
    .select({
      status: refunds.status,
      cents: refunds.amountCents,
      intentId: payments.intentId,
      order: orders.number,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!refund || (refund.status !== 'requested' && refund.status !== 'pending')) return;
  if (deps.gateway === null || refund.intentId === null) {
    const why =
      deps.gateway === null ? 'card payments are not configured here' : 'Stripe never named its charge';
    deps.logger.error({ refundId }, `A refund cannot be made: ${why}.`);
    await failRefund(deps, refundId, `The refund cannot be made: ${why}.`);
    return;
  }
  let made: { id: string; status: string };
  try {
    made = await deps.gateway.refund({
      refundId,
      intentId: refund.intentId,
      cents: refund.cents,
      order: refund.order,
    });
  } catch (error) {
    // Stripe refusing the request (nothing left to refund) will refuse it again: no retry waits for it.
    const refused = error instanceof Stripe.errors.StripeInvalidRequestError;
    if (!refused && !run.last) throw error;
    deps.logger.error({ refundId, err: error }, 'A refund failed at Stripe; the customer must be contacted.');
    await failRefund(deps, refundId, error instanceof Error ? error.message : String(error));
    return;
  }
  await deps.jobs.inTransaction(deps.db, (tx) =>
    settleRefund(tx, {
      stripeRefundId: made.id,
      refundId,
      status: made.status,
      failure: null,
      at: deps.clock(),
    }),
  );
}

async function failRefund(deps: PaymentJobDeps, refundId: number, failure: string) {
  await deps.db
    .update(refunds)
    .set({ status: 'failed', failure, settledAt: deps.clock() })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, ['requested', 'pending'])));
}
