import { assign, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import type { BookedAgain, OrdersListAnswer, OrdersListKey, OrderTab } from '../../contract/orders';
import { COMMIT_TIMEOUT_MS, messageOf, notAnsweredInTime } from '../failures';

/** What a list shows (its key) and what it shows of it are GET /orders's query and answer. */
export type { OrdersListAnswer, OrdersListKey };

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
  /** "Book again" on a completed or cancelled order's row: its placement into the cart, then checkout. */
  | { type: 'orders.bookAgain'; number: string }
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
  /** The order last booked again (on its way, or its failure shown on its row). */
  booking: string | null;
  /** Why booking `booking` again failed. */
  bookAgainError: string | null;
  /** The product's configured name, which a book-again without an answer in time says. */
  productName: string;
}

/** A pause in typing long enough to search, short enough to feel immediate. */
export const SEARCH_PAUSE_MS = 400;

const FALLBACK = 'Your orders could not be loaded. Check your connection and try again.';
const EXPORT_FALLBACK = 'The export could not be made. Check your connection and try again.';
const BOOK_AGAIN_FALLBACK = 'The order could not be booked again. Check your connection and try again.';
/** A book-again not answered in time: it may have reached the cart, so the customer is told to look. */
export const bookAgainNotAnswered = (productName: string): string =>
  notAnsweredInTime(productName, 'Open your cart to see whether the placement is in it.');

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
    input: {} as { key: OrdersListKey; productName: string },
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
    /** POST /orders/{number}/again: the cart with the order's placement added for its next open dates. */
    bookAgain: fromPromise<BookedAgain, { number: string }>(async () => {
      throw new Error('bookAgain is supplied where the actor is created');
    }),
  },
  actions: {
    // Effects, supplied where the actor is created.
    /** The address of a key (replacing the entry while typing). */
    openKey: (_, _params: { key: OrdersListKey }) => {},
    /** The cart the order went back into: the app's cart takes it, and the customer goes to it. */
    openBookedCart: (_, _params: { booked: BookedAgain }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
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
    keepFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FALLBACK) })),
    clearFailure: assign({ error: null }),
    keepExportFailure: assign((_, params: { error: unknown }) => ({
      exportError: messageOf(params.error, EXPORT_FALLBACK),
    })),
    clearExportFailure: assign({ exportError: null }),
    takeBooking: assign((_, params: { number: string }) => ({
      booking: params.number,
      bookAgainError: null,
    })),
    keepBookAgainFailure: assign((_, params: { message: string }) => ({ bookAgainError: params.message })),
  },
  guards: {
    isOtherKey: ({ context }, params: { key: OrdersListKey }) => !isSameListKey(context.key, params.key),
    changesSearch: ({ context }) => context.draft.trim() !== context.key.q,
    /** A completed or cancelled order of the list on show: those are the ones that can be booked again. */
    isListedPastOrder: ({ context }, params: { number: string }) =>
      context.answer?.orders.some(
        (order) =>
          order.number === params.number && (order.status === 'completed' || order.status === 'cancelled'),
      ) === true,
  },
  delays: { searchPause: SEARCH_PAUSE_MS, commitTimeout: COMMIT_TIMEOUT_MS },
}).createMachine({
  id: 'ordersList',
  context: ({ input }) => ({
    key: input.key,
    draft: input.key.q,
    answer: null,
    answerKey: null,
    error: null,
    exportError: null,
    booking: null,
    bookAgainError: null,
    productName: input.productName,
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
    /**
     * Book again from a past order's row, one at a time. A commit: its answer is taken even when the
     * list is left meanwhile (the cart gets the placement), until commitTimeout.
     */
    bookAgain: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'orders.bookAgain': {
              guard: { type: 'isListedPastOrder', params: ({ event }) => ({ number: event.number }) },
              target: 'booking',
              actions: { type: 'takeBooking', params: ({ event }) => ({ number: event.number }) },
            },
          },
        },
        booking: {
          tags: ['committing', 'bookingAgain'],
          invoke: {
            src: 'bookAgain',
            input: ({ context }) => ({ number: context.booking ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'openBookedCart', params: ({ event }) => ({ booked: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'keepBookAgainFailure',
                  params: ({ event }) => ({ message: messageOf(event.error, BOOK_AGAIN_FALLBACK) }),
                },
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
          after: {
            commitTimeout: {
              target: 'idle',
              actions: {
                type: 'keepBookAgainFailure',
                params: ({ context }) => ({ message: bookAgainNotAnswered(context.productName) }),
              },
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
/** The order whose book-again is on its way, or null. */
export const selectOrdersBookingAgain = (s: OrdersListSnapshot) =>
  s.hasTag('bookingAgain') ? s.context.booking : null;
/** The order last booked again (its failure, if any, is shown on its row). */
export const selectOrdersLastBooked = (s: OrdersListSnapshot) => s.context.booking;
/** Why the last book-again failed. */
export const selectOrdersBookAgainError = (s: OrdersListSnapshot) => s.context.bookAgainError;
/** The list on show answers another key than the one asked (it is dimmed until the new one comes). */
export const selectOrdersStale = (s: OrdersListSnapshot) =>
  !isSameListKey(s.context.answerKey, s.context.key);
