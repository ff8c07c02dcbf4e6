import { RISK_FILE_STATE_LABELS, type RiskyRun } from '../../../../contract/adminReports';
import { reportCsv } from '../../../api/admin/reports';
import { filesAtRiskLogic } from '../../../system/admin/reports';
import { useKeyedRequest } from '../../../system/hooks/request';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable } from '../table/DataTable';
import { ReportSection } from './ReportSection';
import { count, dayWords } from './reportWords';

const column = columnsOf<RiskyRun>();
const COLUMNS = [
  column.accessor('order_number', {
    header: 'Order',
    cell: (info) => (
      <SiteLink
        href={`/admin/orders/${info.getValue()}`}
        className="font-semibold text-primary-700 underline"
      >
        {info.getValue()}
      </SiteLink>
    ),
  }),
  column.accessor('company', {
    header: 'Company',
    cell: (info) => <span className="break-words">{info.getValue()}</span>,
  }),
  column.accessor('placement', { header: 'Placement' }),
  column.accessor('run_label', { header: 'Run' }),
  column.accessor('ad_due_at', {
    header: 'Ad due',
    cell: (info) => <span className="whitespace-nowrap">{dayWords(info.getValue())}</span>,
  }),
  column.accessor('file_state', {
    header: 'File',
    cell: (info) => {
      const name = info.row.original.file_name;
      return (
        <span>
          {RISK_FILE_STATE_LABELS[info.getValue()]}
          {name ? <span className="block text-xs break-all text-ink-muted">{name}</span> : null}
        </span>
      );
    },
  }),
];

/** The runs due per day, for the chart: every day of the runs' due days, in order. */
function dueByDay(runs: readonly RiskyRun[]) {
  const days = new Map<string, number>();
  for (const run of runs) {
    const day = dayWords(run.ad_due_at);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return [...days].map(([day, runs]) => ({ day, runs }));
}

/** Runs whose ad is due within 7 days with no approved file: whom to chase first. */
export function FilesAtRiskSection() {
  const { status, data, error } = useKeyedRequest(filesAtRiskLogic, 'now');
  const runs = data?.runs ?? [];
  return (
    <ReportSection
      id="files-at-risk"
      title="Ad files at risk"
      description="Runs of orders not cancelled whose ad is due within the next 7 days and that have no approved file yet, soonest first."
      error={error}
      loading={status === 'pending'}
      download={() => reportCsv('files-at-risk', {}, 'files-at-risk.csv')}
      filename="files-at-risk.csv"
      chart={
        runs.length > 0
          ? {
              rows: dueByDay(runs),
              category: 'day',
              series: [{ key: 'runs', name: 'Runs due' }],
              format: count,
              wholeNumbers: true,
            }
          : null
      }
      table={
        <DataTable
          caption="Ad files at risk"
          columns={COLUMNS}
          rows={runs}
          rowId={(run) => `${run.order_number}/${run.run}`}
          empty={
            status === 'pending'
              ? 'Loading the runs…'
              : 'Every run due in the next 7 days has an approved file.'
          }
          busy={status === 'pending'}
        />
      }
    />
  );
}
