import {
  type ConversionReport,
  type FilesAtRiskReport,
  RISK_FILE_STATE_LABELS,
  SALES_GROUP_LABELS,
  type SalesReport,
} from '../../contract/adminReports';
import { csvNumber, csvText } from '../orders/csv';

/**
 * The reports as spreadsheets: the same rows as the page's tables, money as plain dollars and cents
 * (no currency sign, no separators) so a spreadsheet adds them up. Amounts and counts are number
 * cells, so a negative month collected stays a number; free text goes through csvCell's guard,
 * which keeps a name such as "=HYPERLINK(...)" text rather than a formula.
 */

const dollars = (cents: number) => csvNumber(cents / 100, 2);

export function salesCsv(report: SalesReport): string {
  const header = [
    SALES_GROUP_LABELS[report.by],
    'Orders',
    'Booked',
    'Cancelled',
    'Net',
    'Delivered',
    ...(report.by === 'month' ? ['Collected'] : []),
  ];
  const line = (row: SalesReport['totals']) => [
    row.label,
    csvNumber(row.orders),
    dollars(row.booked_cents),
    dollars(row.cancelled_cents),
    dollars(row.net_cents),
    dollars(row.delivered_cents),
    ...(report.by === 'month' ? [dollars(row.collected_cents ?? 0)] : []),
  ];
  return csvText([header, ...report.rows.map(line), line(report.totals)]);
}

export const filesAtRiskCsv = (report: FilesAtRiskReport): string =>
  csvText([
    ['Order', 'Company', 'Placement', 'Run', 'Ad due', 'File'],
    ...report.runs.map((run) => [
      run.order_number,
      run.company,
      run.placement,
      run.run_label,
      run.ad_due_at,
      run.file_name
        ? `${RISK_FILE_STATE_LABELS[run.file_state]}: ${run.file_name}`
        : RISK_FILE_STATE_LABELS[run.file_state],
    ]),
  ]);

export const conversionCsv = (report: ConversionReport): string =>
  csvText([
    ['Month', 'Carts with items', 'Placed as orders', 'Conversion (%)'],
    ...[...report.rows, report.totals].map((row) => [
      row.month,
      csvNumber(row.carts),
      csvNumber(row.placed),
      row.rate_percent === null ? '' : csvNumber(row.rate_percent, 1),
    ]),
  ]);
