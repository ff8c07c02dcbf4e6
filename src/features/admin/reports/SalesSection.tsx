import { SALES_GROUP_LABELS, SALES_GROUPS, type SalesRow } from '../../../../contract/adminReports';
import { reportCsv } from '../../../api/admin/reports';
import { salesReportLogic } from '../../../system/admin/reports';
import { useKeyedRequest } from '../../../system/hooks/request';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable } from '../table/DataTable';
import { ReportSection, type ReportSectionProps } from './ReportSection';
import { axisMoney, count, exactMoney, monthWords } from './reportWords';

const column = columnsOf<SalesRow>();
const money = (key: 'booked_cents' | 'cancelled_cents' | 'net_cents' | 'delivered_cents', header: string) =>
  column.accessor(key, {
    header,
    cell: (info) => <span className="tabular-nums">{exactMoney(info.getValue())}</span>,
  });

const columnsFor = (by: string, groupHeader: string) => [
  column.accessor('label', {
    header: groupHeader,
    cell: (info) => (
      <span className={info.row.original.key === 'total' ? 'font-bold' : 'font-semibold'}>
        {by === 'month' && info.row.original.key !== 'total' ? monthWords(info.getValue()) : info.getValue()}
      </span>
    ),
  }),
  column.accessor('orders', { header: 'Orders', cell: (info) => count(info.getValue()) }),
  money('booked_cents', 'Booked'),
  money('cancelled_cents', 'Cancelled'),
  money('net_cents', 'Net'),
  money('delivered_cents', 'Delivered'),
  ...(by === 'month'
    ? [
        column.accessor('collected_cents', {
          header: 'Collected',
          cell: (info) => <span className="tabular-nums">{exactMoney(info.getValue() ?? 0)}</span>,
        }),
      ]
    : []),
];

/** Sales of the period: booked, cancelled, net and delivered by month, channel, market or rep. */
export function SalesSection({ search, hrefOf }: ReportSectionProps) {
  const by = search.by ?? 'month';
  const { status, data, error } = useKeyedRequest(salesReportLogic, { from: search.from, to: search.to, by });
  const report = data?.by === by ? data : null;
  const groupLabel = SALES_GROUP_LABELS[by];
  return (
    <ReportSection
      id="sales"
      title={`Sales by ${groupLabel.toLowerCase()}`}
      description="Booked: the orders placed in the period, at their invoices' totals. Cancelled: what of that was credited. Net: booked less cancelled. Delivered: the runs that started in the period and have ended, at their invoice lines' prices. Collected: card and manual payments received, less refunds."
      error={error}
      loading={status === 'pending'}
      download={() => reportCsv('sales', { from: search.from, to: search.to, by }, `sales-by-${by}.csv`)}
      filename={`sales-by-${by}.csv`}
      controls={
        <nav aria-label="Group sales by">
          <ul className="flex flex-wrap gap-2">
            {SALES_GROUPS.map((group) => (
              <li key={group}>
                <SiteLink
                  href={hrefOf({ ...search, by: group })}
                  aria-current={group === by ? 'true' : undefined}
                  className={`inline-flex h-11 items-center rounded-button border-2 px-3 text-sm font-semibold ${
                    group === by
                      ? 'border-primary bg-primary-50 text-primary-900'
                      : 'border-primary-100 text-ink-soft hover:border-primary-300'
                  }`}
                >
                  By {SALES_GROUP_LABELS[group].toLowerCase()}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      }
      chart={
        report && report.rows.length > 0
          ? {
              rows: report.rows.map((row) => ({
                label: by === 'month' ? monthWords(row.key) : row.label,
                net: row.net_cents,
                delivered: row.delivered_cents,
                ...(by === 'month' ? { collected: row.collected_cents ?? 0 } : {}),
              })),
              category: 'label',
              series: [
                { key: 'net', name: 'Net booked' },
                { key: 'delivered', name: 'Delivered' },
                ...(by === 'month' ? [{ key: 'collected', name: 'Collected' }] : []),
              ],
              format: axisMoney,
            }
          : null
      }
      table={
        <DataTable
          caption={`Sales by ${groupLabel.toLowerCase()}${report ? `, ${monthWords(report.from)} to ${monthWords(report.to)}` : ''}`}
          columns={columnsFor(by, groupLabel)}
          rows={report ? [...report.rows, report.totals] : []}
          rowId={(row) => row.key}
          empty={status === 'pending' ? 'Loading the sales…' : 'No sales in this period.'}
          busy={status === 'pending'}
        />
      }
    />
  );
}
