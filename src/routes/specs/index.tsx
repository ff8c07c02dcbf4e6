import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ContentPending } from '../../features/content/ContentPending';
import { SpecsIndexPage } from '../../features/content/SpecsIndexPage';
import { type RawSearch, text } from '../../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchSpecSheets = async (...args: Parameters<typeof import('../../api/content').fetchSpecSheets>) =>
  (await import('../../api/content')).fetchSpecSheets(...args);

export const Route = createFileRoute('/specs/')({
  validateSearch: (raw: RawSearch): { q?: string | undefined } => ({ q: text(raw.q, 100) }),
  // The search (?q=) filters in the page: changing it loads nothing, not even in the background.
  loader: () => fetchSpecSheets(),
  shouldReload: false,
  pendingComponent: ContentPending,
  component: SpecsIndex,
});

function SpecsIndex() {
  const sheets = Route.useLoaderData();
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const search = useCallback(
    (query: string) => void navigate({ search: { q: query || undefined }, replace: true }),
    [navigate],
  );
  return <SpecsIndexPage sheets={sheets} query={q} onQueryChange={search} />;
}
