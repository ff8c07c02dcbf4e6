import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { CreditView, OpenInvoice, PaymentView } from '../../../../contract/adminMoney';
import { MANUAL_PAYMENT_LABELS } from '../../../../contract/moneyWords';
import { dayInWords } from '../../../../contract/schedule';
import { adminHref } from '../../../lib/adminSearch/address';
import { moneyCompanyLogic } from '../../../system/admin/money';
import { useKeyedRequest } from '../../../system/hooks/request';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { PageMeta } from '../../../ui/PageMeta';
import { STATUS_LABELS } from '../../billing/invoiceWords';
import { columnsOf, DataTable } from '../table/DataTable';
import { CreditDialog } from './CreditDialog';
import { RecordPaymentDialog } from './RecordPaymentDialog';

const day = (iso: string) => dayInWords(iso.slice(0, 10));

type Open = { kind: 'payment' } | { kind: 'credit'; credit: CreditView | null } | null;

/** No company in the address: its id, as its page shows it (the customers page links here with it). */
function CompanyPicker() {
  const navigate = useNavigate();
  const [coid, setCoid] = useState('');
  return (
    <form
      aria-label="Choose a company"
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-primary-100 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (coid.trim()) void navigate({ href: adminHref('/admin/money', { company: coid.trim() }) });
      }}
    >
      <TextField
        label="Company id"
        name="company"
        required
        value={coid}
        onValueChange={setCoid}
        hint="The company's id from its customer page."
        className="min-w-72 flex-1"
      />
      <Button type="submit">Show</Button>
    </form>
  );
}

const invoiceColumn = columnsOf<OpenInvoice>();
const invoiceColumns = [
  invoiceColumn.accessor('number', { header: 'Invoice' }),
  invoiceColumn.accessor('issued_at', { header: 'Issued', cell: (info) => day(info.getValue()) }),
  invoiceColumn.accessor('due_at', { header: 'Due', cell: (info) => day(info.getValue()) }),
  invoiceColumn.accessor('total_formatted', { header: 'Total' }),
  invoiceColumn.accessor('balance_formatted', { header: 'Balance' }),
  invoiceColumn.accessor('status', { header: 'Status', cell: (info) => STATUS_LABELS[info.getValue()] }),
];

const paymentColumn = columnsOf<PaymentView>();
const paymentColumns = [
  paymentColumn.accessor('date', { header: 'Received', cell: (info) => dayInWords(info.getValue()) }),
  paymentColumn.accessor('method', {
    header: 'Method',
    cell: (info) => MANUAL_PAYMENT_LABELS[info.getValue()],
  }),
  paymentColumn.accessor('reference', { header: 'Reference' }),
  paymentColumn.accessor('amount_formatted', { header: 'Amount' }),
  paymentColumn.accessor(
    (p) => p.allocations.map((a) => `${a.invoice} ${a.amount_formatted}`).join(', ') || '—',
    {
      id: 'paid',
      header: 'Paid',
    },
  ),
  paymentColumn.accessor('recorded_by', { header: 'Recorded by' }),
];

/** One company's money: open invoices, credits (with Apply), recent payments, and the two dialogs. */
function CompanyMoney({ coid }: { coid: string }) {
  const [version, setVersion] = useState(0);
  const { data, error } = useKeyedRequest(moneyCompanyLogic, { coid, version });
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const done = useCallback((message: string) => {
    setOpen(null);
    setNotice(message);
    setVersion((n) => n + 1);
  }, []);
  // A lost answer: the lists reload under the dialog, so whether it was recorded can be seen there.
  const unknown = useCallback(() => setVersion((n) => n + 1), []);

  if (error && !data) return <FormAlert tone="error">{error}</FormAlert>;
  if (!data) return <p className="text-ink-soft">Loading the company…</p>;
  const { company, activity } = data;
  const invoices = company.open_invoices;

  const creditColumn = columnsOf<CreditView>();
  const creditColumns = [
    creditColumn.accessor('created_at', { header: 'Given', cell: (info) => day(info.getValue()) }),
    creditColumn.accessor('reason', { header: 'Reason' }),
    creditColumn.accessor('amount_formatted', { header: 'Amount' }),
    creditColumn.accessor('remaining_formatted', { header: 'Left' }),
    creditColumn.display({
      id: 'apply',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const credit = info.row.original;
        if (credit.remaining <= 0 || invoices.length === 0) return null;
        return (
          <Button
            variant="secondary"
            aria-label={`Apply the credit “${credit.reason}” (${credit.remaining_formatted} left)`}
            onClick={() => setOpen({ kind: 'credit', credit })}
          >
            Apply
          </Button>
        );
      },
    }),
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageMeta title={`Money · ${company.name} · Back office`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-2xl font-bold text-primary-900">Money: {company.name}</h1>
          <p className="text-ink-soft">Credit available: {company.credit_left_formatted}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A payment pays invoices (the server asks for at least one): with none open it has nothing to pay. */}
          <Button
            disabled={invoices.length === 0}
            aria-describedby={invoices.length === 0 ? 'money-nothing-to-pay' : undefined}
            onClick={() => setOpen({ kind: 'payment' })}
          >
            Record a payment
          </Button>
          <Button variant="secondary" onClick={() => setOpen({ kind: 'credit', credit: null })}>
            Issue a credit
          </Button>
        </div>
      </div>
      {invoices.length === 0 ? (
        <p id="money-nothing-to-pay" className="text-ink-soft">
          No invoice is open, so there is nothing to pay: a payment cannot be recorded. A credit can still be
          issued.
        </p>
      ) : null}
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <DataTable
        caption="Open invoices"
        columns={invoiceColumns}
        rows={invoices}
        rowId={(i) => i.number}
        empty="Nothing is owed: every invoice is paid or void."
      />
      <DataTable
        caption="Credits"
        columns={creditColumns}
        rows={company.credits}
        rowId={(c) => String(c.id)}
        empty="No credits."
      />
      <DataTable
        caption="Recent payments"
        columns={paymentColumns}
        rows={activity.payments}
        rowId={(p) => String(p.id)}
        empty="No payments recorded by hand yet."
      />
      {open?.kind === 'payment' ? (
        <RecordPaymentDialog
          company={company.coid}
          today={company.today}
          invoices={invoices}
          onDone={done}
          onUnknown={unknown}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'credit' ? (
        <CreditDialog
          company={company.coid}
          credit={open.credit}
          invoices={invoices}
          onDone={done}
          onUnknown={unknown}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** /admin/money?company=<coid>: money that arrives outside Stripe (issue 32). */
export function MoneyPage({ company }: { company: string | null }) {
  if (company) return <CompanyMoney key={company} coid={company} />;
  return (
    <div className="flex flex-col gap-6">
      <PageMeta title="Money · Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">Money</h1>
      <p className="text-ink-soft">
        Record checks, ACH transfers and wires against a company's invoices, and give it credits.
      </p>
      <CompanyPicker />
    </div>
  );
}
