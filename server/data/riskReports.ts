import { addDays } from 'date-fns';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { RiskFileState } from '../../contract/adminReports';
import type { Db } from '../db/client';
import {
  adFiles,
  cartItems,
  carts,
  companies,
  fileRuns,
  media,
  orderRuns,
  orders,
  users,
} from '../db/schema';
import { instant } from '../orders/status';
import { DESIGN_RUN } from './orderRuns';
import type { Bounds } from './salesReport';

/** The files-at-risk and conversion reports' queries (issue 32, part 4). */

const sameRun = sql`${fileRuns.orderId} = ${orders.id} and ${fileRuns.runValue} = ${orderRuns.run}`;
/** The run's latest file, of any state (a run with none answers null). */
const latestFile = (column: SQL) =>
  sql`(select ${column} from ${fileRuns} join ${adFiles} on ${adFiles.id} = ${fileRuns.fileId} where ${sameRun} order by ${fileRuns.attachedAt} desc, ${adFiles.createdAt} desc limit 1)`;

export interface RiskyRunRow {
  number: string;
  company: string;
  placement: string;
  run: string;
  label: string;
  adDueAt: Date;
  fileStatus: string | null;
  fileReview: string | null;
  fileName: string | null;
}

/**
 * Runs whose ad is due between `now` and `days` days later, of orders not cancelled, with no approved
 * file (design work takes none), soonest due first; `scope` is the rep's condition on `companies`.
 */
export async function riskyRuns(
  db: Db,
  now: Date,
  days: number,
  scope: SQL | undefined,
): Promise<RiskyRunRow[]> {
  return db
    .select({
      number: orders.number,
      company: companies.name,
      placement: media.name,
      run: orderRuns.run,
      label: orderRuns.label,
      adDueAt: orderRuns.adDueAt,
      fileStatus: sql<
        string | null
      >`${latestFile(sql`case when ${adFiles.status} = 'uploading' then 'uploading' else ${fileRuns.status} end`)}`,
      fileReview: sql<string | null>`${latestFile(sql`${adFiles.review}`)}`,
      fileName: sql<string | null>`${latestFile(sql`${adFiles.name}`)}`,
    })
    .from(orderRuns)
    .innerJoin(orders, eq(orders.id, orderRuns.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(
      and(
        gte(orderRuns.adDueAt, now),
        lt(orderRuns.adDueAt, addDays(now, days)),
        sql`${orderRuns.run} <> ${DESIGN_RUN}`,
        sql`${orders.cancelledAt} is null`,
        sql`not exists (select 1 from ${fileRuns} where ${sameRun} and ${fileRuns.approvedAt} is not null)`,
        scope,
      ),
    )
    .orderBy(asc(orderRuns.adDueAt), asc(orders.number));
}

/** What the report says of a run's latest file: returned by production, else its check's state. */
export function riskStateOf(row: Pick<RiskyRunRow, 'fileStatus' | 'fileReview'>): RiskFileState {
  if (row.fileStatus === null) return 'none';
  if (row.fileReview === 'returned') return 'returned';
  switch (row.fileStatus) {
    case 'uploading':
    case 'checking':
    case 'passed':
    case 'attention':
    case 'rejected':
      return row.fileStatus;
    default:
      return 'none';
  }
}

export interface ConversionSums {
  month: string;
  carts: number;
  placed: number;
}

/**
 * Per month (UTC) of a cart's first item: how many carts, and how many of them are placed. Items move
 * out of an anonymous cart merged at sign-in, so such a cart has none and counts once, as its owner's.
 * `companyScope` (a rep's) keeps the carts of people of their companies; anonymous carts have no company.
 */
export async function conversionSums(db: Db, bounds: Bounds, companyScope: SQL | undefined) {
  const firsts = db
    .select({
      cartUuid: cartItems.cartUuid,
      firstAt: sql<Date>`min(${cartItems.createdAt})`.as('first_at'),
    })
    .from(cartItems)
    .where(lt(cartItems.createdAt, bounds.end))
    .groupBy(cartItems.cartUuid)
    .as('firsts');
  const month = sql<string>`to_char(${firsts.firstAt} at time zone 'UTC', 'YYYY-MM')`;
  const inPeriod = sql`${firsts.firstAt} >= ${instant(bounds.start)} and ${firsts.firstAt} < ${instant(bounds.end)}`;
  const scoped = companyScope
    ? db
        .select({
          month,
          carts: sql<number>`count(*)::int`,
          placed: sql<number>`(count(*) filter (where ${carts.status} = 'placed'))::int`,
        })
        .from(firsts)
        .innerJoin(carts, eq(carts.uuid, firsts.cartUuid))
        .innerJoin(users, eq(users.id, carts.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(inPeriod, companyScope))
        .groupBy(month)
    : db
        .select({
          month,
          carts: sql<number>`count(*)::int`,
          placed: sql<number>`(count(*) filter (where ${carts.status} = 'placed'))::int`,
        })
        .from(firsts)
        .innerJoin(carts, eq(carts.uuid, firsts.cartUuid))
        .where(inPeriod)
        .groupBy(month);
  return (await scoped) satisfies ConversionSums[];
}
