import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ContentPending } from '../../features/content/ContentPending';
import { SpecsIndexPage } from '../../features/content/SpecsIndexPage';
import { type RawSearch, text } from '../../lib/searchParams';
import { contentCalls } from '../../system/contentCalls';

export const Route = createFileRoute('/specs/')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (raw: RawSearch): { q?: string | undefined } => ({ q: text(raw.q, 100) }),
  // The search (?q=) filters in the page: changing it loads nothing, not even in the background.
  loader: () => contentCalls.fetchSpecSheets(),
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
