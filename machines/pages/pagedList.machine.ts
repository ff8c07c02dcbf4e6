import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from '../failures';

/** One page of a list as a GraphQL connection gives it: its items and where the next page starts. */
export interface Page {
  nodes: readonly unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export type PagedListEvent =
  /** "Show more": the next page; after a failure, the same page again. */
  { type: 'pages.more' };

export interface PagedListContext<TPage extends Page> {
  /** Every page shown, in order: a failure never takes one away. */
  pages: readonly TPage[];
  error: string | null;
}

const FALLBACK = 'The next page could not be loaded. Please try again.';

const lastPage = <TPage extends Page>(context: PagedListContext<TPage>) =>
  context.pages[context.pages.length - 1];

/**
 * A list shown a page at a time ("Show more"): the first page comes with the view, each next one is
 * asked after the last page's cursor and added after it. A failure keeps every page shown and says
 * why; asking again loads the same page. A request is only made while the last page says there is
 * another, and one at a time.
 */
export function createPagedListMachine<TPage extends Page>({ id }: { id: string }) {
  return setup({
    types: {
      context: {} as PagedListContext<TPage>,
      events: {} as PagedListEvent,
      input: {} as { first: TPage },
    },
    actors: {
      /** Resolves with the page after `after` (the last page's end cursor). */
      loadPage: fromPromise<TPage, { after: string }>(async () => {
        throw new Error(`${id}: loadPage is supplied where the actor is created`);
      }),
    },
    actions: {
      appendPage: assign(({ context }, params: { page: TPage }) => ({
        pages: [...context.pages, params.page],
        error: null,
      })),
      keepFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FALLBACK) })),
    },
    guards: {
      hasNextPage: ({ context }) => {
        const info = lastPage(context)?.pageInfo;
        return info?.hasNextPage === true && info.endCursor !== null;
      },
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ pages: [input.first], error: null }),
    initial: 'deciding',
    states: {
      deciding: {
        always: [{ guard: 'hasNextPage', target: 'more' }, { target: 'complete' }],
      },
      /** Another page is there to ask for. */
      more: { on: { 'pages.more': 'loading' } },
      loading: {
        invoke: {
          src: 'loadPage',
          input: ({ context }) => ({ after: lastPage(context)?.pageInfo.endCursor ?? '' }),
          onDone: {
            target: 'deciding',
            actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** The pages shown stay; "Try again" asks for the same page. */
      failed: { on: { 'pages.more': 'loading' } },
      /** The last page is shown. */
      complete: {},
    },
  });
}

export type PagedListMachine<TPage extends Page> = ReturnType<typeof createPagedListMachine<TPage>>;

/** What the "Show more" button shows: there is more, it is loading, it failed, or everything is shown. */
export type PagedListStatus = 'more' | 'loading' | 'failed' | 'complete';

interface PagedListView<TPage extends Page> {
  context: PagedListContext<TPage>;
  matches(state: 'loading' | 'failed' | 'complete'): boolean;
}

export const selectPages = <TPage extends Page>(s: PagedListView<TPage>): readonly TPage[] => s.context.pages;
export const selectPagesError = <TPage extends Page>(s: PagedListView<TPage>): string | null =>
  s.context.error;
export const selectPagedListStatus = <TPage extends Page>(s: PagedListView<TPage>): PagedListStatus =>
  s.matches('loading')
    ? 'loading'
    : s.matches('failed')
      ? 'failed'
      : s.matches('complete')
        ? 'complete'
        : 'more';
