import diff from 'microdiff';
import type { AuditEntry } from '../../contract/audit';
import type { AuditRow } from '../data/auditLog';

type Fields = Record<string, unknown> | unknown[];

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null ? (value as Fields) : {};

/**
 * What changed, field by field (`rate_card.discounts.1.percent`), computed when read: the log keeps
 * whole before/after views, so how a change is shown can improve without touching old entries.
 */
export function changesOf(before: unknown, after: unknown): AuditEntry['changes'] {
  return diff(fieldsOf(before), fieldsOf(after)).map((d) => ({
    field: d.path.join('.'),
    before: d.type === 'CREATE' ? null : d.oldValue,
    after: d.type === 'REMOVE' ? null : d.value,
  }));
}

/** The back-office page of an entry's record, where there is one. */
export function recordPath(type: string, id: string): string | null {
  switch (type) {
    case 'placement':
      return `/admin/placements/${encodeURIComponent(id)}`;
    case 'order':
    case 'design-brief':
      return `/admin/orders/${encodeURIComponent(id)}`;
    // A run is `<order number>/<run>`.
    case 'run':
      return `/admin/orders/${encodeURIComponent(id.split('/')[0] ?? id)}`;
    case 'staff':
    case 'invite':
      return '/admin/staff';
    case 'file':
      return '/admin/files';
    // Issue 32: a company is its coid; its people, payments and credits are `<coid>/<their id>`.
    case 'company':
    case 'person':
    case 'payment':
    case 'credit':
      return `/admin/customers/${encodeURIComponent(id.split('/')[0] ?? id)}`;
    default:
      return null;
  }
}

export const auditEntryOf = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action,
  record: { type: row.recordType, id: row.recordId, path: recordPath(row.recordType, row.recordId) },
  changes: changesOf(row.before, row.after),
  address: row.address,
});
