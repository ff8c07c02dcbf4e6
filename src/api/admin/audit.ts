import type { AuditPage } from '../../../contract/audit';
import { adminEnvelope } from './client';

/** The audit page's filters as the address keeps them (`GET /admin/audit`'s query). */
export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  type?: string | undefined;
  record?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

export const auditEntries = (filters: AuditFilters) =>
  adminEnvelope<AuditPage>('/audit', { query: { ...filters } });
