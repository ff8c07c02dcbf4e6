import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { SalesGroup } from '../../contract/adminReports';
import type { Db } from '../db/client';
import {
  cartItems,
  companies,
  manualPayments,
  markets,
  media,
  orderRuns,
  orders,
  payments,
  refunds,
  staff,
} from '../db/schema';
import { instant } from '../orders/status';

/**
 * The sums behind the sales report (issue 32, part 4), each an SQL aggregate in whole cents (bigint,
 * read back as a number: exact up to 2^53 cents), grouped by the report's key. The definitions are
 * contract/adminReports.ts's `salesRow`'s; the route merges the three kinds of sums by key.
 */

/** The first instant of a period's first month and of the month after its last (UTC). */
export interface Bounds {
  start: Date;
  end: Date;
}

export const boundsOf = (from: string, to: string): Bounds => {
  const [toYear = 0, toMonth = 1] = to.split('-').map(Number);
  return { start: new Date(`${from}-01T00:00:00Z`), end: new Date(Date.UTC(toYear, toMonth, 1)) };
};

const utcMonth = (column: SQL | typeof orders.placedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** The key and the database's own label of a group; channel labels are worded by the route. */
function groupOf(by: SalesGroup, month: SQL): { key: SQL<string>; label: SQL<string> } {
  switch (by) {
    case 'month':
      return { key: month as SQL<string>, label: month as SQL<string> };
    case 'channel':
      return { key: sql<string>`${media.mediaType}`, label: sql<string>`${media.mediaType}` };
    case 'market':
      return {
        key: sql<string>`coalesce(${media.prodcode}, 'national')`,
        label: sql<string>`coalesce(${markets.name}, 'National')`,
      };
    case 'rep':
      return {
        key: sql<string>`coalesce(${orders.repStaffId}::text, 'none')`,
        label: sql<string>`coalesce(${staff.name}, 'No rep')`,
      };
  }
}

const sumCents = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

export interface BookedSums {
  key: string;
  label: string;
  orders: number;
  booked: number;
  cancelled: number;
}

/**
 * Booked: every order placed in the period (its `placed_at`, UTC month), at its total, cancelled or
 * not, as its invoice lists it; cancelled: the totals of those since cancelled, which their invoices
 * credit in full. `scope` is the rep's condition on `orders` (none for everyone else).
 */
export async function bookedSums(db: Db, by: SalesGroup, bounds: Bounds, scope: SQL | undefined) {
  const { key, label } = groupOf(by, utcMonth(orders.placedAt));
  return db
    .select({
      key,
      label,
      orders: sql<number>`count(*)::int`,
      booked: sumCents(sql`${orders.totalCents}`),
      cancelled: sumCents(
        sql`case when ${orders.cancelledAt} is not null then ${orders.totalCents} else 0 end`,
      ),
    })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(media, eq(media.mediacode, cartItems.mediacode))
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .leftJoin(staff, eq(staff.id, orders.repStaffId))
    .where(and(gte(orders.placedAt, bounds.start), lt(orders.placedAt, bounds.end), scope))
    .groupBy(key, label);
}

/**
 * Each run's share of its order's total, as server/orders/allocate.ts shares it among runs of equal
 * weight (every date of an order costs the same): the whole dollars split evenly, the dollars left over
 * one each to the first runs in date order, and the odd cents to the first run. Runs are in date
 * order by their value as bought (an issue's `YYYY/MM`, a week's Monday `YYYY-MM-DD`), compared byte by
 * byte as runsOf's sort does.
 */
const runPriceCents = (position: SQL, count: SQL): SQL => {
  const dollars = sql`(${orders.totalCents} / 100)`;
  return sql`((${dollars} / ${count}) + (case when ${position} < ${dollars} % ${count} then 1 else 0 end)) * 100
    + (case when ${position} = 0 then ${orders.totalCents} % 100 else 0 end)`;
};

/**
 * Delivered: the price of each run of an order not cancelled that started in the period (its
 * `starts_at`, UTC month) and has ended by `now`, grouped by the run's month or the order's group.
 */
export async function deliveredSums(
  db: Db,
  by: SalesGroup,
  bounds: Bounds,
  now: Date,
  scope: SQL | undefined,
) {
  const ran = and(
    gte(orderRuns.startsAt, bounds.start),
    lt(orderRuns.startsAt, bounds.end),
    lte(orderRuns.endsAt, now),
  );
  // Every run of the orders with a run delivered in the period: a run's share depends on its siblings.
  const priced = db
    .select({
      orderId: orderRuns.orderId,
      startsAt: orderRuns.startsAt,
      endsAt: orderRuns.endsAt,
      position:
        sql<number>`(row_number() over (partition by ${orderRuns.orderId} order by ${orderRuns.run} collate "C") - 1)`.as(
          'position',
        ),
      count: sql<number>`count(*) over (partition by ${orderRuns.orderId})`.as('run_count'),
    })
    .from(orderRuns)
    .where(sql`${orderRuns.orderId} in (select ${orderRuns.orderId} from ${orderRuns} where ${ran})`)
    .as('priced');
  const { key, label } = groupOf(by, utcMonth(sql`${priced.startsAt}`));
  return db
    .select({
      key,
      label,
      delivered: sumCents(runPriceCents(sql`${priced.position}`, sql`${priced.count}`)),
    })
    .from(priced)
    .innerJoin(orders, eq(orders.id, priced.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(media, eq(media.mediacode, cartItems.mediacode))
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .leftJoin(staff, eq(staff.id, orders.repStaffId))
    .where(
      and(
        sql`${orders.cancelledAt} is null`,
        sql`${priced.startsAt} >= ${instant(bounds.start)} and ${priced.startsAt} < ${instant(bounds.end)}`,
        sql`${priced.endsAt} <= ${instant(now)}`,
        scope,
      ),
    )
    .groupBy(key, label);
}

/**
 * Collected, by month: card payments that succeeded (settled that month; a setup saves a card and
 * takes nothing), plus manual payments received that month, less refunds settled that month.
 * `companyScope` is the rep's condition on `companies`: money arrives per company, not per order.
 */
export async function collectedByMonth(
  db: Db,
  bounds: Bounds,
  companyScope: SQL | undefined,
): Promise<Map<string, number>> {
  const cardMonth = utcMonth(sql`${payments.settledAt}`);
  const refundMonth = utcMonth(sql`${refunds.settledAt}`);
  const manualMonth = sql<string>`to_char(${manualPayments.receivedOn}, 'YYYY-MM')`;
  const startDay = bounds.start.toISOString().slice(0, 10);
  const endDay = bounds.end.toISOString().slice(0, 10);
  const [cards, manual, back] = await Promise.all([
    db
      .select({ month: cardMonth, cents: sumCents(sql`${payments.amountCents}`) })
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(
        and(
          eq(payments.status, 'succeeded'),
          sql`${payments.purpose} <> 'setup'`,
          gte(payments.settledAt, bounds.start),
          lt(payments.settledAt, bounds.end),
          companyScope,
        ),
      )
      .groupBy(cardMonth),
    db
      .select({ month: manualMonth, cents: sumCents(sql`${manualPayments.amountCents}`) })
      .from(manualPayments)
      .innerJoin(companies, eq(companies.id, manualPayments.companyId))
      .where(
        and(
          sql`${manualPayments.receivedOn} >= ${startDay}::date`,
          sql`${manualPayments.receivedOn} < ${endDay}::date`,
          companyScope,
        ),
      )
      .groupBy(manualMonth),
    db
      .select({ month: refundMonth, cents: sumCents(sql`${refunds.amountCents}`) })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(
        and(
          eq(refunds.status, 'succeeded'),
          gte(refunds.settledAt, bounds.start),
          lt(refunds.settledAt, bounds.end),
          companyScope,
        ),
      )
      .groupBy(refundMonth),
  ]);
  const collected = new Map<string, number>();
  const add = (month: string, cents: number) => collected.set(month, (collected.get(month) ?? 0) + cents);
  for (const row of cards) add(row.month, row.cents);
  for (const row of manual) add(row.month, row.cents);
  for (const row of back) add(row.month, -row.cents);
  return collected;
}
