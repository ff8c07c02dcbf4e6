/**
 * A payment's row and the reads around it: creating one, its Stripe session, finding it from what
 * Stripe names, and an invoice's payments under way. Changing a payment's state has its own file
 * (paymentSettlement.ts), as has the record of Stripe's events (stripeEvents.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { balanceOf } from '../billing/status';
import type { Db } from '../db/client';
import { type PAYMENT_PURPOSES, payments } from '../db/schema';
import { invoiceSumsForUpdate } from './invoices';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A pending payment, written in the caller's transaction; its state changes in paymentSettlement.ts. */
export async function createPayment(
  tx: Db,
  input: {
    invoiceId: number | null;
    companyId: number;
    purpose: PaymentPurpose;
    amountCents: number;
    createdBy: string | null;
    now: Date;
    /** The saved card an automatic charge uses, known before Stripe answers. */
    card?: { brand: string; last4: string };
  },
): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({
      invoiceId: input.invoiceId,
      companyId: input.companyId,
      purpose: input.purpose,
      amountCents: input.amountCents,
      createdBy: input.createdBy,
      createdAt: input.now,
      ...(input.card ? { cardBrand: input.card.brand, cardLast4: input.card.last4 } : {}),
    })
    .returning({ id: payments.id });
  if (row === undefined) throw new Error('The payment was not written.');
  return row.id;
}

/** The Checkout Session made for a payment, written after Stripe answered (outside the placing transaction). */
export async function attachSession(db: Db, paymentId: number, session: { sessionId: string; url: string }) {
  await db
    .update(payments)
    .set({ sessionId: session.sessionId, sessionUrl: session.url })
    .where(eq(payments.id, paymentId));
}

export async function paymentForUpdate(tx: Db, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** The payment a Stripe object names: by its session or intent, else by the id we put in its metadata. */
export async function paymentIdOf(
  db: Db,
  ref: { sessionId?: string | null; intentId?: string | null; metadata?: Record<string, string> | null },
): Promise<number | null> {
  if (ref.sessionId) {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.sessionId, ref.sessionId));
    if (row) return row.id;
  }
  if (ref.intentId) {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.intentId, ref.intentId));
    if (row) return row.id;
  }
  const fromMetadata = Number(ref.metadata?.payment);
  return Number.isInteger(fromMetadata) && fromMetadata > 0 ? fromMetadata : null;
}

/** An invoice's Pay now payments not settled yet: each an open page at Stripe, or one being made. */
export async function pendingPagesOf(db: Db, invoiceId: number) {
  return db
    .select({ id: payments.id, sessionId: payments.sessionId, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(eq(payments.invoiceId, invoiceId), eq(payments.purpose, 'invoice'), eq(payments.status, 'pending')),
    );
}

/**
 * Whether an invoice has a payment not settled yet (of these kinds, or of any): a Pay now page open, a
 * charge under way, that Stripe may still take for its old balance.
 */
export async function paymentsUnderWay(
  db: Db,
  invoiceId: number,
  purposes?: readonly PaymentPurpose[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.invoiceId, invoiceId),
        eq(payments.status, 'pending'),
        purposes ? inArray(payments.purpose, [...purposes]) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An invoice's balance by the rule of issue 30 (server/billing/status.ts), the invoice locked. */
export async function invoiceBalanceForUpdate(tx: Db, invoiceId: number): Promise<number | null> {
  const found = await invoiceSumsForUpdate(tx, invoiceId);
  return found === null ? null : balanceOf(found.sums);
}
