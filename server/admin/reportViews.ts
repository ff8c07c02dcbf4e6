import {
  type ConversionReport,
  monthsOf,
  type Period,
  REPORT_CHANNEL_LABELS,
  ratePercent,
  type SalesGroup,
  type SalesReport,
  type SalesRow,
} from '../../contract/adminReports';
import type { ConversionSums } from '../data/riskReports';
import type { BookedSums } from '../data/salesReport';

/** The reports' answers from the database's sums: rows merged by key, empty months kept, totals added. */

const emptyRow = (key: string, label: string, collected: number | null): SalesRow => ({
  key,
  label,
  orders: 0,
  booked_cents: 0,
  cancelled_cents: 0,
  net_cents: 0,
  delivered_cents: 0,
  collected_cents: collected,
});

const labelOf = (by: SalesGroup, key: string, label: string) =>
  by === 'channel' ? (REPORT_CHANNEL_LABELS[key] ?? key) : label;

export function salesReportOf(
  period: Period,
  by: SalesGroup,
  sums: {
    booked: readonly BookedSums[];
    delivered: readonly { key: string; label: string; delivered: number }[];
    collected: ReadonlyMap<string, number> | null;
  },
): SalesReport {
  const rows = new Map<string, SalesRow>();
  const byMonth = by === 'month';
  // By month every month of the period has a row (a chart's axis without gaps), in order.
  if (byMonth) for (const month of monthsOf(period)) rows.set(month, emptyRow(month, month, 0));
  const rowOf = (key: string, label: string) => {
    const found = rows.get(key);
    if (found) return found;
    const row = emptyRow(key, labelOf(by, key, label), null);
    rows.set(key, row);
    return row;
  };
  for (const sum of sums.booked) {
    const row = rowOf(sum.key, sum.label);
    row.orders += sum.orders;
    row.booked_cents += sum.booked;
    row.cancelled_cents += sum.cancelled;
  }
  for (const sum of sums.delivered) rowOf(sum.key, sum.label).delivered_cents += sum.delivered;
  if (byMonth && sums.collected)
    for (const [month, cents] of sums.collected) {
      const row = rows.get(month);
      if (row) row.collected_cents = cents;
    }
  const list = [...rows.values()].map((row) => ({
    ...row,
    net_cents: row.booked_cents - row.cancelled_cents,
  }));
  if (!byMonth)
    list.sort(
      (a, b) =>
        b.booked_cents - a.booked_cents ||
        b.delivered_cents - a.delivered_cents ||
        a.label.localeCompare(b.label),
    );
  const totals = emptyRow('total', 'Total', byMonth ? 0 : null);
  for (const row of list) {
    totals.orders += row.orders;
    totals.booked_cents += row.booked_cents;
    totals.cancelled_cents += row.cancelled_cents;
    totals.net_cents += row.net_cents;
    totals.delivered_cents += row.delivered_cents;
    if (totals.collected_cents !== null) totals.collected_cents += row.collected_cents ?? 0;
  }
  return { from: period.from, to: period.to, by, rows: list, totals };
}

export function conversionReportOf(period: Period, sums: readonly ConversionSums[]): ConversionReport {
  const found = new Map(sums.map((sum) => [sum.month, sum]));
  const rows = monthsOf(period).map((month) => {
    const { carts = 0, placed = 0 } = found.get(month) ?? {};
    return { month, carts, placed, rate_percent: ratePercent(placed, carts) };
  });
  const carts = rows.reduce((sum, row) => sum + row.carts, 0);
  const placed = rows.reduce((sum, row) => sum + row.placed, 0);
  return {
    from: period.from,
    to: period.to,
    rows,
    totals: { month: 'Total', carts, placed, rate_percent: ratePercent(placed, carts) },
  };
}
