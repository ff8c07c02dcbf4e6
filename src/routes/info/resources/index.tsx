import { createFileRoute } from '@tanstack/react-router';
import { ContentPending } from '../../../features/content/ContentPending';
import { orNotFound } from '../../../features/content/orNotFound';
import { ResourceHubPage } from '../../../features/content/ResourceHubPage';
import { type RawSearch, text } from '../../../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchResourceHub = async (
  ...args: Parameters<typeof import('../../../api/content').fetchResourceHub>
) => (await import('../../../api/content')).fetchResourceHub(...args);

export const Route = createFileRoute('/info/resources/')({
  validateSearch: (raw: RawSearch): { category?: string | undefined } => ({
    category: text(raw.category, 80),
  }),
  loaderDeps: ({ search }) => ({ category: search.category }),
  loader: ({ deps }) => orNotFound(fetchResourceHub(deps.category)),
  pendingComponent: ContentPending,
  component: ResourceHubRoute,
});

function ResourceHubRoute() {
  const { category } = Route.useSearch();
  return <ResourceHubPage hub={Route.useLoaderData()} category={category} />;
}
