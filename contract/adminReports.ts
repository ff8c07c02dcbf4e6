import { z } from 'zod';

/**
 * The back office's reports (issue 32, part 4): sales, ad files at risk and cart conversion, each one
 * GET under /admin/reports, each readable as JSON or as CSV (`?format=csv`). Money is whole cents,
 * summed by the database, and formatted only where it is shown. A rep sees only their own sales
 * (server/admin/reportScope.ts).
 */

/** Months are written YYYY-MM, from 2000-01 to 2099-12 (a typo such as 0202-01 is refused, not read). */
const MONTH_PATTERN = /^20\d\d-(0[1-9]|1[0-2])$/;
export const reportMonth = z
  .string({ error: 'A month is written YYYY-MM.' })
  .regex(MONTH_PATTERN, 'A month is written YYYY-MM, from 2000-01 to 2099-12.');

/** The longest period a report covers: three years of months. */
export const REPORT_MAX_MONTHS = 36;
/** The period when none is asked: the last 12 months by the clock, this one included. */
export const REPORT_DEFAULT_MONTHS = 12;

export const REPORT_FORMATS = ['json', 'csv'] as const;
const format = z.enum(REPORT_FORMATS, { error: 'The format is json or csv.' }).default('json');

/** What the sales report groups by: the month placed, the channel, the market or the rep. */
export const SALES_GROUPS = ['month', 'channel', 'market', 'rep'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
export const SALES_GROUP_LABELS: Record<SalesGroup, string> = {
  month: 'Month',
  channel: 'Channel',
  market: 'Market',
  rep: 'Rep',
};

/** A period as the address carries it; either end may be left out (periodOf fills it). */
export const periodQuery = z.object({ from: reportMonth.optional(), to: reportMonth.optional() });
export type PeriodQuery = z.infer<typeof periodQuery>;

/** GET /admin/reports/sales?from=YYYY-MM&to=YYYY-MM&by=month|channel|market|rep[&format=csv] */
export const salesQuery = periodQuery.extend({
  by: z.enum(SALES_GROUPS, { error: `Group by ${SALES_GROUPS.join(', ')}.` }).default('month'),
  format,
});

/** GET /admin/reports/conversion?from&to[&format=csv] */
export const conversionQuery = periodQuery.extend({ format });
/** GET /admin/reports/files-at-risk[?format=csv] */
export const filesAtRiskQuery = z.object({ format });

/** A period of whole months, both ends included. */
export interface Period {
  from: string;
  to: string;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOfIndex = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The month (UTC) of an instant, YYYY-MM. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);
/** A month `count` months after (or before) another. */
export const addMonths = (month: string, count: number): string => monthOfIndex(monthIndex(month) + count);
/** Every month of a period, in order. */
export const monthsOf = ({ from, to }: Period): string[] =>
  Array.from({ length: monthIndex(to) - monthIndex(from) + 1 }, (_, i) => addMonths(from, i));

/**
 * The period a report covers: the months asked for, the last of them this month by the clock when
 * left out, the first 11 months before the last when left out; a sentence when the two ends disagree
 * or span more than three years. Shared by the server (which answers the sentence as a 400) and the
 * page (which fills its pickers the same way).
 */
export function periodOf(query: PeriodQuery, now: Date): Period | { error: string } {
  const to = query.to ?? monthOf(now);
  const from = query.from ?? addMonths(to, -(REPORT_DEFAULT_MONTHS - 1));
  if (monthIndex(from) > monthIndex(to))
    return {
      error: `The first month (${from}) comes after the last (${to}): choose a first month on or before it.`,
    };
  if (monthIndex(to) - monthIndex(from) + 1 > REPORT_MAX_MONTHS)
    return {
      error: `A report covers at most ${REPORT_MAX_MONTHS} months; ${from} to ${to} is ${monthIndex(to) - monthIndex(from) + 1}. Choose a shorter period.`,
    };
  return { from: monthIndex(from) < monthIndex('2000-01') ? '2000-01' : from, to };
}

const cents = z.number().int();

/**
 * One row of the sales report, all in cents. `booked`: what the orders placed in the period cost,
 * cancelled or not (the invoices' totals); `cancelled`: what of that was cancelled and so credited;
 * `net` = booked − cancelled (the invoices' totals less their cancellation credits); `delivered`: the
 * price of the runs of orders not cancelled that started in the period and have ended by the clock,
 * each run priced as its invoice line prices it; `collected` (by month only, else null): card
 * payments settled, plus manual payments received, less refunds settled, in the month.
 */
export const salesRow = z.object({
  /** The month (YYYY-MM), the media type, the market's code (`national`) or the rep's id (`none`). */
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  booked_cents: cents,
  cancelled_cents: cents,
  net_cents: cents,
  delivered_cents: cents,
  collected_cents: cents.nullable(),
});
export type SalesRow = z.infer<typeof salesRow>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(SALES_GROUPS),
  /** By month: every month of the period, in order; else the groups with any sale, largest booked first. */
  rows: z.array(salesRow),
  totals: salesRow,
});
export type SalesReport = z.infer<typeof salesReport>;

/** What there is of a run's ad file when none is approved: nothing, or the latest file's state. */
export const RISK_FILE_STATES = [
  'none',
  'uploading',
  'checking',
  'passed',
  'attention',
  'rejected',
  'returned',
] as const;
export type RiskFileState = (typeof RISK_FILE_STATES)[number];
export const RISK_FILE_STATE_LABELS: Record<RiskFileState, string> = {
  none: 'No file',
  uploading: 'Uploading',
  checking: 'Being checked',
  passed: 'Passed checks, not approved',
  attention: 'Needs attention',
  rejected: 'Failed checks',
  returned: 'Returned by production',
};

/** A run whose ad is due within the next 7 days by the clock, of an order not cancelled, with no approved file. */
export const riskyRun = z.object({
  order_number: z.string(),
  company: z.string(),
  placement: z.string(),
  run: z.string(),
  run_label: z.string(),
  ad_due_at: z.string(),
  file_state: z.enum(RISK_FILE_STATES),
  file_name: z.string().nullable(),
});
export type RiskyRun = z.infer<typeof riskyRun>;

/** Days ahead the files-at-risk report looks. */
export const FILES_AT_RISK_DAYS = 7;

export const filesAtRiskReport = z.object({
  as_of: z.string(),
  until: z.string(),
  /** Soonest due first. */
  runs: z.array(riskyRun),
});
export type FilesAtRiskReport = z.infer<typeof filesAtRiskReport>;

/**
 * One month of cart conversion. `carts`: the carts whose first item was added that month (UTC), each
 * counted once, in that month, whether or not the item stayed; an anonymous cart merged into its
 * owner's at sign-in is counted as the owner's cart only. `placed`: how many of those carts have been
 * placed as orders by the clock (whenever that was). `rate_percent`: placed ÷ carts, to one decimal,
 * null for a month without carts.
 */
export const conversionRow = z.object({
  month: z.string(),
  carts: z.number().int(),
  placed: z.number().int(),
  rate_percent: z.number().nullable(),
});
export type ConversionRow = z.infer<typeof conversionRow>;

export const conversionReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(conversionRow),
  totals: conversionRow,
});
export type ConversionReport = z.infer<typeof conversionReport>;

/** placed ÷ carts in percent, to one decimal; null without carts. */
export const ratePercent = (placed: number, carts: number): number | null =>
  carts === 0 ? null : Math.round((placed * 1000) / carts) / 10;

/**
 * The words of a channel in a report (the storefront's own labels live in src/lib/channels.ts, which
 * the server cannot import); keyed by media type, as orders keep it.
 */
export const REPORT_CHANNEL_LABELS: Record<string, string> = {
  printmag: 'Magazine',
  tv: 'TV',
  ctv: 'CTV',
  dooh: 'Digital Out of Home',
  digital: 'Online',
  eddm: 'Direct Mail',
  abdm: 'Audience-based Direct Mail',
  email: 'Email',
  custom: 'Design service',
};
