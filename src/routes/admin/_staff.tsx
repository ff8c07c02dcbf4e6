import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminShell } from '../../features/admin/shell/AdminShell';

/** Every back-office page but sign-in, setup and join: for signed-in staff, in the back office's frame. */
export const Route = createFileRoute('/admin/_staff')({
  beforeLoad: async ({ location }) => (await import('../../system/admin/guard')).requireStaff(location.href),
  component: () => (
    <AdminShell>
      <Outlet />
    </AdminShell>
  ),
});
