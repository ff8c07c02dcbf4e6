import { createFileRoute } from '@tanstack/react-router';
import { ContentPending } from '../../features/content/ContentPending';
import { orNotFound } from '../../features/content/orNotFound';
import { SpecSheetPage } from '../../features/content/SpecSheetPage';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchSpecSheet = async (...args: Parameters<typeof import('../../api/content').fetchSpecSheet>) =>
  (await import('../../api/content')).fetchSpecSheet(...args);

export const Route = createFileRoute('/specs/$slug')({
  loader: ({ params }) => orNotFound(fetchSpecSheet(params.slug)),
  pendingComponent: ContentPending,
  component: SpecSheetRoute,
});

function SpecSheetRoute() {
  return <SpecSheetPage sheet={Route.useLoaderData()} />;
}
