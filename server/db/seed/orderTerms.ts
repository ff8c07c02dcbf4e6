import { eq, isNull } from 'drizzle-orm';
import { termsOf } from '../../orders/terms';
import type { Db } from '../client';
import { orders } from '../schema';
import { fillOrders } from './fillOrders';

/**
 * Gives every order without its dates (one placed before orders kept them: migration 0009) the dates of
 * its runs and its price lines, computed from its item's dates and the catalogue as placing it would
 * have: when it starts and ends, until when it can be cancelled. Run at every start, like
 * syncSchedules: once every order has its dates, which is every start but the first after the upgrade,
 * it is one cheap query that writes nothing. Returns how many orders it filled.
 */
export const syncOrderTerms = (db: Db): Promise<number> =>
  fillOrders(
    db,
    'order-terms',
    { where: isNull(orders.startsAt) },
    async (tx, { order, item }, placement) => {
      const { startsAt, endsAt, cancelBy, pricing } = termsOf(
        item,
        placement,
        order.placedAt,
        order.totalCents,
      );
      await tx.update(orders).set({ startsAt, endsAt, cancelBy, pricing }).where(eq(orders.id, order.id));
    },
  );
