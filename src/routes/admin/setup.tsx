import { createFileRoute } from '@tanstack/react-router';
import { EnrolPage } from '../../features/admin/auth/EnrolPage';
import { type RawSearch, text } from '../../lib/searchParams';

/** The link the server printed at its first start: the first admin's account. */
export const Route = createFileRoute('/admin/setup')({
  validateSearch: (raw: RawSearch): { token?: string | undefined } => ({ token: text(raw.token, 200) }),
  component: Setup,
});

function Setup() {
  return <EnrolPage kind="setup" token={Route.useSearch().token ?? ''} />;
}
