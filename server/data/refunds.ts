import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refunds } from '../db/schema';

/** What is being or was given back for a cancelled order (a failed refund gives nothing). */
export async function refundedForOrder(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.cents ?? 0);
}
