import { eq, isNull, sql } from 'drizzle-orm';
import { findMediaMany } from '../../data/catalogue';
import { writeOrderRuns } from '../../data/orderRuns';
import { runsOf } from '../../orders/runs';
import { boughtOf } from '../../orders/terms';
import type { Db } from '../client';
import { cartItems, orderRuns, orders } from '../schema';

const ORDER_RUNS_LOCK = 'order-runs';

/**
 * Gives every order without kept runs (one placed before order_runs, migration 0023) the runs placing
 * it would have written, computed as its views computed them until then. Run at every start like
 * syncOrderTerms: once every order has its runs it is one query that writes nothing. Returns how many
 * orders it filled.
 */
export async function syncOrderRuns(db: Db): Promise<number> {
  const missing = (tx: Db) =>
    tx
      .select({ order: orders, item: cartItems })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .leftJoin(orderRuns, eq(orderRuns.orderId, orders.id))
      .where(isNull(orderRuns.orderId));
  if ((await missing(db)).length === 0) return 0;
  return db.transaction(async (tx) => {
    // Replicas starting together on one PostgreSQL: the second waits for the first, then finds none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ORDER_RUNS_LOCK}))`);
    const rows = await missing(tx);
    const placements = await findMediaMany(
      tx,
      rows.map((r) => r.item.mediacode),
    );
    for (const { order, item } of rows) {
      const placement = placements.get(item.mediacode) ?? null;
      await writeOrderRuns(tx, order.id, runsOf(boughtOf(item, placement, order.placedAt, order.totalCents)));
    }
    return rows.length;
  });
}
