import { isoDay } from '../../contract/schedule';
import type { Placement } from '../catalogue/placement';
import type { OrderRunRow } from '../data/orderRuns';
import type { OrderRecord } from '../data/orders';
import { runsWithKeptDue } from './keptRuns';
import { orderSummaryOf } from './views';

/** The columns of the orders export, for the customer's accountant. */
export const CSV_HEADER = [
  'Order number',
  'Title',
  'Market',
  'Runs',
  'Ad due',
  'Run prices',
  'Price',
  'Status',
] as const;

/**
 * A number cell (an amount, a count): written as it is and never guarded, so a spreadsheet reads a
 * negative amount as the number it is, not as text. Made only by csvNumber, so it holds digits.
 */
export interface CsvNumber {
  readonly digits: string;
}

/** `value` with `decimals` places, as a number cell; a value that is not finite is an empty cell. */
export const csvNumber = (value: number, decimals = 0): CsvNumber => ({
  digits: Number.isFinite(value) ? value.toFixed(decimals) : '',
});

/** A cell: free text (guarded) or a number. */
export type CsvValue = string | CsvNumber;

/**
 * Text a spreadsheet would read as a formula: starting with = + - @ (or their full-width forms, which
 * some spreadsheets fold into them), after any spaces or tabs, or with a tab or a carriage return.
 */
const FORMULA_START = /^[\t\r]|^[ \t]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text a spreadsheet would read as a formula (a placement named "=HYPERLINK(...)") gets a leading
 * apostrophe, so it stays text when opened. A number cell is written as it is.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return value.digits;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text: CRLF after every row, the header first. */
export const csvText = (rows: readonly (readonly CsvValue[])[]): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/** Dollars and cents without a currency sign, so a spreadsheet adds them up. */
const plainDollars = (cents: number) => (cents / 100).toFixed(2);

/** One order as a row of the export: its runs, their ad-due days and their prices joined with "; ". */
export function csvRow(
  record: OrderRecord,
  placement: Placement | null,
  kept: readonly OrderRunRow[],
  now: Date,
): string[] {
  const summary = orderSummaryOf(record, placement, kept, now);
  const { order } = record;
  const runs = runsWithKeptDue(record, placement, kept);
  return [
    summary.number,
    summary.title,
    summary.market,
    runs.map((run) => run.label).join('; '),
    // A cancelled order has nothing due (as on its page and in the lists).
    order.cancelledAt ? '' : runs.map((run) => isoDay(run.adDue)).join('; '),
    runs.map((run) => plainDollars(run.priceCents)).join('; '),
    plainDollars(order.totalCents),
    summary.status,
  ];
}

/** The export's file name: `adlane-orders-upcoming-2027-01-11.csv`, dated by the server's clock. */
export const csvFileName = (prefix: string, tab: string | undefined, now: Date) =>
  `${prefix}-orders-${tab ?? 'all'}-${isoDay(now)}.csv`;
