import { lazyRouteComponent, useLocation, useNavigate } from '@tanstack/react-router';
import { adminHref, backOfficePage } from '../../../lib/adminSearch/address';
import { parseAuditSearch } from '../../../lib/adminSearch/audit';
import { parseCustomersSearch } from '../../../lib/adminSearch/customers';
import { parseFilesSearch } from '../../../lib/adminSearch/files';
import { parseQueueSearch } from '../../../lib/adminSearch/ordersQueue';
import { parsePlacementsSearch } from '../../../lib/adminSearch/placements';
import { parseReportsSearch } from '../../../lib/adminSearch/reports';
import type { RawSearch } from '../../../lib/searchParams';
import { PageMeta } from '../../../ui/PageMeta';
import { AdminHome } from './AdminHome';

// Each page loads when it is first opened, as it did with a route of its own: sign-in needs none of them.
const AuditPage = lazyRouteComponent(() => import('../audit/AuditPage'), 'AuditPage');
const CompanyPage = lazyRouteComponent(() => import('../customers/pages'), 'CompanyPage');
const CustomersPage = lazyRouteComponent(() => import('../customers/pages'), 'CustomersPage');
const FilesPage = lazyRouteComponent(() => import('../files/FilesPage'), 'FilesPage');
const MoneyPage = lazyRouteComponent(() => import('../money/MoneyPage'), 'MoneyPage');
const AdminOrderPage = lazyRouteComponent(() => import('../orders/AdminOrderPage'), 'AdminOrderPage');
const OrdersQueuePage = lazyRouteComponent(() => import('../orders/OrdersQueuePage'), 'OrdersQueuePage');
const PlacementEditor = lazyRouteComponent(() => import('../placements/PlacementEditor'), 'PlacementEditor');
const PlacementsPage = lazyRouteComponent(() => import('../placements/PlacementsPage'), 'PlacementsPage');
const StaffPage = lazyRouteComponent(() => import('../staff/StaffPage'), 'StaffPage');
const ReceivablesPage = lazyRouteComponent(() => import('../receivables/ReceivablesPage'), 'ReceivablesPage');
const AdminInvoicePage = lazyRouteComponent(() => import('../invoices/AdminInvoicePage'), 'AdminInvoicePage');
const ReportsPage = lazyRouteComponent(() => import('../reports/ReportsPage'), 'ReportsPage');

/** The signed-in back office's pages, picked from the rest of the address (see BackOffice). */
export function StaffPages() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useLocation({ select: (location) => location.search });
  const { section, id, rest } = backOfficePage(pathname);
  if (rest.length > 0) return <NoSuchPage />;
  if (id === undefined) return <StaffSection section={section} search={search} />;
  // Keyed by the code or number: another record is another page, with its own actor.
  if (section === 'orders') return <AdminOrderPage key={id} number={id.toUpperCase()} />;
  if (section === 'placements' && id === 'new') return <PlacementEditor mediacode={null} />;
  if (section === 'placements') return <PlacementEditor key={id} mediacode={id.toUpperCase()} />;
  if (section === 'invoices') return <AdminInvoicePage key={id} number={id.toUpperCase()} />;
  if (section === 'customers') return <CompanyPage key={id} coid={id.toLowerCase()} />;
  return <NoSuchPage />;
}

// Built afresh on each render: the pages' requests compare their keys by value.
function parsedSection(section: string, search: RawSearch) {
  if (section === 'orders') return { page: 'orders', filters: parseQueueSearch(search) } as const;
  if (section === 'placements') return { page: 'placements', search: parsePlacementsSearch(search) } as const;
  if (section === 'files') return { page: 'files', search: parseFilesSearch(search) } as const;
  if (section === 'audit') return { page: 'audit', filters: parseAuditSearch(search) } as const;
  if (section === 'receivables') return { page: 'receivables' } as const;
  if (section === 'money')
    return { page: 'money', company: typeof search.company === 'string' ? search.company : null } as const;
  if (section === 'reports') return { page: 'reports', search: parseReportsSearch(search) } as const;
  if (section === 'customers') return { page: 'customers', search: parseCustomersSearch(search) } as const;
  return { page: section === 'staff' || section === '' ? section : 'none' } as const;
}

function StaffSection({ section, search }: { section: string; search: RawSearch }) {
  const navigate = useNavigate();
  const parsed = parsedSection(section, search);
  switch (parsed.page) {
    case 'orders':
      return (
        <OrdersQueuePage
          filters={parsed.filters}
          onFilters={(next) =>
            void navigate({ href: adminHref('/admin/orders', { ...next }), replace: true })
          }
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
    case 'money':
      return <MoneyPage company={parsed.company} />;
    case 'customers':
      return <CustomersPage search={parsed.search} />;
    case 'staff':
      return <StaffPage />;
    case 'receivables':
      return <ReceivablesPage />;
    case 'reports':
      return <ReportsPage search={parsed.search} />;
    case '':
      return <AdminHome />;
    default:
      return <NoSuchPage />;
  }
}

/** An address the back office has no page for (a mistyped or stale link), said in its frame. */
function NoSuchPage() {
  return (
    <div className="flex flex-col gap-2">
      <PageMeta title="Not found · Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">No such page</h1>
      <p className="text-ink-soft">The back office has no page at this address. Choose a section above.</p>
    </div>
  );
}
