import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/DashboardLayout';
import { requireSignedIn } from '../features/session/guards';

/** The customer dashboard area: only for signed-in customers; visitors sign in first and come back. */
export const Route = createFileRoute('/_dashboard')({
  beforeLoad: ({ context, location }) => requireSignedIn(context.app, location.href),
  component: () => (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  ),
});
