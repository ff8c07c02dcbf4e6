import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { formatCentsExact } from '../../contract/money';
import type { Db } from '../db/client';
import { invoices, orders, payments, refunds } from '../db/schema';
import { cardWords } from './cardWords';
import { invoiceWithOrders } from './invoiceRecord';
import type { ReceiptFacts } from './receiptPdf';

/**
 * A paid invoice with what its receipt says: the payment that paid it (the latest that succeeded),
 * the amount paid in all, and the refunds made since. Null while the invoice is unpaid.
 */
export async function receiptOf(db: Db, invoiceId: number, now: Date) {
  const [paid] = await db
    .select({
      paidAt: invoices.paidAt,
      paidCents: invoices.paidCents,
      brand: payments.cardBrand,
      last4: payments.cardLast4,
      by: payments.createdBy,
    })
    .from(invoices)
    .innerJoin(payments, and(eq(payments.invoiceId, invoices.id), eq(payments.status, 'succeeded')))
    .where(and(eq(invoices.id, invoiceId), isNotNull(invoices.paidAt)))
    .orderBy(desc(payments.settledAt))
    .limit(1);
  if (!paid?.paidAt) return null;
  const found = await invoiceWithOrders(db, invoiceId, now);
  if (!found) return null;
  const given = await db
    .select({ order: orders.number, at: refunds.settledAt, cents: refunds.amountCents })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(payments.invoiceId, invoiceId), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.id));
  const facts: ReceiptFacts = {
    paid_at: paid.paidAt.toISOString(),
    paid_formatted: formatCentsExact(paid.paidCents),
    card: cardWords(paid.brand, paid.last4),
    refunds: given.map((r) => ({
      order_number: r.order,
      at: (r.at ?? paid.paidAt ?? now).toISOString(),
      amount_formatted: formatCentsExact(r.cents),
    })),
  };
  return { ...found, facts, payer: paid.by };
}
