/**
 * Every change of a payment's state is here, in the caller's transaction, and goes one way only:
 * pending → succeeded | failed | expired | rejected, failed | expired → succeeded (a later try worked,
 * or Stripe took money for a payment we had closed);
 * succeeded is final. Each re-reads the payment FOR UPDATE, so two reports of the same payment
 * (a webhook and the return page's look) apply one after the other, the second finding it done.
 * With them: a card checkout released unpaid, a card saved, a refund's state. Their own file because
 * they are the payment's state machine, where payments.ts writes and reads rows.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, invoices, orders, payments, refunds, type SavedCard } from '../db/schema';
import type { SendInTransaction } from '../jobs/queue';
import { queueMail } from '../mail/events';
import { AUTO_ATTEMPTS, nextAttemptAfter } from '../payments/schedule';
import { invoiceBalanceForUpdate, paymentForUpdate } from './payments';

/** What applying a report of Stripe's did: `already` when an earlier report had (redelivered, out of order). */
export type Settlement = 'applied' | 'already' | 'rejected';

/**
 * Stripe says the money came. Applied only when it is what we asked for: the same amount and
 * currency, and an invoice that still owes it (a released checkout owes nothing); anything else
 * marks the payment rejected for an operator, and no amount from Stripe is ever written.
 */
export async function settleSucceeded(
  tx: Db,
  paymentId: number,
  input: {
    intentId: string | null;
    amountCents: number;
    currency: string;
    card: { brand: string; last4: string } | null;
    at: Date;
    send: SendInTransaction;
  },
): Promise<Settlement> {
  const payment = await paymentForUpdate(tx, paymentId);
  if (payment === null) return 'rejected';
  if (payment.status === 'succeeded') return 'already';
  if (payment.status === 'rejected') return 'rejected';
  // An expired payment is our word, not Stripe's (a charge closed after Stripe never answered, a page
  // closed by us): money Stripe says it took is applied while the invoice still owes it, else rejected.
  const owes = payment.invoiceId === null ? null : await invoiceBalanceForUpdate(tx, payment.invoiceId);
  const matches =
    input.amountCents === payment.amountCents &&
    input.currency === payment.currency &&
    owes !== null &&
    owes >= payment.amountCents;
  if (!matches) {
    await tx
      .update(payments)
      .set({
        status: 'rejected',
        settledAt: input.at,
        ...(input.intentId ? { intentId: input.intentId } : {}),
      })
      .where(eq(payments.id, paymentId));
    return 'rejected';
  }
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      settledAt: input.at,
      failure: null,
      ...(input.intentId ? { intentId: input.intentId } : {}),
      ...(input.card ? { cardBrand: input.card.brand, cardLast4: input.card.last4 } : {}),
    })
    .where(eq(payments.id, paymentId));
  if (payment.invoiceId !== null) {
    const [invoice] = await tx
      .update(invoices)
      .set({
        paidAt: input.at,
        paidCents: sql`${invoices.paidCents} + ${payment.amountCents}`,
        nextChargeAt: null,
      })
      .where(eq(invoices.id, payment.invoiceId))
      .returning({ cartUuid: invoices.cartUuid });
    await queueMail(input.send, { event: 'payment.succeeded', paymentId });
    if (payment.purpose === 'checkout' && invoice)
      await queueMail(input.send, { event: 'order.placed', cartUuid: invoice.cartUuid });
  }
  return 'applied';
}

/**
 * Stripe says a charge was declined. A saved card charged by us (purpose 'auto') has failed and the
 * customer hears of it; on a hosted page the customer may still try another card, so the session's
 * payment stays pending and keeps the reason. Never undoes a success (an earlier try reported late).
 */
export async function settleFailed(
  tx: Db,
  paymentId: number,
  input: { intentId: string | null; message: string; at: Date; send: SendInTransaction },
): Promise<Settlement> {
  const payment = await paymentForUpdate(tx, paymentId);
  if (payment === null) return 'rejected';
  if (payment.status !== 'pending' && payment.status !== 'failed') return 'already';
  const offSession = payment.purpose === 'auto';
  await tx
    .update(payments)
    .set({
      failure: input.message,
      ...(offSession ? { status: 'failed' as const, settledAt: input.at } : {}),
      ...(input.intentId && payment.intentId === null ? { intentId: input.intentId } : {}),
    })
    .where(eq(payments.id, paymentId));
  if (offSession && payment.status === 'pending') {
    if (payment.invoiceId !== null) await scheduleNextCharge(tx, payment.invoiceId, input.at);
    await queueMail(input.send, { event: 'payment.failed', paymentId });
  }
  return 'applied';
}

/** After a failed automatic charge: the day of the next attempt, by the schedule of nextAttemptAfter. */
async function scheduleNextCharge(tx: Db, invoiceId: number, at: Date) {
  const [invoice] = await tx
    .select({ attempts: invoices.chargeAttempts })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const [first] = await tx
    .select({ at: sql<Date>`min(${payments.settledAt})` })
    .from(payments)
    .where(
      and(eq(payments.invoiceId, invoiceId), eq(payments.purpose, 'auto'), eq(payments.status, 'failed')),
    );
  const firstFailure = first?.at ? new Date(first.at) : at;
  await tx
    .update(invoices)
    .set({ nextChargeAt: nextAttemptAfter(invoice?.attempts ?? AUTO_ATTEMPTS, firstFailure) })
    .where(eq(invoices.id, invoiceId));
}

/** The hosted page's time ran out without a payment. */
export async function settleExpired(tx: Db, paymentId: number, input: { at: Date }): Promise<Settlement> {
  const payment = await paymentForUpdate(tx, paymentId);
  if (payment === null) return 'rejected';
  if (payment.status !== 'pending' && payment.status !== 'failed') return 'already';
  await tx.update(payments).set({ status: 'expired', settledAt: input.at }).where(eq(payments.id, paymentId));
  return 'applied';
}

/**
 * A card checkout that was never paid gives its placements back: its orders are cancelled as
 * 'unpaid' (by nobody), so the invoice becomes void by the usual rule. Nothing is released once paid.
 */
export async function releaseInvoice(tx: Db, invoiceId: number, at: Date): Promise<void> {
  const [invoice] = await tx
    .select({ paidAt: invoices.paidAt })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  if (invoice === undefined || invoice.paidAt !== null) return;
  await tx
    .update(orders)
    .set({ cancelledAt: at, cancelledBy: null, cancelReason: 'unpaid' })
    .where(and(eq(orders.invoiceId, invoiceId), isNull(orders.cancelledAt)));
}

/** A card saved on Stripe's page becomes the company's; answers the card it replaces, to detach. */
export async function saveCard(
  tx: Db,
  paymentId: number,
  card: Omit<SavedCard, 'saved_by' | 'saved_at'>,
  at: Date,
): Promise<{ outcome: Settlement; replaced: string | null; customer: string | null }> {
  const payment = await paymentForUpdate(tx, paymentId);
  if (payment === null || payment.purpose !== 'setup')
    return { outcome: 'rejected', replaced: null, customer: null };
  if (payment.status === 'succeeded') return { outcome: 'already', replaced: null, customer: null };
  const [company] = await tx
    .select({ card: companies.card, customer: companies.stripeCustomerId })
    .from(companies)
    .where(eq(companies.id, payment.companyId))
    .for('update');
  const saved: SavedCard = { ...card, saved_at: at.toISOString(), saved_by: payment.createdBy };
  await tx.update(companies).set({ card: saved }).where(eq(companies.id, payment.companyId));
  await tx
    .update(payments)
    .set({ status: 'succeeded', settledAt: at, cardBrand: card.brand, cardLast4: card.last4 })
    .where(eq(payments.id, paymentId));
  const previous = company?.card?.pm ?? null;
  return {
    outcome: 'applied',
    replaced: previous !== card.pm ? previous : null,
    customer: company?.customer ?? null,
  };
}

/**
 * A refund's state as Stripe reports it, matched by Stripe's id or, before we stored it, by ours. Only
 * a refund still under way changes, so the invoice's refunded amount grows once, whichever report
 * (the refund call's answer or its webhook) comes first. Stripe's `succeeded` also overrides our
 * `failed`: a last attempt that timed out is marked failed although Stripe may have made the refund.
 */
export async function settleRefund(
  tx: Db,
  ref: { stripeRefundId: string; refundId: number | null; status: string; failure: string | null; at: Date },
): Promise<Settlement> {
  const status = ref.status === 'succeeded' || ref.status === 'failed' ? ref.status : 'pending';
  const settled = status === 'pending' ? null : ref.at;
  const changeable = inArray(
    refunds.status,
    status === 'succeeded' ? ['requested', 'pending', 'failed'] : ['requested', 'pending'],
  );
  const changed = { id: refunds.id, cents: refunds.amountCents, paymentId: refunds.paymentId };
  let rows = await tx
    .update(refunds)
    .set({ status, failure: ref.failure, settledAt: settled })
    .where(and(eq(refunds.stripeRefundId, ref.stripeRefundId), changeable))
    .returning(changed);
  if (rows.length === 0 && ref.refundId !== null)
    rows = await tx
      .update(refunds)
      .set({ status, failure: ref.failure, settledAt: settled, stripeRefundId: ref.stripeRefundId })
      .where(and(eq(refunds.id, ref.refundId), changeable))
      .returning(changed);
  const [row] = rows;
  if (row === undefined) return 'already';
  if (status === 'succeeded')
    await tx
      .update(invoices)
      .set({ refundedCents: sql`${invoices.refundedCents} + ${row.cents}` })
      .where(
        eq(
          invoices.id,
          sql`(select ${payments.invoiceId} from ${payments} where ${payments.id} = ${row.paymentId})`,
        ),
      );
  return 'applied';
}
