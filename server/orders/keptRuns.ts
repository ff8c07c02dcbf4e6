import type { Placement } from '../catalogue/placement';
import { findMediaMany } from '../data/catalogue';
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

/** The runs with kept ad-due days of each record's order, by order id (placements and order_runs read at once). */
export async function runsOfRecords(db: Db, records: readonly OrderRecord[]): Promise<Map<number, Run[]>> {
  const [placements, kept] = await Promise.all([
    findMediaMany(
      db,
      records.map((r) => r.item.mediacode),
    ),
    runsOfOrders(
      db,
      records.map((r) => r.order.id),
    ),
  ]);
  return new Map(
    records.map((r) => [
      r.order.id,
      runsWithKeptDue(r, placements.get(r.item.mediacode) ?? null, kept.get(r.order.id) ?? []),
    ]),
  );
}

/** One order's runs with its kept ad-due days, read from the database. */
export async function orderRunsOf(db: Db, record: OrderRecord, placement: Placement | null): Promise<Run[]> {
  const kept = await runsOfOrders(db, [record.order.id]);
  return runsWithKeptDue(record, placement, kept.get(record.order.id) ?? []);
}
