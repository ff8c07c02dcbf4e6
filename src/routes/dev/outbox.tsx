import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../features/outbox/OutboxPage';
import { type RawSearch, text } from '../../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchOutbox = async (...args: Parameters<typeof import('../../api/auth').fetchOutbox>) =>
  (await import('../../api/auth')).fetchOutbox(...args);

/**
 * Development: the e-mails the embedded API has sent or kept (resets, invitations, sign-in links).
 * The API answers only to the key the server printed at start-up, passed on from this page's address.
 */
export const Route = createFileRoute('/dev/outbox')({
  validateSearch: (raw: RawSearch): { key?: string | undefined } => ({ key: text(raw.key, 200) }),
  loaderDeps: ({ search }) => ({ key: search.key ?? '' }),
  loader: async ({ deps }) => ({
    outbox: await fetchOutbox(deps.key),
    fileUrl: (await import('../../api/auth')).devMailUrl,
  }),
  component: Outbox,
});

function Outbox() {
  const { key } = Route.useSearch();
  const { outbox, fileUrl } = Route.useLoaderData();
  return <OutboxPage outbox={outbox} hasKey={Boolean(key)} fileUrl={(path) => fileUrl(path, key ?? '')} />;
}
