import { notFound, useLocation, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { parseAuditSearch } from '../../../lib/adminSearch/audit';
import { parseFilesSearch } from '../../../lib/adminSearch/files';
import { parseQueueSearch } from '../../../lib/adminSearch/ordersQueue';
import { parsePlacementsSearch } from '../../../lib/adminSearch/placements';
import type { RawSearch } from '../../../lib/searchParams';
import { AuditPage } from '../audit/AuditPage';
import { FilesPage } from '../files/FilesPage';
import { AdminOrderPage } from '../orders/AdminOrderPage';
import { OrdersQueuePage } from '../orders/OrdersQueuePage';
import { PlacementEditor } from '../placements/PlacementEditor';
import { PlacementsPage } from '../placements/PlacementsPage';
import { StaffPage } from '../staff/StaffPage';
import { AdminHome } from './AdminHome';

/** A back-office path with its search, the values left out (as the router writes an address). */
export function adminHref(path: string, search: RawSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The signed-in back office's pages, picked from the address here rather than by one route each: every
 * route is an entry in the route tree, which every storefront visit loads (src/routes/admin/_staff/$.tsx).
 */
export function StaffPages() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useLocation({ select: (location) => location.search });
  const [section = '', id, ...rest] = pathname.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  if (rest.length > 0) throw notFound();
  if (id === undefined) return <StaffSection section={section} search={search} />;
  // Keyed by the code or number: another record is another page, with its own actor.
  if (section === 'orders') return <AdminOrderPage key={id} number={id.toUpperCase()} />;
  if (section === 'placements' && id === 'new') return <PlacementEditor mediacode={null} />;
  if (section === 'placements') return <PlacementEditor key={id} mediacode={id.toUpperCase()} />;
  throw notFound();
}

function StaffSection({ section, search }: { section: string; search: RawSearch }) {
  const navigate = useNavigate();
  const parsed = useMemo(() => {
    if (section === 'orders') return { page: 'orders', filters: parseQueueSearch(search) } as const;
    if (section === 'placements')
      return { page: 'placements', search: parsePlacementsSearch(search) } as const;
    if (section === 'files') return { page: 'files', search: parseFilesSearch(search) } as const;
    if (section === 'audit') return { page: 'audit', filters: parseAuditSearch(search) } as const;
    return { page: section === 'staff' || section === '' ? section : 'none' } as const;
  }, [section, search]);
  switch (parsed.page) {
    case 'orders':
      return (
        <OrdersQueuePage
          filters={parsed.filters}
          onFilters={(next) => void navigate({ href: adminHref('/admin/orders', next), replace: true })}
          hrefOf={(page) => adminHref('/admin/orders', { ...parsed.filters, page })}
        />
      );
    case 'placements':
      return <PlacementsPage search={parsed.search} />;
    case 'files':
      return (
        <FilesPage
          search={parsed.search}
          navigate={(next) => void navigate({ href: adminHref('/admin/files', { ...next }) })}
        />
      );
    case 'audit':
      return <AuditPage filters={parsed.filters} />;
    case 'staff':
      return <StaffPage />;
    case '':
      return <AdminHome />;
    default:
      throw notFound();
  }
}
