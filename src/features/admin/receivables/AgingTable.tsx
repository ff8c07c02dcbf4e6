import type { ReceivablesReport, ReceivablesRow } from '../../../../contract/adminReceivables';
import { SiteLink } from '../../../ui/SiteLink';

const amountCell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** A bucket's amount: nothing owed reads as a dash, so the amounts that matter stand out. */
function Amount({ cents, formatted }: { cents: number; formatted: string }) {
  return cents === 0 ? (
    <span className="text-ink-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">$0.00</span>
    </span>
  ) : (
    formatted
  );
}

/** The cells after the company's: its buckets, its total, its oldest days overdue. */
function OwedCells({
  owed,
  report,
}: {
  owed: Omit<ReceivablesRow, 'coid' | 'name' | 'rep'>;
  report: ReceivablesReport;
}) {
  return (
    <>
      {report.buckets.map((bucket) => (
        <td key={bucket.key} className={amountCell}>
          <Amount {...owed.buckets[bucket.key]} />
        </td>
      ))}
      <td className={`${amountCell} font-semibold`}>{owed.total.formatted}</td>
      <td className={amountCell}>{owed.oldest_days_overdue === 0 ? '—' : owed.oldest_days_overdue}</td>
    </>
  );
}

/**
 * The aging table: one row per company (its name opens its customer page), the five buckets, its
 * total and oldest days overdue, and the totals row. A real table that scrolls sideways on a phone:
 * the buckets only mean something side by side. It is the positioned box of the hidden words in its
 * cells, so they scroll with it instead of widening the page.
 */
export function AgingTable({ report }: { report: ReceivablesReport }) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-primary-100 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Receivables by age, as of {report.as_of}</caption>
        <thead className="border-b border-primary-100 text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Company
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Rep
            </th>
            {report.buckets.map((bucket) => (
              <th
                key={bucket.key}
                scope="col"
                className="px-3 py-2 text-right font-semibold whitespace-nowrap"
              >
                {bucket.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Total
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
              Oldest (days)
            </th>
          </tr>
        </thead>
        <tbody>
          {report.companies.map((row) => (
            <tr key={row.coid} className="border-b border-primary-50">
              <th scope="row" className="px-3 py-2 font-semibold">
                <SiteLink href={`/admin/customers/${row.coid}`} className="text-primary-700 underline">
                  {row.name}
                </SiteLink>
                <span className="block text-xs font-normal text-ink-muted">
                  {row.invoices} {row.invoices === 1 ? 'invoice' : 'invoices'}
                </span>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{row.rep ?? '—'}</td>
              <OwedCells owed={row} report={report} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-primary-100 font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2">
              Total
            </th>
            <td className="px-3 py-2" />
            <OwedCells owed={report.totals} report={report} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
