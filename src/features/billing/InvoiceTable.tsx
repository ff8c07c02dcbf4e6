import { CreditCard, Download } from 'lucide-react';
import type { Invoice } from '../../../contract/billing';
import { Button } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords } from '../orders/orderWords';
import { STATUS_LABELS, statusChip } from './invoiceWords';

const day = (iso: string) => dayInWords(iso.slice(0, 10));

function StatusChip({ invoice }: { invoice: Invoice }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusChip(invoice.status)}`}
    >
      {STATUS_LABELS[invoice.status]}
    </span>
  );
}

function OrderLinks({ invoice }: { invoice: Invoice }) {
  return (
    <ul className="flex flex-col">
      {invoice.orders.map((number) => (
        <li key={number}>
          <SiteLink
            href={`/orders/${number}`}
            className="font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            {number}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

/** What is left to pay, and what a cancellation credited. */
function Amounts({ invoice }: { invoice: Invoice }) {
  const credited = invoice.credits.length > 0;
  return (
    <>
      <span className="font-semibold text-ink">{invoice.total_formatted}</span>
      {credited ? (
        <span className="block text-sm text-ink-muted">
          Credited: {invoice.credits.map((c) => c.amount_formatted).join(', ')}; balance{' '}
          {invoice.balance_formatted}
        </span>
      ) : null}
    </>
  );
}

interface RowProps {
  invoice: Invoice;
  downloading: boolean;
  onDownload(): void;
}

/** Pay now: to Stripe's page for what is left, when this person may pay and this server takes cards. */
export function PayButton({ invoice, paying, onPay }: { invoice: Invoice; paying: boolean; onPay(): void }) {
  if (!invoice.can_pay) return null;
  return (
    <Button inactive={paying} onClick={onPay} aria-label={`Pay now, ${invoice.number}`}>
      <CreditCard aria-hidden="true" className="size-4" />
      {paying ? 'Opening…' : 'Pay now'}
    </Button>
  );
}

function DownloadButton({ invoice, downloading, onDownload }: RowProps) {
  return (
    <Button
      variant="secondary"
      inactive={downloading}
      onClick={onDownload}
      aria-label={`Download ${invoice.number} as PDF`}
    >
      <Download aria-hidden="true" className="size-4" />
      {downloading ? 'Preparing…' : 'PDF'}
    </Button>
  );
}

interface Actions {
  downloading: string | null;
  onDownload(number: string): void;
  /** The invoice whose payment is starting. */
  paying: string | null;
  onPay(number: string): void;
}

/** An invoice's Pay now (when it may be paid) and its PDF. */
function RowActions({ invoice, downloading, onDownload, paying, onPay }: Actions & { invoice: Invoice }) {
  return (
    <>
      <PayButton invoice={invoice} paying={paying === invoice.number} onPay={() => onPay(invoice.number)} />
      <DownloadButton
        invoice={invoice}
        downloading={downloading === invoice.number}
        onDownload={() => onDownload(invoice.number)}
      />
    </>
  );
}

/**
 * The invoices: a table on wider screens, one card each on a phone (the other is hidden, for people
 * and screen readers alike). Each links its orders and downloads its PDF.
 */
export function InvoiceTable({ invoices, ...actions }: { invoices: readonly Invoice[] } & Actions) {
  return (
    <>
      <table className="hidden w-full text-left tb:table">
        <caption className="sr-only">Invoices</caption>
        <thead className="border-b border-primary-100 text-xs font-bold tracking-wide text-ink-muted uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Invoice
            </th>
            <th scope="col" className="py-2 pr-3">
              Issued
            </th>
            <th scope="col" className="py-2 pr-3">
              Orders
            </th>
            <th scope="col" className="py-2 pr-3">
              Total
            </th>
            <th scope="col" className="py-2 pr-3">
              Due
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Pay or download</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-primary-50 align-top">
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <th scope="row" className="py-3 pr-3 font-semibold text-ink">
                <SiteLink
                  href={`/billing/${invoice.number}`}
                  className="text-primary-700 underline-offset-2 hover:underline"
                >
                  {invoice.number}
                </SiteLink>
              </th>
              <td className="py-3 pr-3 whitespace-nowrap text-ink-soft">{day(invoice.issued_at)}</td>
              <td className="py-3 pr-3">
                <OrderLinks invoice={invoice} />
              </td>
              <td className="py-3 pr-3">
                <Amounts invoice={invoice} />
              </td>
              <td className="py-3 pr-3 whitespace-nowrap text-ink-soft">{day(invoice.due_at)}</td>
              <td className="py-3 pr-3">
                <StatusChip invoice={invoice} />
              </td>
              <td className="py-3">
                <div className="flex justify-end gap-2">
                  <RowActions invoice={invoice} {...actions} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Invoices" className="flex flex-col gap-3 tb:hidden">
        {invoices.map((invoice) => (
          <li key={invoice.number} className="rounded-2xl border border-primary-100 p-4">
            <div className="flex items-start justify-between gap-3">
              <SiteLink
                href={`/billing/${invoice.number}`}
                className="font-bold text-primary-700 underline-offset-2 hover:underline"
              >
                {invoice.number}
              </SiteLink>
              <StatusChip invoice={invoice} />
            </div>
            <dl className="mt-3 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Issued</dt>
              <dd>{day(invoice.issued_at)}</dd>
              <dt className="text-ink-muted">Due</dt>
              <dd>{day(invoice.due_at)}</dd>
              <dt className="text-ink-muted">Orders</dt>
              <dd>
                <OrderLinks invoice={invoice} />
              </dd>
              <dt className="text-ink-muted">Total</dt>
              <dd>
                <Amounts invoice={invoice} />
              </dd>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <RowActions invoice={invoice} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
