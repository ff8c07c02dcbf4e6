import { fetchReceivablesCsv } from '../../../api/admin/receivables';
import { receivablesLogic } from '../../../system/admin/receivables';
import { useKeyedRequest } from '../../../system/hooks/request';
import { buttonClasses } from '../../../ui/Button';
import { DownloadButton } from '../../../ui/DownloadButton';
import { PageMeta } from '../../../ui/PageMeta';
import { AgingTable } from './AgingTable';

const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * /admin/receivables: what every company owes on its open invoices, aged by days past due, with the
 * totals and a CSV of the same (a rep sees only their companies: the server answers only those).
 */
export function ReceivablesPage() {
  const { status, data: report, error, retry } = useKeyedRequest(receivablesLogic, 0);
  const filename = `receivables-${report?.as_of ?? 'today'}.csv`;
  return (
    <div className="flex flex-col gap-6">
      <PageMeta title="Receivables · Back office" />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-2xl font-bold text-primary-900">Receivables</h1>
          {report ? (
            <p className="text-sm text-ink-soft">
              Open invoices by days past due, as of {dayInWords(report.as_of)} (UTC).
            </p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-1">
          <DownloadButton
            className={buttonClasses('secondary')}
            fetchFile={() => fetchReceivablesCsv(filename)}
            filename={filename}
          >
            Download CSV
          </DownloadButton>
        </div>
      </header>
      {error ? (
        <p role="alert" className="text-coral-700">
          {error}{' '}
          <button type="button" className="underline" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
      {!report && status === 'pending' ? <p aria-live="polite">Loading the receivables…</p> : null}
      {report && report.companies.length === 0 ? (
        <p className="rounded-card border border-primary-100 bg-white p-6 text-ink-soft">
          No company owes anything on an open invoice.
        </p>
      ) : null}
      {report && report.companies.length > 0 ? <AgingTable report={report} /> : null}
    </div>
  );
}
