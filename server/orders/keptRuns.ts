import type { Placement } from '../catalogue/placement';
import { type OrderRunRow, runsOfOrders } from '../data/orderRuns';
import type { OrderRecord } from '../data/orders';
import type { Db } from '../db/client';
import { withKeptDue } from './fulfilment';
import { type Run, runsOf } from './runs';
import { boughtOf } from './terms';

/**
 * An order's runs with the ad-due days kept when it was placed (order_runs): the day the order page
 * shows is the one every other view, the approval's deadline and the queues go by, even after a lead
 * time or a moved deadline changes the placement's.
 */
export const runsWithKeptDue = (
  record: OrderRecord,
  placement: Placement | null,
  kept: readonly OrderRunRow[],
): Run[] =>
  withKeptDue(runsOf(boughtOf(record.item, placement, record.order.placedAt, record.order.totalCents)), kept);

/** One order's runs with its kept ad-due days, read from the database. */
export async function orderRunsOf(db: Db, record: OrderRecord, placement: Placement | null): Promise<Run[]> {
  const kept = await runsOfOrders(db, [record.order.id]);
  return runsWithKeptDue(record, placement, kept.get(record.order.id) ?? []);
}
