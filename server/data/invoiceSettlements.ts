import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ManualPaymentMethod } from '../../contract/moneyWords';
import type { Db } from '../db/client';
import { companyCredits, orders, payments, refunds } from '../db/schema';
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
  /**
   * Issue 32: what cancelling its orders gave back as a credit on the company (server/data/creditBack.ts):
   * counted in the invoice's refunded_cents for its balance, but no refund to a card.
   */
  creditedBackCents: number;
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
  creditedBackCents: 0,
};

/** The payments and refunds of some invoices, by invoice id (an invoice with none is absent). */
export async function settlementsOf(
  db: Db,
  invoiceIds: readonly number[],
): Promise<Map<number, InvoiceSettlement>> {
  const settled = new Map<number, InvoiceSettlement>();
  if (invoiceIds.length === 0) return settled;
  const [paid, given, manual, creditedBack] = await Promise.all([
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
    creditedBackOf(db, invoiceIds),
  ]);
  const of = (invoiceId: number) => {
    const found = settled.get(invoiceId) ?? {
      payments: [],
      refunds: [],
      received: [],
      creditsApplied: [],
      creditedBackCents: 0,
    };
    settled.set(invoiceId, found);
    return found;
  };
  for (const payment of paid) if (payment.invoiceId !== null) of(payment.invoiceId).payments.push(payment);
  for (const { invoiceId, ...refund } of given) if (invoiceId !== null) of(invoiceId).refunds.push(refund);
  for (const { invoiceId, ...received } of manual.payments) of(invoiceId).received.push(received);
  for (const { invoiceId, ...credit } of manual.credits) of(invoiceId).creditsApplied.push(credit);
  for (const { invoiceId, cents } of creditedBack) of(invoiceId).creditedBackCents += Number(cents);
  return settled;
}

/**
 * What cancelled orders of the invoices gave back as credits, by invoice: the credits creditBack makes,
 * issued by nobody and named for the order ("Cancelled order AD-27-000123"); staff's credits always
 * have their author, so none of theirs is counted.
 */
function creditedBackOf(db: Db, invoiceIds: readonly number[]) {
  return db
    .select({
      invoiceId: orders.invoiceId,
      cents: sql<number>`coalesce(sum(${companyCredits.amountCents}), 0)::bigint`,
    })
    .from(companyCredits)
    .innerJoin(
      orders,
      and(
        eq(orders.companyId, companyCredits.companyId),
        sql`${companyCredits.reason} = 'Cancelled order ' || ${orders.number}`,
      ),
    )
    .where(
      and(
        inArray(orders.invoiceId, [...invoiceIds]),
        eq(companyCredits.source, 'issued'),
        isNull(companyCredits.createdBy),
      ),
    )
    .groupBy(orders.invoiceId)
    .then((rows) =>
      rows.flatMap((r) => (r.invoiceId === null ? [] : [{ invoiceId: r.invoiceId, cents: r.cents }])),
    );
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
