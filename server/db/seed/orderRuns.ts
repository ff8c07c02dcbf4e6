import { eq, isNull } from 'drizzle-orm';
import { writeOrderRuns } from '../../data/orderRuns';
import { runsOf } from '../../orders/runs';
import { boughtOf } from '../../orders/terms';
import type { Db } from '../client';
import { orderRuns, orders } from '../schema';
import { fillOrders } from './fillOrders';

/**
 * Gives every order without kept runs (one placed before order_runs, migration 0023) the runs placing
 * it would have written, computed as its views computed them until then. Run at every start like
 * syncOrderTerms. Returns how many orders it filled.
 */
export const syncOrderRuns = (db: Db): Promise<number> =>
  fillOrders(
    db,
    'order-runs',
    {
      join: (query) => query.leftJoin(orderRuns, eq(orderRuns.orderId, orders.id)),
      where: isNull(orderRuns.orderId),
    },
    (tx, { order, item }, placement) =>
      writeOrderRuns(tx, order.id, runsOf(boughtOf(item, placement, order.placedAt, order.totalCents))),
  );
