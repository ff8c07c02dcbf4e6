import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyCredits, invoices, paymentAllocations, payments, refunds } from '../db/schema';
import { invoiceSumsForUpdate } from './invoices';

/**
 * What a cancelled order gives back that Stripe cannot (issue 32): money paid by check, transfer or
 * wire, or by a credit, never came through Stripe, so the part of it the invoice no longer needs
 * becomes a credit on the company ("Cancelled order AD-27-000123", source `issued`, by nobody). Called
 * in the cancelling transaction after the card refunds were asked for (server/payments/refund.ts):
 * what the invoice still holds (paid and credited, less what was refunded or is being refunded) beyond
 * what its orders now cost is given back, and counted as refunded so its balance stays right.
 */
export async function creditBackHeldMoney(
  tx: Db,
  order: { number: string; companyId: number; invoiceId: number | null },
  at: Date,
): Promise<number> {
  if (order.invoiceId === null) return 0;
  const found = await invoiceSumsForUpdate(tx, order.invoiceId);
  if (found === null) return 0;
  const { row, sums } = found;
  // Never more than came outside Stripe: a card payment's money goes back to the card, or fails loudly.
  const [manual] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentAllocations.amountCents}), 0)::int` })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoiceId, row.id));
  const outsideStripe = Number(manual?.cents ?? 0) + row.creditAppliedCents;
  if (outsideStripe === 0) return 0;
  const [underWay] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.invoiceId, row.id), inArray(refunds.status, ['requested', 'pending'])));
  const held = sums.paidCents + sums.creditAppliedCents - sums.refundedCents - Number(underWay?.cents ?? 0);
  const owed = sums.totalCents - sums.creditedCents;
  const cents = Math.min(held - owed, outsideStripe);
  if (cents <= 0) return 0;
  await tx.insert(companyCredits).values({
    companyId: order.companyId,
    amountCents: cents,
    reason: `Cancelled order ${order.number}`,
    source: 'issued',
    createdBy: null,
    createdAt: at,
  });
  await tx
    .update(invoices)
    .set({ refundedCents: sql`${invoices.refundedCents} + ${cents}` })
    .where(eq(invoices.id, row.id));
  return cents;
}
