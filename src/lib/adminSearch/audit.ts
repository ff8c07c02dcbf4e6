import type { AuditFilters } from '../../api/admin/audit';
import { day, positiveInt, type RawSearch, text } from '../searchParams';

/** The audit log's filters in the address; odd values are dropped. */
export const parseAuditSearch = (raw: RawSearch): AuditFilters => ({
  actor: text(raw.actor, 254),
  action: text(raw.action, 80),
  type: text(raw.type, 40),
  record: text(raw.record, 80),
  from: day(raw.from),
  to: day(raw.to),
  page: positiveInt(raw.page, 100_000),
});
