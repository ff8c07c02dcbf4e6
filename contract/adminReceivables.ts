import { z } from 'zod';

/**
 * The receivables report of the back office (issue 32, point 4): what every company owes on its open
 * invoices, aged by how long each is past due. GET /admin/reports/receivables (`?format=csv` for a
 * spreadsheet of the same rows).
 */

/**
 * The aging buckets, in order: days past an invoice's due date counted in whole UTC days, from the due
 * date's UTC day to the clock's (so every replica, and the CSV of any time of that day, agree); an
 * invoice due today or later is current. `from` and `to` are inclusive; null is open-ended.
 */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Current', from: null, to: 0 },
  { key: '1-30', label: '1–30 days', from: 1, to: 30 },
  { key: '31-60', label: '31–60 days', from: 31, to: 60 },
  { key: '61-90', label: '61–90 days', from: 61, to: 90 },
  { key: 'over-90', label: 'Over 90 days', from: 91, to: null },
] as const satisfies readonly { key: string; label: string; from: number | null; to: number | null }[];

export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];
export const AGING_BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key) as [AgingBucket, ...AgingBucket[]];

/** GET /admin/reports/receivables: JSON by default, or the CSV download. */
export const receivablesQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'Ask for format=json or format=csv.' }).optional(),
});

/** An amount of money: exact cents, and as the page prints it ("$1,250.50"). */
const money = z.object({ cents: z.number().int(), formatted: z.string() });
export type Money = z.infer<typeof money>;

/** What is owed in each bucket: every bucket present, zero included. */
const byBucket = z.object(
  Object.fromEntries(AGING_BUCKET_KEYS.map((key) => [key, money])) as Record<AgingBucket, typeof money>,
);

const owed = z.object({
  buckets: byBucket,
  total: money,
  /** How many open invoices make it up. */
  invoices: z.number().int(),
  /** Days past due of the oldest of them; 0 when none is past due. */
  oldest_days_overdue: z.number().int(),
});

/** One company that owes something. */
export const receivablesRow = owed.extend({
  coid: z.string(),
  name: z.string(),
  /** The name of the rep it is attributed to, or null. */
  rep: z.string().nullable(),
});
export type ReceivablesRow = z.infer<typeof receivablesRow>;

export const receivablesReport = z.object({
  /** The clock's UTC day the ages are counted to (YYYY-MM-DD). */
  as_of: z.string(),
  buckets: z.array(z.object({ key: z.enum(AGING_BUCKET_KEYS), label: z.string() })),
  /** Largest total owed first. */
  companies: z.array(receivablesRow),
  /** The sum of the rows, to the cent. */
  totals: owed,
});
export type ReceivablesReport = z.infer<typeof receivablesReport>;
