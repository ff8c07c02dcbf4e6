import { createFileRoute } from '@tanstack/react-router';
import { EnrolPage } from '../../features/admin/auth/EnrolPage';
import { type RawSearch, text } from '../../lib/searchParams';

/** An invitation's link, e-mailed by an admin or printed by `npm run staff:create`. */
export const Route = createFileRoute('/admin/join')({
  validateSearch: (raw: RawSearch): { token?: string | undefined } => ({ token: text(raw.token, 200) }),
  component: Join,
});

function Join() {
  return <EnrolPage kind="join" token={Route.useSearch().token ?? ''} />;
}
