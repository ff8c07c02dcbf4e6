import { lazyRouteComponent, useLocation } from '@tanstack/react-router';
import { Suspense } from 'react';
import { backOfficePage } from '../../../lib/adminSearch/address';
import { type RawSearch, text } from '../../../lib/searchParams';
import { Spinner } from '../../../ui/Spinner';
import { StaffLoginPage } from '../auth/StaffLoginPage';
import { AdminShell } from './AdminShell';
import { StaffPages } from './StaffPages';

const EnrolPage = lazyRouteComponent(() => import('../auth/EnrolPage'), 'EnrolPage');

/**
 * Every back-office page, picked from the address here rather than by one route each: every route is an
 * entry in the route tree, which every storefront visit loads (src/routes/admin/$.tsx). Sign-in, setup
 * and join stand alone; the rest are for signed-in staff, in the back office's frame.
 */
export function BackOffice() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search: RawSearch = useLocation({ select: (location) => location.search });
  // As the guard reads it (src/system/admin/guard.ts), which this page does not load again.
  const { section, id } = backOfficePage(pathname);
  const page = id === undefined ? section : null;
  if (page === 'login') return <StaffLoginPage redirect={text(search.redirect, 2000)} />;
  // An invitation's link (e-mailed by an admin or printed by `npm run staff:create`), or the link the
  // server printed at its first start for the first admin's account.
  if (page === 'setup' || page === 'join')
    return (
      <Suspense fallback={<Loading />}>
        <EnrolPage key={page} kind={page} token={text(search.token, 200) ?? ''} />
      </Suspense>
    );
  return (
    <AdminShell>
      <Suspense fallback={<Loading />}>
        <StaffPages />
      </Suspense>
    </AdminShell>
  );
}

const Loading = () => <Spinner label="Loading" className="mx-auto my-16 flex justify-center" />;
