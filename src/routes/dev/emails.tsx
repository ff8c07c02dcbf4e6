import { createFileRoute } from '@tanstack/react-router';
import { EmailsPage } from '../../features/outbox/EmailsPage';
import { type RawSearch, text } from '../../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const api = () => import('../../api/auth');

/** Development: every e-mail the product sends, rendered from its sample, with the outbox's key. */
export const Route = createFileRoute('/dev/emails')({
  validateSearch: (raw: RawSearch): { key?: string | undefined } => ({ key: text(raw.key, 200) }),
  loaderDeps: ({ search }) => ({ key: search.key ?? '' }),
  loader: async ({ deps }) => {
    const { fetchEmails, devMailUrl } = await api();
    return {
      emails: await fetchEmails(deps.key),
      htmlUrl: (kind: string) => devMailUrl(`emails/${kind}.html`, deps.key),
    };
  },
  component: Emails,
});

function Emails() {
  const { key } = Route.useSearch();
  const { emails, htmlUrl } = Route.useLoaderData();
  return <EmailsPage emails={emails} hasKey={Boolean(key)} htmlUrl={htmlUrl} />;
}
