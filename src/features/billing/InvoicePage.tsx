import { useSelector } from '@xstate/react';
import { ArrowLeft, Download, FileX, Landmark } from 'lucide-react';
import { createActor } from 'xstate';
import type { Invoice, InvoiceDetail } from '../../../contract/billing';
import { boughtRouteInWords, PIECES_NOT_KEPT } from '../../../contract/directMail';
import { formatCentsExact } from '../../../contract/money';
import { selectPdfDownloading, selectPdfError } from '../../../machines/billing/invoicePdf.machine';
import type { Result } from '../../api/result';
import { saveFile } from '../../lib/saveFile';
import { endSentence } from '../../lib/sentence';
import { useLoadedApp } from '../../system/AppContext';
import { invoicePdfLogic } from '../../system/account';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { SiteLink } from '../../ui/SiteLink';
import { DashboardSection, EmptyState } from '../dashboard/DashboardLayout';
import { dayInWords } from '../orders/orderWords';
import { InvoicePaymentPanel } from './InvoicePaymentPanel';
import { STATUS_LABELS, statusChip } from './invoiceWords';

const day = (iso: string) => dayInWords(iso.slice(0, 10));
const dollars = (amount: number) => formatCentsExact(Math.round(amount * 100));

function PdfButton({ number }: { number: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(invoicePdfLogic(saveFile), { ...app.actorOptions, input: { number } }),
  );
  const downloading = useSelector(actor, selectPdfDownloading);
  const error = useSelector(actor, selectPdfError);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button inactive={downloading} onClick={() => actor.send({ type: 'invoice.download' })}>
        <Download aria-hidden="true" className="size-4" />
        {downloading ? 'Preparing the PDF…' : 'Download PDF'}
      </Button>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}

function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">What this invoice charges</caption>
      <thead className="border-b border-primary-100 text-xs font-bold tracking-wide text-ink-muted uppercase">
        <tr>
          <th scope="col" className="py-2 pr-3">
            Order
          </th>
          <th scope="col" className="py-2 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-primary-50 align-top">
        {invoice.lines.map((line) => (
          <tr key={line.order_number}>
            <td className="py-3 pr-3">
              <SiteLink
                href={`/orders/${line.order_number}`}
                className="font-semibold text-primary-700 underline-offset-2 hover:underline"
              >
                {line.order_number}
              </SiteLink>
              <p className="text-ink">
                {line.title} <span className="text-ink-muted">· {line.market}</span>
              </p>
              <ul aria-label={`Runs of ${line.order_number}`} className="text-sm text-ink-muted">
                {line.runs.map((run) => (
                  <li key={run.label}>
                    {run.label}: <span className="whitespace-nowrap">{run.amount_formatted}</span>
                  </li>
                ))}
              </ul>
              {line.bought_routes?.length ? (
                <p className="max-w-prose text-sm text-ink-muted">
                  Carrier routes
                  {line.bought_routes.some((r) => r.pieces !== null) ? ' (zip, route, pieces)' : ''}:{' '}
                  {line.bought_routes.map(boughtRouteInWords).join(', ')}
                  {line.bought_routes.some((r) => r.pieces === null) ? `. ${PIECES_NOT_KEPT}` : ''}
                </p>
              ) : null}
              {line.discount > 0 ? (
                <p className="text-sm text-ink-muted">
                  {dollars(line.subtotal)} less a volume discount of {dollars(line.discount)}
                </p>
              ) : null}
            </td>
            <td className="py-3 text-right font-semibold whitespace-nowrap text-ink">
              {line.amount_formatted}
            </td>
          </tr>
        ))}
        {invoice.credits.map((credit) => (
          <tr key={`credit-${credit.order_number}`}>
            <td className="py-3 pr-3 text-ink">
              Credit: order {credit.order_number} cancelled on {day(credit.at)}
            </td>
            <td className="py-3 text-right font-semibold whitespace-nowrap text-coral-700">
              {credit.amount_formatted}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-primary-100">
        <tr>
          <th scope="row" className="pt-3 pr-3 text-right font-semibold text-ink-soft">
            Total
          </th>
          <td className="pt-3 text-right font-semibold whitespace-nowrap">{invoice.total_formatted}</td>
        </tr>
        {invoice.payment.paid > 0 ? (
          <tr>
            <th scope="row" className="pt-1 pr-3 text-right font-semibold text-ink-soft">
              {invoice.payment.received.length > 0 ? 'Paid' : 'Paid by card'}
            </th>
            <td className="pt-1 text-right font-semibold whitespace-nowrap text-mint-700">
              -{invoice.payment.paid_formatted}
            </td>
          </tr>
        ) : null}
        {invoice.payment.credits_applied.map((credit) => (
          <tr key={`${credit.reason}-${credit.at}`}>
            <th scope="row" className="pt-1 pr-3 text-right font-semibold text-ink-soft">
              Credit applied
            </th>
            <td className="pt-1 text-right font-semibold whitespace-nowrap text-mint-700">
              -{credit.amount_formatted}
            </td>
          </tr>
        ))}
        {invoice.payment.refunded > 0 ? (
          <tr>
            <th scope="row" className="pt-1 pr-3 text-right font-semibold text-ink-soft">
              Refunded to the card
            </th>
            <td className="pt-1 text-right font-semibold whitespace-nowrap">
              {invoice.payment.refunded_formatted}
            </td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" className="pt-1 pr-3 text-right font-bold text-ink">
            Balance due
          </th>
          <td className="pt-1 text-right font-display text-xl font-bold whitespace-nowrap text-primary-900">
            {invoice.balance_formatted}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** How to pay it, as the PDF says: the ways to pay and the reference to quote; nothing left to pay for a void one. */
function HowToPay({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <section aria-labelledby="how-to-pay" className="rounded-2xl border border-primary-100 p-4 tb:p-5">
      <h2 id="how-to-pay" className="flex items-center gap-2 text-lg font-bold text-ink">
        <Landmark aria-hidden="true" className="size-5 text-primary" />
        How to pay
      </h2>
      {invoice.balance > 0 ? (
        <>
          <p className="mt-1 text-ink-soft">
            Pay {invoice.balance_formatted} by {day(invoice.due_at)} to {endSentence(invoice.from.name)}
          </p>
          <ul className="mt-3 grid gap-1.5 [overflow-wrap:anywhere]">
            {invoice.how_to_pay.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-ink-muted">
            Questions about this invoice: {invoice.from.email} · {invoice.from.phone}
          </p>
        </>
      ) : (
        <p className="mt-1 text-ink-soft">Nothing is left to pay on this invoice.</p>
      )}
    </section>
  );
}

/** /billing/{number}: one invoice as its PDF says it, with the orders it charges and their credits. */
export function InvoicePage({ invoice }: { invoice: Result<InvoiceDetail> }) {
  const back = (
    <SiteLink
      href="/billing"
      className="inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All invoices
    </SiteLink>
  );
  if (!invoice.ok) {
    return (
      <DashboardSection title="Invoice" intro={back}>
        <EmptyState
          icon={<FileX aria-hidden="true" className="size-7" />}
          title="This invoice cannot be shown"
        >
          <p>{invoice.message || 'It could not be loaded. Reload the page to try again.'}</p>
        </EmptyState>
      </DashboardSection>
    );
  }
  const data = invoice.data;
  const to = data.bill_to;
  return (
    <DashboardSection title={`Invoice ${data.number}`} intro={back}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-ink-muted">Status</dt>
            <dd>
              <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusChip(data.status)}`}>
                {STATUS_LABELS[data.status]}
              </span>
            </dd>
            <dt className="text-ink-muted">Issued</dt>
            <dd>{day(data.issued_at)}</dd>
            <dt className="text-ink-muted">Due</dt>
            <dd>{day(data.due_at)}</dd>
          </dl>
          <PdfButton number={data.number} />
        </div>
        <div className="grid gap-3 tb:grid-cols-2">
          <address className="rounded-2xl bg-primary-50/60 p-4 not-italic">
            <p className="text-xs font-bold tracking-wide text-ink-muted uppercase">From</p>
            <p className="font-semibold text-ink">{data.from.name}</p>
            {data.from.address.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
              {data.from.email} · {data.from.phone}
            </p>
          </address>
          <address className="rounded-2xl bg-primary-50/60 p-4 not-italic">
            <p className="text-xs font-bold tracking-wide text-ink-muted uppercase">Bill to</p>
            <p className="font-semibold text-ink">{to.name}</p>
            <p>{to.company}</p>
            <p>{to.address}</p>
            <p>
              {to.city}, {to.state} {to.zip}
            </p>
            <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
              {to.email} · {to.phone}
              {to.po_number ? ` · PO ${to.po_number}` : ''}
            </p>
          </address>
        </div>
        <Lines invoice={data} />
        <InvoicePaymentPanel invoice={data} />
        <HowToPay invoice={data} />
      </div>
    </DashboardSection>
  );
}
