import { addDays, endOfDay, startOfDay } from 'date-fns';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { OrdersQueueQuery } from '../../contract/adminOrders';
import { parseDay } from '../../contract/schedule';
import { DESIGN_RUN } from '../data/orderRuns';
import type { OrderRecord } from '../data/orders';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import {
  adFiles,
  cartItems,
  companies,
  designProofs,
  fileRuns,
  media,
  orderRuns,
  orders,
  runProofs,
} from '../db/schema';
import { instant, statusWhere } from '../orders/status';

/** 25 orders a page of the back office's queue. */
export const QUEUE_PER_PAGE = 25;
/** A run due this soon without an approved file needs someone to chase the customer. */
export const DUE_SOON_DAYS = 3;
/** A run ended this long ago without a proof needs its proof chased from the publisher. */
export const PROOF_LATE_DAYS = 7;

type Query = Omit<OrdersQueueQuery, 'page'> & { page: number };

const live = sql`${orders.cancelledAt} is null`;
const runOfOrder = sql`${orderRuns.orderId} = ${orders.id}`;
/** The run is dated (design work takes no file). */
const dated = sql`${orderRuns.run} <> ${DESIGN_RUN}`;
const approvedFile = sql`exists (select 1 from ${fileRuns} where ${fileRuns.orderId} = ${orders.id}
  and ${fileRuns.runValue} = ${orderRuns.run} and ${fileRuns.approvedAt} is not null)`;
const anyRun = (condition: SQL) =>
  sql`exists (select 1 from ${orderRuns} where ${runOfOrder} and ${condition})`;

/** The latest file sent for the run failed a check, was refused, or was sent back by production. */
const latestFileTroubled = sql`exists (select 1 from ${fileRuns} join ${adFiles} on ${adFiles.id} = ${fileRuns.fileId}
  where ${fileRuns.orderId} = ${orders.id} and ${fileRuns.runValue} = ${orderRuns.run} and ${fileRuns.approvedAt} is null
  and (${fileRuns.status} in ('attention', 'rejected') or ${adFiles.review} = 'returned')
  and not exists (select 1 from ${fileRuns} newer where newer.order_id = ${orders.id}
    and newer.run_value = ${orderRuns.run} and newer.attached_at > ${fileRuns.attachedAt}))`;

/** A design proof the customer answered "changes" with no newer proof sent since. */
const changesAsked = sql`exists (select 1 from ${designProofs} where ${designProofs.orderId} = ${orders.id}
  and ${designProofs.decision} = 'changes'
  and not exists (select 1 from ${designProofs} later where later.order_id = ${orders.id}
    and later.number > ${designProofs.number}))`;

/** Every reason of "needs attention" (the same as attentionOf's, which words them for a page's rows). */
function needsAttention(now: Date): SQL {
  const at = instant(now);
  const soon = instant(addDays(now, DUE_SOON_DAYS));
  const late = instant(addDays(now, -PROOF_LATE_DAYS));
  return sql`(${live} and (
    ${anyRun(sql`${dated} and ${orderRuns.endsAt} >= ${at} and not ${approvedFile} and ${latestFileTroubled}`)}
    or ${anyRun(sql`${dated} and ${orderRuns.adDueAt} >= ${at} and ${orderRuns.adDueAt} <= ${soon} and not ${approvedFile}`)}
    or ${anyRun(sql`${orderRuns.endsAt} < ${late} and ${dated} and not exists (select 1 from ${runProofs}
      where ${runProofs.orderId} = ${orders.id} and ${runProofs.run} = ${orderRuns.run})`)}
    or ${changesAsked}))`;
}

function statusFilter(status: NonNullable<Query['status']>, now: Date): SQL {
  const at = instant(now);
  switch (status) {
    case 'to-book':
      return sql`(${live} and ${anyRun(sql`${orderRuns.bookingRef} is null and ${orderRuns.endsAt} >= ${at}`)})`;
    case 'to-deliver':
      return sql`(${live} and ${anyRun(sql`${orderRuns.endsAt} < ${at} and ${orderRuns.deliveredAt} is null and ${dated}`)})`;
    default:
      return statusWhere(status, now);
  }
}

/** The conditions of the queue's filters at `now`. */
function queueWhere(query: Query, now: Date): SQL | undefined {
  const q = query.q?.trim();
  const from = query.due_from ? startOfDay(parseDay(query.due_from)) : null;
  const to = query.due_to ? endOfDay(parseDay(query.due_to)) : null;
  return and(
    q
      ? sql`(${orders.number} ilike ${`${escapeLike(q)}%`} or ${orders.number} ilike ${`%-${escapeLike(q)}%`}
        or ${companies.name} ilike ${`%${escapeLike(q)}%`})`
      : undefined,
    query.status ? statusFilter(query.status, now) : undefined,
    from || to
      ? sql`(${live} and ${anyRun(
          sql`${from ? sql`${orderRuns.adDueAt} >= ${instant(from)}` : sql`true`} and ${
            to ? sql`${orderRuns.adDueAt} <= ${instant(to)}` : sql`true`
          }`,
        )})`
      : undefined,
    query.no_approved_file === 'yes'
      ? sql`(${live} and ${anyRun(sql`${dated} and ${orderRuns.adDueAt} >= ${instant(now)} and not ${approvedFile}`)})`
      : undefined,
    query.needs_attention === 'yes' ? needsAttention(now) : undefined,
    query.channel ? eq(media.mediaType, query.channel) : undefined,
  );
}

/** The soonest ad due still ahead, for the queue's order (orders with none come after). */
const soonestDue = (now: Date) =>
  sql`(select min(${orderRuns.adDueAt}) from ${orderRuns} where ${runOfOrder} and ${orderRuns.adDueAt} >= ${instant(now)})`;

interface QueuedRecord extends OrderRecord {
  company: { name: string; coid: string };
}

/** A page of every company's orders matching the filters, soonest ad due first, and how many match. */
export async function ordersQueue(
  db: Db,
  query: Query,
  now: Date,
  /** Issue 32: a rep's companies only (server/admin/repScope.ts). */
  scope?: SQL,
): Promise<{ records: QueuedRecord[]; total: number }> {
  const where = and(queueWhere(query, now), scope);
  const [found, [counted]] = await Promise.all([
    db
      .select({ order: orders, item: cartItems, company: { name: companies.name, coid: companies.coid } })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
      .where(where)
      .orderBy(sql`${soonestDue(now)} asc nulls last`, desc(orders.id))
      .limit(QUEUE_PER_PAGE)
      .offset((query.page - 1) * QUEUE_PER_PAGE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
      .where(where),
  ]);
  return { records: found, total: Number(counted?.n ?? 0) };
}
