import type { AdminInvoice } from '../../../../contract/adminInvoice';
import { adminInvoiceLogic } from '../../../system/admin/receivables';
import { useKeyedRequest } from '../../../system/hooks/request';
import { PageMeta } from '../../../ui/PageMeta';
import { SiteLink } from '../../../ui/SiteLink';
import { STATUS_LABELS } from '../../billing/invoiceWords';
import { InvoiceMoney } from './InvoiceMoney';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Totals({ totals }: { totals: AdminInvoice['totals'] }) {
  const rows = [
    ['Total', totals.total],
    ['Credited (cancelled orders)', totals.credited],
    ['Paid', totals.paid],
    ['Credit applied', totals.credit_applied],
    ['Refunded', totals.refunded],
  ] as const;
  return (
    <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, money]) => (
        <div key={label} className="contents">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="text-right tabular-nums">{money.formatted}</dd>
        </div>
      ))}
      <div className="contents font-bold">
        <dt>Balance</dt>
        <dd className="text-right tabular-nums">{totals.balance.formatted}</dd>
      </div>
    </dl>
  );
}

/**
 * /admin/invoices/{number}: one invoice as the back office chases it: its company, lines and totals,
 * every payment and credit against it, and the reminders sent (a rep's only of their companies).
 */
export function AdminInvoicePage({ number }: { number: string }) {
  const { status, data: invoice, error, retry } = useKeyedRequest(adminInvoiceLogic, number);
  if (error)
    return (
      <p role="alert" className="text-coral-700">
        {error}{' '}
        <button type="button" className="underline" onClick={retry}>
          Try again
        </button>
      </p>
    );
  if (!invoice || status === 'pending') return <p aria-live="polite">Loading invoice {number}…</p>;
  const late = invoice.days_past_due;
  return (
    <div className="grid gap-6">
      <PageMeta title={`Invoice ${invoice.number} · Back office`} />
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold text-primary-900">Invoice {invoice.number}</h1>
        <p className="text-ink-soft">
          <SiteLink href={`/admin/customers/${invoice.company.coid}`} className="text-primary-700 underline">
            {invoice.company.name}
          </SiteLink>{' '}
          · {STATUS_LABELS[invoice.status]}
          {late > 0 && invoice.totals.balance.cents > 0
            ? ` · ${late} ${late === 1 ? 'day' : 'days'} past due`
            : ''}
        </p>
        <p className="text-sm text-ink-muted">
          Issued {day(invoice.issued_at)} · Due {day(invoice.due_at)} (net {invoice.terms_days}) ·{' '}
          {invoice.payment_method === 'card' ? 'Paid by card at checkout' : 'On invoice'}
        </p>
      </header>
      <section aria-label="Bill to" className="grid gap-1 text-sm">
        <h2 className="text-lg font-bold text-ink">Bill to</h2>
        <p>
          {invoice.bill_to.name}, {invoice.bill_to.company}
          <br />
          {invoice.bill_to.address}, {invoice.bill_to.city}, {invoice.bill_to.state} {invoice.bill_to.zip}
          <br />
          {invoice.bill_to.email} · {invoice.bill_to.phone}
        </p>
      </section>
      <section aria-label="Lines" className="grid gap-2">
        <h2 className="text-lg font-bold text-ink">Lines</h2>
        <ul className="grid gap-1 text-sm">
          {invoice.lines.map((line) => (
            <li key={line.order_number} className="flex flex-wrap justify-between gap-2">
              <span>
                <SiteLink href={`/admin/orders/${line.order_number}`} className="text-primary-700 underline">
                  {line.order_number}
                </SiteLink>{' '}
                {line.title}
                {line.cancelled ? <span className="text-ink-muted"> (cancelled, credited)</span> : null}
              </span>
              <span className={`tabular-nums ${line.cancelled ? 'line-through text-ink-muted' : ''}`}>
                {line.total.formatted}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Totals" className="grid gap-2">
        <h2 className="text-lg font-bold text-ink">Totals</h2>
        <Totals totals={invoice.totals} />
      </section>
      <InvoiceMoney invoice={invoice} />
    </div>
  );
}
