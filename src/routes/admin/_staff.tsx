import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminShell } from '../../features/admin/shell/AdminShell';

/** Every back-office page but sign-in, setup and join: for signed-in staff, in the back office's frame. */
export const Route = createFileRoute('/admin/_staff')({
  // Anyone else signs in first and comes back here; the guard's module loads only with the back office.
  beforeLoad: async ({ location }) => {
    if (!(await (await import('../../system/admin/guard')).isStaffSignedIn()))
      throw redirect({ to: '/admin/login', search: { redirect: location.href } });
  },
  component: () => (
    <AdminShell>
      <Outlet />
    </AdminShell>
  ),
});
