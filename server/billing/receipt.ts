import { formatCentsExact } from '../../contract/money';
import type { PaymentRow } from '../data/payments';
import type { Db } from '../db/client';
import { cardWords } from './cardWords';
import { invoiceWithOrders } from './invoiceRecord';
import type { ReceiptFacts } from './receiptPdf';

const settledTime = (p: PaymentRow) => p.settledAt?.getTime() ?? 0;

/** Of an invoice's payments, the latest to succeed (settled last). */
const latestSucceeded = (payments: readonly PaymentRow[]) =>
  payments
    .filter((p) => p.status === 'succeeded')
    .reduce<PaymentRow | undefined>(
      (latest, p) => (latest && settledTime(latest) >= settledTime(p) ? latest : p),
      undefined,
    );

/**
 * A paid invoice with what its receipt says: the payment that paid it (the latest that succeeded),
 * the amount its card payments paid (not a check's or a credit's part), and the refunds made since. Null while the invoice is unpaid. Made from
 * the invoice as the e-mails read it, which brings its payments and refunds.
 */
export async function receiptOf(db: Db, invoiceId: number, now: Date) {
  const found = await invoiceWithOrders(db, invoiceId, now);
  const paidAt = found?.row.paidAt;
  if (!found || !paidAt) return null;
  const paid = latestSucceeded(found.settlement.payments);
  if (!paid) return null;
  const facts: ReceiptFacts = {
    paid_at: paidAt.toISOString(),
    // What the card paid: a check or credit put against the invoice too is not the card's money.
    paid_formatted: formatCentsExact(
      found.settlement.payments
        .filter((p) => p.status === 'succeeded')
        .reduce((sum, p) => sum + p.amountCents, 0),
    ),
    card: cardWords(paid.cardBrand, paid.cardLast4),
    refunds: found.settlement.refunds
      .filter((r) => r.status === 'succeeded')
      .map((r) => ({
        order_number: r.orderNumber,
        at: (r.settledAt ?? paidAt).toISOString(),
        amount_formatted: formatCentsExact(r.amountCents),
      })),
  };
  return { ...found, facts };
}
