import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/admin/auth/StaffLoginPage';
import { type RawSearch, text } from '../../lib/searchParams';

export const Route = createFileRoute('/admin/login')({
  validateSearch: (raw: RawSearch): { redirect?: string | undefined } => ({
    redirect: text(raw.redirect, 2000),
  }),
  // The guard's module (and the session machine's) loads only here, never with the storefront.
  beforeLoad: async () => (await import('../../system/admin/guard')).leaveSignInIfSignedIn(),
  component: StaffLogin,
});

function StaffLogin() {
  return <StaffLoginPage redirect={Route.useSearch().redirect} />;
}
