import { type SQL, sql } from 'drizzle-orm';
import type { OrderStatus, OrderTab } from '../../contract/orders';
import { orders } from '../db/schema';

/**
 * An order's status, computed from the clock and never stored, so it is right at every instant without
 * a job: cancelled once cancelled; upcoming before its first run starts; running until the last
 * instant of its last run (inclusive); completed after. Written twice, here for one order and below
 * for SQL (lists, counts), and kept the same by the tests at the boundary instants.
 */
export function statusAt(
  order: { cancelledAt: Date | null; startsAt: Date; endsAt: Date },
  now: Date,
): OrderStatus {
  if (order.cancelledAt) return 'cancelled';
  if (now < order.startsAt) return 'upcoming';
  if (now <= order.endsAt) return 'running';
  return 'completed';
}

/** The clock as a query parameter (timestamptz; the drivers differ in how they send a Date). */
export const instant = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/** The SQL condition of each status at `now`: the same rules as statusAt. */
export function statusWhere(status: OrderStatus, now: Date): SQL {
  const at = instant(now);
  const live = sql`${orders.cancelledAt} is null`;
  switch (status) {
    case 'cancelled':
      return sql`${orders.cancelledAt} is not null`;
    case 'upcoming':
      return sql`(${live} and ${at} < ${orders.startsAt})`;
    case 'running':
      return sql`(${live} and ${orders.startsAt} <= ${at} and ${at} <= ${orders.endsAt})`;
    case 'completed':
      return sql`(${live} and ${at} > ${orders.endsAt})`;
  }
}

/** The statuses each tab of /orders lists: past is completed and cancelled. */
export const TAB_STATUSES: Record<OrderTab, readonly OrderStatus[]> = {
  upcoming: ['upcoming'],
  running: ['running'],
  past: ['completed', 'cancelled'],
};

/** The SQL condition of a tab at `now`. */
export const tabWhere = (tab: OrderTab, now: Date): SQL =>
  sql`(${sql.join(
    TAB_STATUSES[tab].map((status) => statusWhere(status, now)),
    sql` or `,
  )})`;

/**
 * The status of a stored order. Its dates are null only in a database from before they were kept,
 * until the server's start fills them (server/db/seed/orderTerms.ts): such an order counts as upcoming,
 * as every order did then.
 */
export function statusOfRow(
  row: { cancelledAt: Date | null; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): OrderStatus {
  const { cancelledAt, startsAt, endsAt } = row;
  if (!startsAt || !endsAt) return cancelledAt ? 'cancelled' : 'upcoming';
  return statusAt({ cancelledAt, startsAt, endsAt }, now);
}
