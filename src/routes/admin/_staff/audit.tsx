import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { AuditPage } from '../../../features/admin/audit/AuditPage';
import { parseAuditSearch } from '../../../lib/adminSearch/audit';
import { rawSearch } from '../../../lib/searchParams';

export const Route = createFileRoute('/admin/_staff/audit')({
  validateSearch: rawSearch,
  component: Audit,
});

function Audit() {
  const search = Route.useSearch();
  return <AuditPage filters={useMemo(() => parseAuditSearch(search), [search])} />;
}
