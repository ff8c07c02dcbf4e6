import { findMediaMany } from '../data/catalogue';
import { NOTHING_SETTLED, settlementsOf } from '../data/invoiceSettlements';
import { invoiceById } from '../data/invoices';
import { ordersOfInvoices } from '../data/orders';
import type { Db } from '../db/client';
import { invoiceOf } from './view';

/**
 * An invoice with its orders as the billing pages show it, and what each order bought: for the
 * e-mails and the receipt, which are not the person paying, so it offers no Pay now (their links do).
 */
export async function invoiceWithOrders(db: Db, invoiceId: number, now: Date) {
  const row = await invoiceById(db, invoiceId);
  if (!row) return null;
  const [records, settled] = await Promise.all([ordersOfInvoices(db, [row.id]), settlementsOf(db, [row.id])]);
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  const settlement = settled.get(row.id) ?? NOTHING_SETTLED;
  const view = { now, settlement, mayPay: false };
  return { row, records, placements, settlement, invoice: invoiceOf(row, records, placements, view) };
}
