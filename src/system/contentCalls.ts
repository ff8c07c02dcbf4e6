import * as content from '../api/content';
import type { Result } from '../api/result';
import { dataOr } from './results';

/** The content API answered that nothing has this slug: the route shows its not-found page. */
export class ContentNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentNotFound';
  }
}

const UNAVAILABLE = 'We couldn’t load this page’s content. Check your connection and try again.';

/**
 * A content query's data; ContentNotFound for an unknown slug; any other failure (a refusal, or no
 * answer at all) logged, and said in words a person can read with what went wrong as its cause.
 */
async function contentOf<T>(request: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await request;
  } catch (error) {
    console.error('Error fetching content:', error);
    throw new Error(UNAVAILABLE, { cause: error });
  }
  if (!result.ok && result.status === 404) throw new ContentNotFound(result.message);
  if (!result.ok) console.error('Error fetching content:', result);
  return dataOr(result, UNAVAILABLE);
}

/** The specs', resource hub's and design help's queries as their routes and machines take them. */
export const contentCalls = {
  fetchSpecSheets: () => contentOf(content.fetchSpecSheets()),
  fetchSpecSheet: async (slug: string) => (await contentOf(content.fetchSpecSheet(slug))).specSheet,
  fetchResourceHub: async (category: string | undefined): Promise<content.ResourceHub> => {
    const hub = await contentOf(content.fetchResourceHub(category));
    return { categories: hub.articleCategories, articles: hub.articles };
  },
  fetchMoreArticles: async (category: string | undefined, after: string) =>
    (await contentOf(content.fetchMoreArticles(category, after))).articles,
  fetchArticle: async (slug: string) => (await contentOf(content.fetchArticle(slug))).article,
  fetchDesignHelp: async () => (await contentOf(content.fetchDesignHelp())).designHelp,
};
