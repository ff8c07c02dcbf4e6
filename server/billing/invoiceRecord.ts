import { eq } from 'drizzle-orm';
import { findMediaMany } from '../data/catalogue';
import { ordersOfInvoices } from '../data/orders';
import type { Db } from '../db/client';
import { invoices } from '../db/schema';
import { invoiceOf } from './view';

/** An invoice with its orders as the billing pages show it, and what each order bought. */
export async function invoiceWithOrders(db: Db, invoiceId: number, now: Date) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const records = await ordersOfInvoices(db, [row.id]);
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  return { row, records, placements, invoice: invoiceOf(row, records, placements, now) };
}
