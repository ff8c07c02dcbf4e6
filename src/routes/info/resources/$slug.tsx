import { createFileRoute } from '@tanstack/react-router';
import { fetchArticle } from '../../../api/content';
import { ArticlePage } from '../../../features/content/ArticlePage';
import { ContentPending } from '../../../features/content/ContentPending';
import { orNotFound } from '../../../features/content/orNotFound';

export const Route = createFileRoute('/info/resources/$slug')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => orNotFound(fetchArticle(params.slug)),
  pendingComponent: ContentPending,
  component: ArticleRoute,
});

function ArticleRoute() {
  return <ArticlePage article={Route.useLoaderData()} />;
}
