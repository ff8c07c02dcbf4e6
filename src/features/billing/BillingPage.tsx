import { CreditCard, Lock, RotateCw } from 'lucide-react';
import type { BillingContact } from '../../../contract/cart';
import type { InvoiceStatus } from '../../../contract/invoiceStatuses';
import { INVOICE_STATUSES } from '../../../contract/invoiceStatuses';
import type { Result } from '../../api/result';
import { useUserData } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { Pager } from '../../ui/Pager';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { DashboardSection, EmptyState } from '../dashboard/DashboardLayout';
import { BillingContactForm } from './BillingContactForm';
import { billingHref } from './billingHref';
import { CardPanel } from './CardPanel';
import { InvoiceTable } from './InvoiceTable';
import { STATUS_LABELS } from './invoiceWords';
import { StandingPoForm } from './StandingPoForm';
import { useInvoicePayActor, usePayError, usePaying } from './useInvoicePay';
import {
  type InvoicesActor,
  useDownloadError,
  useDownloading,
  useInvoices,
  useInvoicesError,
  useInvoicesLoading,
} from './useInvoices';

const FILTERS: ReadonlyArray<{ status: InvoiceStatus | null; label: string }> = [
  { status: null, label: 'All' },
  ...INVOICE_STATUSES.map((status) => ({ status, label: STATUS_LABELS[status] })),
];

function Filters({ current }: { current: InvoiceStatus | null }) {
  return (
    <nav aria-label="Invoice status" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-primary-100 px-1">
        {FILTERS.map(({ status, label }) => (
          <li key={label}>
            <SiteLink
              href={billingHref(status)}
              aria-current={status === current ? 'page' : undefined}
              className="-mb-px inline-flex h-11 items-center border-b-2 border-transparent px-3 font-semibold text-ink-soft hover:text-primary-700 aria-[current=page]:border-primary aria-[current=page]:text-primary-700"
            >
              {label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Totals({ actor }: { actor: InvoicesActor }) {
  const answer = useInvoices(actor);
  if (!answer) return null;
  const overdue = answer.overdue > 0;
  return (
    <dl className="grid gap-3 tb:grid-cols-2">
      <div className="rounded-2xl bg-primary-50/60 p-4">
        <dt className="text-sm font-semibold text-ink-muted">Outstanding</dt>
        <dd className="font-display text-2xl font-bold text-primary-900">{answer.outstanding_formatted}</dd>
      </div>
      <div className={`rounded-2xl p-4 ${overdue ? 'bg-coral-50' : 'bg-primary-50/60'}`}>
        <dt className="text-sm font-semibold text-ink-muted">Overdue</dt>
        <dd className={`font-display text-2xl font-bold ${overdue ? 'text-coral-700' : 'text-primary-900'}`}>
          {answer.overdue_formatted}
        </dd>
      </div>
    </dl>
  );
}

function Invoices({ actor, status }: { actor: InvoicesActor; status: InvoiceStatus | null }) {
  const answer = useInvoices(actor);
  const loading = useInvoicesLoading(actor);
  const error = useInvoicesError(actor);
  const downloading = useDownloading(actor);
  const downloadError = useDownloadError(actor);
  const pay = useInvoicePayActor();
  const paying = usePaying(pay);
  const payError = usePayError(pay);
  if (error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert tone="error">{error}</FormAlert>
        <Button variant="secondary" onClick={() => actor.send({ type: 'invoices.retry' })}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (!answer) return <Spinner label="Loading invoices" />;
  if (answer.invoices.length === 0) {
    return (
      <EmptyState
        icon={<CreditCard aria-hidden="true" className="size-7" />}
        title={status ? `No ${STATUS_LABELS[status].toLowerCase()} invoices` : 'No invoices yet'}
      >
        <p>
          {status
            ? 'Invoices of this status show here. See all of them under All.'
            : 'Each checkout gets an invoice here, due 30 days after the order, with a PDF to download.'}
        </p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={loading} className="flex flex-col gap-3">
      {[downloadError, payError].map((failed) =>
        failed ? (
          <FormAlert key={failed.message} tone="error">
            {failed.number}: {failed.message}
          </FormAlert>
        ) : null,
      )}
      <InvoiceTable
        invoices={answer.invoices}
        downloading={downloading}
        onDownload={(number) => actor.send({ type: 'invoices.download', number })}
        paying={paying}
        onPay={(number) => pay.send({ type: 'invoice.pay', number })}
      />
      <Pager page={answer.page} pages={answer.pages} hrefOf={(page) => billingHref(status, page)} />
    </div>
  );
}

/**
 * /billing for those who may pay invoices: what is owed, the invoices by status a page at a time,
 * and, for the owner and admins (`contact` loaded), the billing contact and the standing PO.
 */
function BillingForPayers({
  status,
  actor,
  contact,
  cardSession,
}: {
  status: InvoiceStatus | null;
  actor: InvoicesActor;
  contact: Result<BillingContact | null> | null;
  cardSession: string | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Totals actor={actor} />
      <Filters current={status} />
      <Invoices actor={actor} status={status} />
      {contact ? (
        <>
          <div className="border-t border-primary-50 pt-6">
            <CardPanel sessionId={cardSession} />
          </div>
          <div className="border-t border-primary-50 pt-6">
            {contact.ok ? (
              <BillingContactForm saved={contact.data} />
            ) : (
              <FormAlert tone="error">
                {contact.message || 'The billing contact could not be loaded. Reload the page to try again.'}
              </FormAlert>
            )}
          </div>
          <div className="border-t border-primary-50 pt-6">
            <StandingPoForm />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** What /billing may show the person: the billing contact (owner and admins), and whether the invoices. */
export interface BillingAccess {
  /** The saved billing contact; null when it was not asked for (the role may not read it). */
  contact: Result<BillingContact | null> | null;
  /** The owner and admins, and members once the owner lets members pay. */
  invoices: boolean;
}

/**
 * /billing: someone who may not see invoices is told who does instead (the API would refuse them);
 * `invoices`, the invoices' actor, is there only for whom may see them (./invoicesLoader.ts).
 */
export function BillingPage({
  status,
  access,
  invoices,
  cardSession = null,
}: {
  status: InvoiceStatus | null;
  access: BillingAccess;
  invoices: InvoicesActor | null;
  /** Back from Stripe's page to save a card: its session, for the card panel to look up. */
  cardSession?: string | null;
}) {
  const user = useUserData();
  return (
    <DashboardSection title="Billing" intro="Invoices for your company's orders, and where they are sent.">
      {invoices ? (
        <BillingForPayers
          status={status}
          actor={invoices}
          contact={access.contact}
          cardSession={cardSession}
        />
      ) : (
        <EmptyState
          icon={<Lock aria-hidden="true" className="size-7" />}
          title="Billing is for owners and admins"
        >
          <p>
            Your role on {user?.company ?? 'your company'}'s account is Member. Ask the owner or an admin for
            an invoice, or ask the owner to let members pay invoices; you can see who they are under{' '}
            <SiteLink href="/team" className="font-semibold text-primary-700 underline">
              Team Members
            </SiteLink>
            .
          </p>
        </EmptyState>
      )}
    </DashboardSection>
  );
}
