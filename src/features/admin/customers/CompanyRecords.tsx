import type { ReactNode } from 'react';
import type { CompanyDetail } from '../../../../contract/adminCompanies';
import type { AuditEntry } from '../../../../contract/audit';
import { SiteLink } from '../../../ui/SiteLink';
import { STATUS_LABELS } from '../../billing/invoiceWords';
import { columnsOf, DataTable } from '../table/DataTable';

/** The company's orders, invoices, credits, files and audit entries, newest first. */

type Order = CompanyDetail['orders'][number];
type Invoice = CompanyDetail['invoices'][number];
type Credit = CompanyDetail['credits'][number];
type File = CompanyDetail['files'][number];

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US');
const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
const link = 'font-semibold text-primary-700 underline';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

const order = columnsOf<Order>();
const ORDER_COLUMNS = [
  order.accessor('number', {
    header: 'Order',
    cell: (info) => (
      <SiteLink href={`/admin/orders/${info.getValue()}`} className={link}>
        {info.getValue()}
      </SiteLink>
    ),
  }),
  order.accessor('name', { header: 'Placement' }),
  order.accessor((o) => day(o.placed_at), { id: 'placed', header: 'Placed' }),
  order.accessor((o) => o.total.formatted, { id: 'total', header: 'Total' }),
  order.accessor((o) => capital(o.status), { id: 'status', header: 'Status' }),
];

const invoice = columnsOf<Invoice>();
const INVOICE_COLUMNS = [
  invoice.accessor('number', {
    header: 'Invoice',
    cell: (info) => (
      <SiteLink href={`/admin/invoices/${info.getValue()}`} className={link}>
        {info.getValue()}
      </SiteLink>
    ),
  }),
  invoice.accessor((i) => day(i.issued_at), { id: 'issued', header: 'Issued' }),
  invoice.accessor((i) => day(i.due_at), { id: 'due', header: 'Due' }),
  invoice.accessor((i) => i.total.formatted, { id: 'total', header: 'Total' }),
  invoice.accessor((i) => i.balance.formatted, { id: 'balance', header: 'Balance' }),
  invoice.accessor((i) => STATUS_LABELS[i.status], { id: 'status', header: 'Status' }),
];

const credit = columnsOf<Credit>();
const CREDIT_COLUMNS = [
  credit.accessor((c) => day(c.created_at), { id: 'created', header: 'Given' }),
  credit.accessor('reason', { header: 'Reason' }),
  credit.accessor((c) => c.amount.formatted, { id: 'amount', header: 'Amount' }),
  credit.accessor((c) => c.remaining.formatted, { id: 'remaining', header: 'Left' }),
];

const file = columnsOf<File>();
const FILE_COLUMNS = [
  file.accessor('name', {
    header: 'File',
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  file.accessor((f) => capital(f.status), { id: 'status', header: 'Status' }),
  file.accessor((f) => (f.order ? `${f.order}${f.run ? ` · ${f.run}` : ''}` : 'Library'), {
    id: 'order',
    header: 'Order and run',
  }),
  file.accessor((f) => day(f.uploaded_at), { id: 'uploaded', header: 'Sent' }),
];

const entry = columnsOf<AuditEntry>();
const AUDIT_COLUMNS = [
  entry.accessor((e) => new Date(e.at).toLocaleString('en-US'), { id: 'at', header: 'When' }),
  entry.accessor('actor', {
    header: 'Who',
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  entry.accessor('action', {
    header: 'Action',
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  entry.accessor(
    (e) =>
      e.changes.map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`).join('; '),
    {
      id: 'changes',
      header: 'Changes',
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    },
  ),
];

export function CompanyRecords({ company }: { company: CompanyDetail }) {
  return (
    <>
      <Section id="orders" title="Orders">
        <DataTable
          caption="Orders"
          columns={ORDER_COLUMNS}
          rows={company.orders}
          rowId={(o) => o.number}
          empty="No order yet."
        />
      </Section>
      <Section id="invoices" title="Invoices">
        <DataTable
          caption="Invoices"
          columns={INVOICE_COLUMNS}
          rows={company.invoices}
          rowId={(i) => i.number}
          empty="No invoice yet."
        />
      </Section>
      <Section id="credits" title="Credits">
        <DataTable
          caption="Credits"
          columns={CREDIT_COLUMNS}
          rows={company.credits}
          rowId={(c) => c.id}
          empty="No credit given."
        />
      </Section>
      <Section id="files" title="Files">
        <DataTable
          caption="Files"
          columns={FILE_COLUMNS}
          rows={company.files}
          rowId={(f) => f.id}
          empty="No file sent."
        />
      </Section>
      <Section id="audit" title="Audit">
        <DataTable
          caption="Audit entries"
          columns={AUDIT_COLUMNS}
          rows={company.audit}
          rowId={(e) => e.id}
          empty="No staff change recorded."
        />
      </Section>
    </>
  );
}
