import { eq, isNull, sql } from 'drizzle-orm';
import { findMediaMany } from '../../data/catalogue';
import { termsOf } from '../../orders/terms';
import type { Db } from '../client';
import { cartItems, orders } from '../schema';

const ORDER_TERMS_LOCK = 'order-terms';

/**
 * Gives every order without its dates (one placed before orders kept them: migration 0009) the dates of
 * its runs and its price lines, computed from its item's dates and the catalogue as placing it would
 * have: when it starts and ends, until when it can be cancelled. Run at every start, like
 * syncSchedules: once every order has its dates, which is every start but the first after the upgrade,
 * it is one cheap query that writes nothing. Returns how many orders it filled.
 */
export async function syncOrderTerms(db: Db): Promise<number> {
  const missing = (tx: Db) =>
    tx
      .select({ order: orders, item: cartItems })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .where(isNull(orders.startsAt));
  if ((await missing(db)).length === 0) return 0;
  return db.transaction(async (tx) => {
    // Replicas starting together on one PostgreSQL: the second waits for the first, then finds none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ORDER_TERMS_LOCK}))`);
    const rows = await missing(tx);
    const placements = await findMediaMany(
      tx,
      rows.map((r) => r.item.mediacode),
    );
    for (const { order, item } of rows) {
      const { startsAt, endsAt, cancelBy, pricing } = termsOf(
        item,
        placements.get(item.mediacode) ?? null,
        order.placedAt,
        order.totalCents,
      );
      await tx.update(orders).set({ startsAt, endsAt, cancelBy, pricing }).where(eq(orders.id, order.id));
    }
    return rows.length;
  });
}
