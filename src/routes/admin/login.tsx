import { createFileRoute, redirect } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/admin/auth/StaffLoginPage';
import { type RawSearch, text } from '../../lib/searchParams';

export const Route = createFileRoute('/admin/login')({
  validateSearch: (raw: RawSearch): { redirect?: string | undefined } => ({
    redirect: text(raw.redirect, 2000),
  }),
  // Someone signed in goes on to the back office. The guard's module (and the session machine's)
  // loads only here, never with the storefront.
  beforeLoad: async () => {
    if (await (await import('../../system/admin/guard')).isStaffSignedIn())
      throw redirect({ href: '/admin/orders' });
  },
  component: StaffLogin,
});

function StaffLogin() {
  return <StaffLoginPage redirect={Route.useSearch().redirect} />;
}
