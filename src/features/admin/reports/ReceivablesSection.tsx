import type { ReceivablesReport } from '../../../../contract/adminReceivables';
import { fetchReceivablesCsv } from '../../../api/admin/receivables';
import { receivablesLogic } from '../../../system/admin/receivables';
import { useKeyedRequest } from '../../../system/hooks/request';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable } from '../table/DataTable';
import { ReportSection } from './ReportSection';
import { axisMoney, count } from './reportWords';

/** One line of the section's table: an aging bucket's total, or the total of all of them. */
interface BucketRow {
  key: string;
  label: string;
  cents: number;
  formatted: string;
}

const column = columnsOf<BucketRow>();
const COLUMNS = [
  column.accessor('label', {
    header: 'Days past due',
    cell: (info) => (
      <span className={info.row.original.key === 'total' ? 'font-bold' : 'font-semibold'}>
        {info.getValue()}
      </span>
    ),
  }),
  column.accessor('formatted', {
    header: 'Owed',
    cell: (info) => <span className="tabular-nums whitespace-nowrap">{info.getValue()}</span>,
  }),
];

/** The buckets in the report's order, then their total: the per-company rows live on /admin/receivables. */
const bucketRows = (report: ReceivablesReport): BucketRow[] => [
  ...report.buckets.map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    ...report.totals.buckets[bucket.key],
  })),
  { key: 'total', label: 'Total', ...report.totals.total },
];

const dayWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * What companies owe on their open invoices today, by days past due. It is a snapshot of today rather
 * than of the period, so it reads the receivables page's own report (the same request and CSV), and its
 * table holds the buckets' totals only: the companies, a long list, are one link away.
 */
export function ReceivablesSection() {
  const { status, data: report, error } = useKeyedRequest(receivablesLogic, 0);
  const filename = `receivables-${report?.as_of ?? 'today'}.csv`;
  const owing = report !== null && report.totals.total.cents !== 0;
  return (
    <ReportSection
      id="receivables"
      title="Receivables"
      description={
        <>
          What companies owe on their open invoices, by days past each invoice's due date
          {report ? `, as of ${dayWords(report.as_of)} (UTC)` : ''}: today's figures, whatever the period
          above.
          {report
            ? ` ${count(report.totals.invoices)} open invoice${report.totals.invoices === 1 ? '' : 's'}.`
            : ''}
        </>
      }
      error={error}
      loading={status === 'pending'}
      download={() => fetchReceivablesCsv(filename)}
      filename={filename}
      chart={
        report && owing
          ? {
              rows: bucketRows(report)
                .filter((row) => row.key !== 'total')
                .map((row) => ({ bucket: row.label, owed: row.cents })),
              category: 'bucket',
              series: [{ key: 'owed', name: 'Owed' }],
              format: axisMoney,
            }
          : null
      }
      table={
        <div className="flex flex-col gap-3">
          <DataTable
            caption={`Receivables by days past due${report ? `, as of ${report.as_of}` : ''}`}
            columns={COLUMNS}
            rows={report ? bucketRows(report) : []}
            rowId={(row) => row.key}
            empty={status === 'pending' ? 'Loading the receivables…' : 'No receivables could be shown.'}
            busy={status === 'pending'}
          />
          <p>
            <SiteLink href="/admin/receivables" className="font-semibold text-primary-700 underline">
              All companies' receivables
            </SiteLink>
          </p>
        </div>
      }
    />
  );
}
