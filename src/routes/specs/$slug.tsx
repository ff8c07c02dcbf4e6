import { createFileRoute } from '@tanstack/react-router';
import { ContentPending } from '../../features/content/ContentPending';
import { orNotFound } from '../../features/content/orNotFound';
import { SpecSheetPage } from '../../features/content/SpecSheetPage';
import { contentCalls } from '../../system/contentCalls';

export const Route = createFileRoute('/specs/$slug')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => orNotFound(contentCalls.fetchSpecSheet(params.slug)),
  pendingComponent: ContentPending,
  component: SpecSheetRoute,
});

function SpecSheetRoute() {
  return <SpecSheetPage sheet={Route.useLoaderData()} />;
}
