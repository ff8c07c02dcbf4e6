import { eq } from 'drizzle-orm';
import { findMediaMany } from '../data/catalogue';
import { NOTHING_SETTLED, settlementsOf } from '../data/invoiceSettlements';
import { ordersOfInvoices } from '../data/orders';
import type { Db } from '../db/client';
import { invoices } from '../db/schema';
import { invoiceOf } from './view';

/**
 * An invoice with its orders as the billing pages show it, and what each order bought: for the
 * e-mails and the receipt, which are not the person paying, so it offers no Pay now (their links do).
 */
export async function invoiceWithOrders(db: Db, invoiceId: number, now: Date) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const [records, settled] = await Promise.all([ordersOfInvoices(db, [row.id]), settlementsOf(db, [row.id])]);
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  const view = { now, settlement: settled.get(row.id) ?? NOTHING_SETTLED, mayPay: false };
  return { row, records, placements, invoice: invoiceOf(row, records, placements, view) };
}
