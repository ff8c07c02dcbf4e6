import { createFileRoute } from '@tanstack/react-router';
import { ContentPending } from '../../../features/content/ContentPending';
import { orNotFound } from '../../../features/content/orNotFound';
import { ResourceHubPage } from '../../../features/content/ResourceHubPage';
import { type RawSearch, text } from '../../../lib/searchParams';
import { contentCalls } from '../../../system/contentCalls';

export const Route = createFileRoute('/info/resources/')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (raw: RawSearch): { category?: string | undefined } => ({
    category: text(raw.category, 80),
  }),
  loaderDeps: ({ search }) => ({ category: search.category }),
  loader: ({ deps }) => orNotFound(contentCalls.fetchResourceHub(deps.category)),
  pendingComponent: ContentPending,
  component: ResourceHubRoute,
});

function ResourceHubRoute() {
  const { category } = Route.useSearch();
  return <ResourceHubPage hub={Route.useLoaderData()} category={category} />;
}
