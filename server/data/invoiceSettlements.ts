import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ManualPaymentMethod } from '../../contract/moneyWords';
import type { Db } from '../db/client';
import { orders, payments, refunds } from '../db/schema';
import { manualSettlementsOf } from './moneyIn';
import type { PaymentRow } from './payments';

/** A refund of an invoice's payment, with the order it gave money back for. */
export interface RefundRecord {
  orderNumber: string;
  amountCents: number;
  status: (typeof refunds.$inferSelect)['status'];
  createdAt: Date;
  settledAt: Date | null;
}

/** What was tried, paid and given back on an invoice, oldest first: what its payment block is made from. */
export interface InvoiceSettlement {
  payments: PaymentRow[];
  refunds: RefundRecord[];
  /** Issue 32: what manual payments (check, ACH, wire) paid of it. */
  received: ReceivedRecord[];
  /** Issue 32: what the company's credits paid of it. */
  creditsApplied: CreditAppliedRecord[];
}

export interface ReceivedRecord {
  method: ManualPaymentMethod;
  reference: string;
  receivedOn: string;
  amountCents: number;
}

export interface CreditAppliedRecord {
  reason: string;
  appliedAt: Date;
  amountCents: number;
}

export const NOTHING_SETTLED: InvoiceSettlement = {
  payments: [],
  refunds: [],
  received: [],
  creditsApplied: [],
};

/** The payments and refunds of some invoices, by invoice id (an invoice with none is absent). */
export async function settlementsOf(
  db: Db,
  invoiceIds: readonly number[],
): Promise<Map<number, InvoiceSettlement>> {
  const settled = new Map<number, InvoiceSettlement>();
  if (invoiceIds.length === 0) return settled;
  const [paid, given, manual] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(inArray(payments.invoiceId, [...invoiceIds]))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({
        invoiceId: payments.invoiceId,
        orderNumber: orders.number,
        amountCents: refunds.amountCents,
        status: refunds.status,
        createdAt: refunds.createdAt,
        settledAt: refunds.settledAt,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(inArray(payments.invoiceId, [...invoiceIds]))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    manualSettlementsOf(db, invoiceIds),
  ]);
  const of = (invoiceId: number) => {
    const found = settled.get(invoiceId) ?? { payments: [], refunds: [], received: [], creditsApplied: [] };
    settled.set(invoiceId, found);
    return found;
  };
  for (const payment of paid) if (payment.invoiceId !== null) of(payment.invoiceId).payments.push(payment);
  for (const { invoiceId, ...refund } of given) if (invoiceId !== null) of(invoiceId).refunds.push(refund);
  for (const { invoiceId, ...received } of manual.payments) of(invoiceId).received.push(received);
  for (const { invoiceId, ...credit } of manual.credits) of(invoiceId).creditsApplied.push(credit);
  return settled;
}

/** Whether a Checkout Session is one of the invoice's payments (a return address is not trusted). */
export async function isSessionOf(db: Db, invoiceId: number, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.sessionId, sessionId)))
    .limit(1);
  return row !== undefined;
}
