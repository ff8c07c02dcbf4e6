import { createFileRoute } from '@tanstack/react-router';
import { fetchSpecSheet } from '../../api/content';
import { ContentPending } from '../../features/content/ContentPending';
import { orNotFound } from '../../features/content/orNotFound';
import { SpecSheetPage } from '../../features/content/SpecSheetPage';

export const Route = createFileRoute('/specs/$slug')({
  loader: ({ params }) => orNotFound(fetchSpecSheet(params.slug)),
  pendingComponent: ContentPending,
  component: SpecSheetRoute,
});

function SpecSheetRoute() {
  return <SpecSheetPage sheet={Route.useLoaderData()} />;
}
