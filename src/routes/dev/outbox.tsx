import { createFileRoute } from '@tanstack/react-router';
import { devMailUrl, fetchOutbox } from '../../api/auth';
import { OutboxPage } from '../../features/outbox/OutboxPage';
import { type RawSearch, text } from '../../lib/searchParams';

/**
 * Development: the e-mails the embedded API has sent or kept (resets, invitations, sign-in links).
 * The API answers only to the key the server printed at start-up, passed on from this page's address.
 */
export const Route = createFileRoute('/dev/outbox')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (raw: RawSearch): { key?: string | undefined } => ({ key: text(raw.key, 200) }),
  loaderDeps: ({ search }) => ({ key: search.key ?? '' }),
  loader: async ({ deps }) => ({
    outbox: await fetchOutbox(deps.key),
    fileUrl: devMailUrl,
  }),
  component: Outbox,
});

function Outbox() {
  const { key } = Route.useSearch();
  const { outbox, fileUrl } = Route.useLoaderData();
  return <OutboxPage outbox={outbox} hasKey={Boolean(key)} fileUrl={(path) => fileUrl(path, key ?? '')} />;
}
