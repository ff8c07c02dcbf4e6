import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../../features/content/ArticlePage';
import { ContentPending } from '../../../features/content/ContentPending';
import { orNotFound } from '../../../features/content/orNotFound';
import { contentCalls } from '../../../system/contentCalls';

export const Route = createFileRoute('/info/resources/$slug')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => orNotFound(contentCalls.fetchArticle(params.slug)),
  pendingComponent: ContentPending,
  component: ArticleRoute,
});

function ArticleRoute() {
  return <ArticlePage article={Route.useLoaderData()} />;
}
