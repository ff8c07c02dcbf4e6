import { eq, type SQL, sql } from 'drizzle-orm';
import type { Placement } from '../../catalogue/placement';
import { findMediaMany } from '../../data/catalogue';
import type { OrderRecord } from '../../data/orders';
import type { Db } from '../client';
import { cartItems, orders } from '../schema';

/**
 * Fills what orders placed before a column or table existed lack (their dates, their kept runs), at
 * start: `missing` says which orders lack it, `fill` writes one. Once every order has it this is one
 * query that writes nothing. Replicas starting together on one PostgreSQL take the advisory lock in
 * turn, so the second finds none. Returns how many orders it filled.
 */
export async function fillOrders(
  db: Db,
  lock: string,
  missing: { join?: (query: ReturnType<typeof joined>) => ReturnType<typeof joined>; where: SQL },
  fill: (tx: Db, record: OrderRecord, placement: Placement | null) => Promise<void>,
): Promise<number> {
  const find = (tx: Db) => (missing.join ? missing.join(joined(tx)) : joined(tx)).where(missing.where);
  // Only whether one is missing: the rows themselves are read again under the lock.
  if ((await find(db).limit(1)).length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
    const rows = await find(tx);
    const placements = await findMediaMany(
      tx,
      rows.map((r) => r.item.mediacode),
    );
    for (const row of rows) await fill(tx, row, placements.get(row.item.mediacode) ?? null);
    return rows.length;
  });
}

const joined = (tx: Db) =>
  tx
    .select({ order: orders, item: cartItems })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .$dynamic();
