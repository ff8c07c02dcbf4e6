import { fromPromise } from 'xstate';
import { createPagedListMachine } from '../../machines/pages/pagedList.machine';
import type { ArticleCard, Connection } from '../api/content';
import { contentCalls } from './contentCalls';

/** The resource hub's next pages: the content API's articles after a cursor. */
export interface ArticlesApi {
  fetchMoreArticles: typeof contentCalls.fetchMoreArticles;
}

export const articlesApi: ArticlesApi = { fetchMoreArticles: contentCalls.fetchMoreArticles };

/** The resource hub's articles, newest first, a page at a time ("Show more"). */
export const articlePagesMachine = createPagedListMachine<Connection<ArticleCard>>({ id: 'articlePages' });

/** The pages of one category (all articles when `category` is undefined). */
export function articlePagesLogic(category: string | undefined, api: ArticlesApi = articlesApi) {
  return articlePagesMachine.provide({
    actors: { loadPage: fromPromise(({ input }) => api.fetchMoreArticles(category, input.after)) },
  });
}
