import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ORDERS_PER_PAGE, type OrderStatus, type OrderTab } from '../../contract/orders';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import { cartItems, companies, media, orders, users } from '../db/schema';
import { instant, statusWhere, tabWhere } from '../orders/status';
import type { CartItemRow, OrderRow } from './carts';
import { awaitingPaymentSql } from './checkoutPayments';

/** An order with the item it bought: what every view of an order is made from. */
export interface OrderRecord {
  order: OrderRow;
  item: CartItemRow;
}

const containing = (text: string) => `%${escapeLike(text)}%`;

/**
 * A search of the lists: the order number containing the text (any case: "000123", "ad-27-0001"), or
 * every word of it in the placement's name (or, for a mailing, its zip codes).
 */
function searchWhere(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean);
  const zips = sql`coalesce(${cartItems.details} ->> 'zips', ${cartItems.details} ->> 'zipcodes', '')`;
  const titleHas = words.map(
    (word) => sql`(${media.name} ilike ${containing(word)} or ${zips} ilike ${containing(word)})`,
  );
  return sql`(${orders.number} ilike ${containing(q)} or (${sql.join(titleHas, sql` and `)}))`;
}

/** How each tab lists: past orders newest first, the others soonest first; the id breaks ties. */
const TAB_ORDER: Record<OrderTab, SQL[]> = {
  upcoming: [asc(orders.startsAt), asc(orders.id)],
  running: [asc(orders.endsAt), asc(orders.id)],
  past: [desc(orders.endsAt), desc(orders.id)],
};

const records = (db: Db) =>
  db
    .select({ order: orders, item: cartItems })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .leftJoin(media, eq(media.mediacode, cartItems.mediacode));

/** One page of a company's tab at `now`, optionally searched, and how many orders the search finds. */
export async function ordersOfTab(
  db: Db,
  request: { companyId: number; tab: OrderTab; page: number; q?: string },
  now: Date,
): Promise<{ records: OrderRecord[]; total: number }> {
  const where = and(
    eq(orders.companyId, request.companyId),
    tabWhere(request.tab, now),
    request.q ? searchWhere(request.q) : undefined,
  );
  const [found, [counted]] = await Promise.all([
    records(db)
      .where(where)
      .orderBy(...TAB_ORDER[request.tab])
      .limit(ORDERS_PER_PAGE)
      .offset((request.page - 1) * ORDERS_PER_PAGE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
      .where(where),
  ]);
  return { records: found, total: Number(counted?.n ?? 0) };
}

/** Every order of a company's tab (or all of them, newest placed first), for the CSV export. */
export async function ordersForExport(
  db: Db,
  companyId: number,
  tab: OrderTab | undefined,
  now: Date,
): Promise<OrderRecord[]> {
  return records(db)
    .where(and(eq(orders.companyId, companyId), tab ? tabWhere(tab, now) : undefined))
    .orderBy(...(tab ? TAB_ORDER[tab] : [desc(orders.placedAt), desc(orders.id)]));
}

/** How many rows meet a condition (a column of a count query). */
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** How many orders of a company each tab lists at `now`. */
export async function tabCounts(db: Db, companyId: number, now: Date): Promise<Record<OrderTab, number>> {
  const [row] = await db
    .select({
      upcoming: countWhere(tabWhere('upcoming', now)),
      running: countWhere(tabWhere('running', now)),
      past: countWhere(tabWhere('past', now)),
    })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  return {
    upcoming: Number(row?.upcoming ?? 0),
    running: Number(row?.running ?? 0),
    past: Number(row?.past ?? 0),
  };
}

/** How many orders of a company are of each status at `now`. */
export async function statusCounts(
  db: Db,
  companyId: number,
  now: Date,
): Promise<Record<OrderStatus, number>> {
  const [row] = await db
    .select({
      upcoming: countWhere(statusWhere('upcoming', now)),
      running: countWhere(statusWhere('running', now)),
      completed: countWhere(statusWhere('completed', now)),
      cancelled: countWhere(statusWhere('cancelled', now)),
    })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  return {
    upcoming: Number(row?.upcoming ?? 0),
    running: Number(row?.running ?? 0),
    completed: Number(row?.completed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/**
 * A company's orders that have not ended and are not cancelled at `now`, soonest first: the ones that
 * can still have an ad to hand in.
 */
export async function liveOrders(db: Db, companyId: number, now: Date): Promise<OrderRecord[]> {
  return records(db)
    .where(
      and(
        eq(orders.companyId, companyId),
        isNull(orders.cancelledAt),
        sql`${instant(now)} <= ${orders.endsAt}`,
      ),
    )
    .orderBy(asc(orders.startsAt), asc(orders.id));
}

/** An order by its number with its company, its placement's channel and whether it waits for its card payment. */
export interface NumberedOrder extends OrderRecord {
  company: { name: string; coid: string };
  /** Null when the placement is no longer in the catalogue. */
  mediaType: string | null;
  awaitingPayment: boolean;
}

/**
 * An order by its number, of the company when one is given (the customer's routes: another company's
 * number is as unknown as a made-up one) or of any company (the back office's).
 */
export async function orderByNumber(
  db: Db,
  number: string,
  companyId: number | null,
): Promise<NumberedOrder | null> {
  const where: SQL[] = [eq(orders.number, number)];
  if (companyId !== null) where.push(eq(orders.companyId, companyId));
  const [row] = await db
    .select({
      order: orders,
      item: cartItems,
      company: { name: companies.name, coid: companies.coid },
      mediaType: media.mediaType,
      awaitingPayment: awaitingPaymentSql(),
    })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(and(...where))
    .limit(1);
  return row ?? null;
}

/** A company's order by its number, or null (another company's number is as unknown as a made-up one). */
export async function findOrder(db: Db, companyId: number, number: string): Promise<OrderRecord | null> {
  const [found] = await records(db)
    .where(and(eq(orders.companyId, companyId), eq(orders.number, number)))
    .limit(1);
  return found ?? null;
}

export interface Person {
  name: string;
  email: string;
  /** Removed from the company since: a former member, named on what they did. */
  former: boolean;
}

/** Names and e-mail addresses of accounts, by id, former members too (accounts deleted are left out). */
export async function peopleByIds(db: Db, ids: readonly (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      removedAt: users.removedAt,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { name: `${r.firstname} ${r.lastname}`.trim(), email: r.email, former: r.removedAt !== null },
    ]),
  );
}

/** The orders of some invoices, in the order they were placed. */
/** The numbers of the orders on an invoice, in the order they were placed. */
export async function orderNumbersOfInvoice(db: Db, invoiceId: number): Promise<string[]> {
  const rows = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.invoiceId, invoiceId))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.number);
}

export async function ordersOfInvoices(db: Db, invoiceIds: readonly number[]): Promise<OrderRecord[]> {
  if (invoiceIds.length === 0) return [];
  return records(db)
    .where(inArray(orders.invoiceId, [...invoiceIds]))
    .orderBy(asc(orders.id));
}
