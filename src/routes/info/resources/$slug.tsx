import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../../features/content/ArticlePage';
import { ContentPending } from '../../../features/content/ContentPending';
import { orNotFound } from '../../../features/content/orNotFound';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchArticle = async (...args: Parameters<typeof import('../../../api/content').fetchArticle>) =>
  (await import('../../../api/content')).fetchArticle(...args);

export const Route = createFileRoute('/info/resources/$slug')({
  loader: ({ params }) => orNotFound(fetchArticle(params.slug)),
  pendingComponent: ContentPending,
  component: ArticleRoute,
});

function ArticleRoute() {
  return <ArticlePage article={Route.useLoaderData()} />;
}
