import { assign, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import type { OrdersPage, OrderTab } from '../../contract/orders';

/** What a list shows: a tab, a page of it and a search (empty: none). The address says the same. */
export interface OrdersListKey {
  tab: OrderTab;
  page: number;
  q: string;
}

/** A page of a tab as the API answers it, with where it sits among the tab's pages. */
export interface OrdersListAnswer extends OrdersPage {
  page: number;
  pages: number;
  total: number;
}

export type OrdersListEvent =
  /** The address shows this list (a tab clicked, a page link, back and forward). */
  | { type: 'orders.show'; key: OrdersListKey }
  /** The search box's text as typed: searched once typing pauses. */
  | { type: 'orders.typed'; text: string }
  /** Enter in the search box: searched at once. */
  | { type: 'orders.searchNow' }
  /** Load the list that failed again. */
  | { type: 'orders.retry' }
  /** "Export CSV": the tab's orders as a spreadsheet, saved by the browser. */
  | { type: 'orders.export' }
  /** Internal: the search region applied a search, so the list loads its first page. */
  | { type: 'orders.searched' };

export interface OrdersListContext {
  key: OrdersListKey;
  /** The search box's text, which becomes the key's search when typing pauses. */
  draft: string;
  /** The last answer, kept on show (dimmed) while the next list loads. */
  answer: OrdersListAnswer | null;
  /** The key `answer` answers. */
  answerKey: OrdersListKey | null;
  error: string | null;
  /** Why the last export failed. */
  exportError: string | null;
}

/** A pause in typing long enough to search, short enough to feel immediate. */
export const SEARCH_PAUSE_MS = 400;

const FALLBACK = 'Your orders could not be loaded. Check your connection and try again.';
const EXPORT_FALLBACK = 'The export could not be made. Check your connection and try again.';
const messageOf = (error: unknown, fallback = FALLBACK) =>
  error instanceof Error && error.message ? error.message : fallback;

export const isSameListKey = (a: OrdersListKey | null, b: OrdersListKey | null): boolean =>
  a !== null && b !== null && a.tab === b.tab && a.page === b.page && a.q === b.q;

/** The key once the search box's text is searched: the first page of the results. */
const searchedKey = (context: OrdersListContext): OrdersListKey => ({
  tab: context.key.tab,
  page: 1,
  q: context.draft.trim(),
});

/**
 * An orders tab (/orders/upcoming, running, past): a page of it, searched by order number or title.
 * The address is the truth: the route sends what it shows (`orders.show`), and a search typed here
 * is applied once typing pauses, then written to the address (`openKey`, supplied where the actor is
 * created) so that back, forward and a shared link show the same list. A new key cancels the load in
 * flight, so an older answer never replaces a newer one; a failure keeps the last list and can be
 * tried again.
 */
export const ordersListMachine = setup({
  types: {
    context: {} as OrdersListContext,
    events: {} as OrdersListEvent,
    input: {} as { key: OrdersListKey },
  },
  actors: {
    /** GET /orders?status=&page=&q=; rejects with an Error whose message the customer reads. */
    loadOrders: fromPromise<OrdersListAnswer, OrdersListKey>(async () => {
      throw new Error('loadOrders is supplied where the actor is created');
    }),
    /** GET /orders.csv?status= handed to the browser as a download; rejects with the reason. */
    exportOrders: fromPromise<void, { tab: OrderTab }>(async () => {
      throw new Error('exportOrders is supplied where the actor is created');
    }),
  },
  actions: {
    // Effect, supplied by the route: the address of a key (replacing the entry while typing).
    openKey: (_, _params: { key: OrdersListKey }) => {},
    takeKey: assign(({ context }, params: { key: OrdersListKey }) => ({
      key: params.key,
      // A search from the address (back, a link) shows in the box; one being typed is left alone.
      draft: params.key.q === context.key.q ? context.draft : params.key.q,
    })),
    takeDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
    takeSearch: assign(({ context }) => ({ key: searchedKey(context) })),
    keepAnswer: assign(({ context }, params: { answer: OrdersListAnswer }) => ({
      answer: params.answer,
      answerKey: context.key,
      error: null,
    })),
    keepFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearFailure: assign({ error: null }),
    keepExportFailure: assign((_, params: { error: unknown }) => ({
      exportError: messageOf(params.error, EXPORT_FALLBACK),
    })),
    clearExportFailure: assign({ exportError: null }),
  },
  guards: {
    isOtherKey: ({ context }, params: { key: OrdersListKey }) => !isSameListKey(context.key, params.key),
    changesSearch: ({ context }) => context.draft.trim() !== context.key.q,
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
}).createMachine({
  id: 'ordersList',
  context: ({ input }) => ({
    key: input.key,
    draft: input.key.q,
    answer: null,
    answerKey: null,
    error: null,
    exportError: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'orders.show': {
          guard: { type: 'isOtherKey', params: ({ event }) => ({ key: event.key }) },
          target: '.loading',
          actions: { type: 'takeKey', params: ({ event }) => ({ key: event.key }) },
        },
        'orders.searched': '.loading',
      },
      states: {
        loading: {
          tags: ['pending'],
          entry: 'clearFailure',
          invoke: {
            src: 'loadOrders',
            input: ({ context }) => context.key,
            onDone: {
              target: 'shown',
              actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        shown: {},
        failed: { on: { 'orders.retry': 'loading' } },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'orders.typed': {
          target: '.typing',
          actions: { type: 'takeDraft', params: ({ event }) => ({ text: event.text }) },
        },
      },
      states: {
        idle: { on: { 'orders.searchNow': 'applying' } },
        /** Typing: searched when it pauses, or at once on Enter. */
        typing: {
          after: { searchPause: 'applying' },
          on: { 'orders.searchNow': 'applying' },
        },
        /** Enter, or the pause: the search is taken if it changes anything. */
        applying: {
          always: [
            {
              guard: 'changesSearch',
              target: 'idle',
              actions: [
                'takeSearch',
                { type: 'openKey', params: ({ context }) => ({ key: context.key }) },
                raise({ type: 'orders.searched' }),
              ],
            },
            { target: 'idle' },
          ],
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'orders.export': { target: 'exporting', actions: 'clearExportFailure' } } },
        /** One export at a time: another click while it runs asks nothing. */
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportOrders',
            input: ({ context }) => ({ tab: context.key.tab }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: { type: 'keepExportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type OrdersListMachine = typeof ordersListMachine;
export type OrdersListSnapshot = SnapshotFrom<OrdersListMachine>;

export const selectOrdersAnswer = (s: OrdersListSnapshot) => s.context.answer;
export const selectOrdersError = (s: OrdersListSnapshot) => s.context.error;
export const selectOrdersDraft = (s: OrdersListSnapshot) => s.context.draft;
export const selectOrdersKey = (s: OrdersListSnapshot) => s.context.key;
/** Loading, with or without a list to show meanwhile. */
export const selectOrdersLoading = (s: OrdersListSnapshot) => s.hasTag('pending');
export const selectOrdersExporting = (s: OrdersListSnapshot) => s.hasTag('exporting');
export const selectOrdersExportError = (s: OrdersListSnapshot) => s.context.exportError;
/** The list on show answers another key than the one asked (it is dimmed until the new one comes). */
export const selectOrdersStale = (s: OrdersListSnapshot) =>
  !isSameListKey(s.context.answerKey, s.context.key);
