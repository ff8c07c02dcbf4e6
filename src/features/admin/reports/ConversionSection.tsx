import type { ConversionRow } from '../../../../contract/adminReports';
import { reportCsv } from '../../../api/admin/reports';
import { conversionLogic } from '../../../system/admin/reports';
import { useKeyedRequest } from '../../../system/hooks/request';
import { columnsOf, DataTable } from '../table/DataTable';
import { ReportSection, type ReportSectionProps } from './ReportSection';
import { count, monthWords } from './reportWords';

const column = columnsOf<ConversionRow>();
const COLUMNS = [
  column.accessor('month', {
    header: 'Month',
    cell: (info) => <span className="font-semibold">{monthWords(info.getValue())}</span>,
  }),
  column.accessor('carts', { header: 'Carts with items', cell: (info) => count(info.getValue()) }),
  column.accessor('placed', { header: 'Placed as orders', cell: (info) => count(info.getValue()) }),
  column.accessor('rate_percent', {
    header: 'Conversion',
    cell: (info) => {
      const rate = info.getValue();
      return rate === null ? '—' : `${rate.toFixed(1)}%`;
    },
  }),
];

/** Carts that had items each month, and how many of them were placed as orders. */
export function ConversionSection({ search }: ReportSectionProps) {
  const { status, data, error } = useKeyedRequest(conversionLogic, { from: search.from, to: search.to });
  return (
    <ReportSection
      id="conversion"
      title="Conversion from cart to order"
      description="Each cart counts once, in the month its first item was added; placed: how many of those carts have since been placed as orders."
      error={error}
      loading={status === 'pending'}
      download={() => reportCsv('conversion', { from: search.from, to: search.to }, 'conversion.csv')}
      filename="conversion.csv"
      chart={
        data && data.rows.length > 0
          ? {
              rows: data.rows.map((row) => ({
                month: monthWords(row.month),
                carts: row.carts,
                placed: row.placed,
              })),
              category: 'month',
              series: [
                { key: 'carts', name: 'Carts with items' },
                { key: 'placed', name: 'Placed as orders' },
              ],
              format: count,
              wholeNumbers: true,
            }
          : null
      }
      table={
        <DataTable
          caption="Conversion from cart to order"
          columns={COLUMNS}
          rows={data ? [...data.rows, data.totals] : []}
          rowId={(row) => row.month}
          empty={status === 'pending' ? 'Loading the carts…' : 'No carts in this period.'}
          busy={status === 'pending'}
        />
      }
    />
  );
}
