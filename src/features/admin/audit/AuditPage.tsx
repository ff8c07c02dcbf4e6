import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AuditEntry } from '../../../../contract/audit';
import type { AuditFilters } from '../../../api/admin/audit';
import { adminHref } from '../../../lib/adminSearch/address';
import { auditLogic } from '../../../system/admin/lists';
import { useKeyedRequest } from '../../../system/hooks/request';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { PageMeta } from '../../../ui/PageMeta';
import { Pager } from '../../../ui/Pager';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable } from '../table/DataTable';

const FILTERS = [
  { name: 'actor', label: 'Who', type: 'text' },
  { name: 'action', label: 'Action', type: 'text' },
  { name: 'type', label: 'Record type', type: 'text' },
  { name: 'record', label: 'Record', type: 'text' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
] as const;
type FilterName = (typeof FILTERS)[number]['name'];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-ink-muted">—</span>;
  return (
    <ul className="flex flex-col gap-1">
      {entry.changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-mono text-xs font-semibold">{change.field}</span>: {shown(change.before)} →{' '}
          {shown(change.after)}
        </li>
      ))}
    </ul>
  );
}

const column = columnsOf<AuditEntry>();
const COLUMNS = [
  column.accessor('at', {
    header: 'When',
    cell: (info) => <span className="whitespace-nowrap">{when(info.getValue())}</span>,
  }),
  column.accessor('actor', {
    header: 'Who',
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  column.accessor('action', {
    header: 'Action',
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  column.accessor('record', {
    header: 'Record',
    cell: (info) => {
      const record = info.getValue();
      return record.path ? (
        <SiteLink href={record.path} className="text-primary-700 underline">
          {record.type} {record.id}
        </SiteLink>
      ) : (
        `${record.type} ${record.id}`
      );
    },
  }),
  column.display({ id: 'changes', header: 'Changes', cell: (info) => <Changes entry={info.row.original} /> }),
  column.accessor('address', { header: 'From', cell: (info) => info.getValue() ?? '—' }),
];

/** /admin/audit: every staff write, newest first, filtered by who, what, the record and the days. */
export function AuditPage({ filters }: { filters: AuditFilters }) {
  const { status, data, error } = useKeyedRequest(auditLogic, filters);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Record<FilterName, string>>(() => ({
    actor: filters.actor ?? '',
    action: filters.action ?? '',
    type: filters.type ?? '',
    record: filters.record ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  }));

  return (
    <div className="flex flex-col gap-6">
      <PageMeta title="Audit log · Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">Audit log</h1>
      <form
        aria-label="Filter the audit log"
        noValidate
        className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({ href: adminHref('/admin/audit', { ...draft, page: undefined }) });
        }}
      >
        {FILTERS.map((filter) => (
          <TextField
            key={filter.name}
            label={filter.label}
            name={filter.name}
            type={filter.type}
            value={draft[filter.name]}
            onValueChange={(value) => setDraft((d) => ({ ...d, [filter.name]: value }))}
          />
        ))}
        <div className="sm:col-span-3 lg:col-span-6">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        rows={data?.entries ?? []}
        rowId={(entry) => entry.id}
        empty={status === 'loaded' ? 'Nothing in the log matches these filters.' : 'Loading the log…'}
        busy={status === 'pending'}
      />
      {data ? (
        <Pager
          page={data.page}
          pages={data.pages}
          hrefOf={(page) => adminHref('/admin/audit', { ...filters, page })}
        />
      ) : null}
    </div>
  );
}
