import { fromPromise } from 'xstate';
import { createPagedListMachine } from '../../machines/pages/pagedList.machine';
import { type ArticleCard, type Connection, fetchMoreArticles } from '../api/content';

/** The resource hub's next pages: the content API's articles after a cursor. */
export interface ArticlesApi {
  fetchMoreArticles: typeof fetchMoreArticles;
}

export const articlesApi: ArticlesApi = { fetchMoreArticles };

/** The resource hub's articles, newest first, a page at a time ("Show more"). */
export const articlePagesMachine = createPagedListMachine<Connection<ArticleCard>>({ id: 'articlePages' });

/** The pages of one category (all articles when `category` is undefined). */
export function articlePagesLogic(category: string | undefined, api: ArticlesApi = articlesApi) {
  return articlePagesMachine.provide({
    actors: { loadPage: fromPromise(({ input }) => api.fetchMoreArticles(category, input.after)) },
  });
}
