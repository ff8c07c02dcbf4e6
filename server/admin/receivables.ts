import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  AGING_BUCKET_KEYS,
  AGING_BUCKETS,
  type AgingBucket,
  type Money,
  type ReceivablesReport,
  type ReceivablesRow,
} from '../../contract/adminReceivables';
import { formatCentsExact } from '../../contract/money';
import type { StaffMember } from '../../contract/staff';
import { daysPastDueSql, owedOnTermsSql, utcDay } from '../billing/aging';
import { balanceSql, orderSumsOf } from '../billing/status';
import type { Db } from '../db/client';
import { companies, invoices, staff } from '../db/schema';
import { csvText } from '../orders/csv';
import { repScope } from './repScope';

/**
 * The receivables report (issue 32, point 4): every company's open invoices (owed on terms:
 * server/billing/aging.ts) summed by aging bucket, largest total first, and the totals of the rows.
 */

const moneyOf = (cents: number): Money => ({ cents, formatted: formatCentsExact(cents) });

/** Whether `days` past due falls in the bucket, in SQL. */
function inBucket(days: SQL<number>, bucket: (typeof AGING_BUCKETS)[number]): SQL {
  const from = bucket.from === null ? sql`true` : sql`${days} >= ${sql.raw(String(bucket.from))}`;
  const to = bucket.to === null ? sql`true` : sql`${days} <= ${sql.raw(String(bucket.to))}`;
  return sql`(${from} and ${to})`;
}

interface Owed {
  buckets: Record<AgingBucket, number>;
  total: number;
  invoices: number;
  oldest: number;
}

const owedView = (owed: Owed) => ({
  buckets: Object.fromEntries(AGING_BUCKET_KEYS.map((key) => [key, moneyOf(owed.buckets[key])])) as Record<
    AgingBucket,
    Money
  >,
  total: moneyOf(owed.total),
  invoices: owed.invoices,
  oldest_days_overdue: owed.oldest,
});

/** The report at `now` as `member` may see it: a rep only their companies (repScope). */
export async function receivablesOf(db: Db, member: StaffMember, now: Date): Promise<ReceivablesReport> {
  const sums = orderSumsOf(db);
  const balance = balanceSql(sums);
  const days = daysPastDueSql(now);
  // Sums of cents can pass 2^31 across many invoices: summed as bigint, read as numbers.
  const bucketColumns = Object.fromEntries(
    AGING_BUCKETS.map((b) => [
      b.key,
      sql<string>`coalesce(sum(${balance}) filter (where ${inBucket(days, b)}), 0)::bigint`,
    ]),
  ) as Record<AgingBucket, SQL<string>>;
  const total = sql<string>`sum(${balance})::bigint`;
  const rows = await db
    .select({
      coid: companies.coid,
      name: companies.name,
      rep: staff.name,
      total,
      invoices: sql<number>`count(*)::int`,
      oldest: sql<number>`greatest(0, max(${days}))::int`,
      ...bucketColumns,
    })
    .from(invoices)
    .innerJoinLateral(sums, sql`true`)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(staff, eq(staff.id, companies.repStaffId))
    .where(and(owedOnTermsSql(sums, now), repScope(member)))
    .groupBy(companies.id, companies.coid, companies.name, staff.name)
    .orderBy(desc(total), asc(companies.name), asc(companies.id));

  const owedRows = rows.map((row) => ({
    coid: row.coid,
    name: row.name,
    rep: row.rep,
    owed: {
      buckets: Object.fromEntries(AGING_BUCKET_KEYS.map((key) => [key, Number(row[key])])) as Record<
        AgingBucket,
        number
      >,
      total: Number(row.total),
      invoices: Number(row.invoices),
      oldest: Number(row.oldest),
    },
  }));
  // The totals are the rows added up, so the two agree to the cent whatever the rows hold.
  const totals: Owed = {
    buckets: Object.fromEntries(
      AGING_BUCKET_KEYS.map((key) => [key, owedRows.reduce((sum, r) => sum + r.owed.buckets[key], 0)]),
    ) as Record<AgingBucket, number>,
    total: owedRows.reduce((sum, r) => sum + r.owed.total, 0),
    invoices: owedRows.reduce((sum, r) => sum + r.owed.invoices, 0),
    oldest: owedRows.reduce((most, r) => Math.max(most, r.owed.oldest), 0),
  };
  return {
    as_of: utcDay(now),
    buckets: AGING_BUCKETS.map(({ key, label }) => ({ key, label })),
    companies: owedRows.map(
      (r): ReceivablesRow => ({ coid: r.coid, name: r.name, rep: r.rep, ...owedView(r.owed) }),
    ),
    totals: owedView(totals),
  };
}

/** Dollars and cents without a currency sign, so a spreadsheet adds them up. */
const plainDollars = (money: Money) => (money.cents / 100).toFixed(2);

/**
 * The report as CSV text: one row per company and the totals row last. Cells go through csvText,
 * whose guard keeps a company named "=HYPERLINK(…)" text in a spreadsheet.
 */
export function receivablesCsv(report: ReceivablesReport): string {
  const header = [
    'Company',
    'Company ID',
    'Rep',
    ...report.buckets.map((b) => b.label),
    'Total',
    'Invoices',
    'Oldest days overdue',
  ];
  const cells = (owed: Omit<ReceivablesRow, 'coid' | 'name' | 'rep'>) => [
    ...AGING_BUCKET_KEYS.map((key) => plainDollars(owed.buckets[key])),
    plainDollars(owed.total),
    String(owed.invoices),
    String(owed.oldest_days_overdue),
  ];
  const rows = report.companies.map((r) => [r.name, r.coid, r.rep ?? '', ...cells(r)]);
  // A byte-order mark, so a spreadsheet opens the file as UTF-8 (names with accents, the en dashes).
  return `\uFEFF${csvText([header, ...rows, ['Total', '', '', ...cells(report.totals)]])}`;
}

/** The download's file name: `adlane-receivables-2027-03-01.csv`, dated by the report's day. */
export const receivablesFileName = (prefix: string, report: ReceivablesReport) =>
  `${prefix}-receivables-${report.as_of}.csv`;
