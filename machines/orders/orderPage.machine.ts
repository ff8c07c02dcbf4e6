import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { BookedAgain, OrderDetail } from '../../contract/orders';
import { COMMIT_TIMEOUT_MS, messageOf, notAnsweredInTime, SOMETHING_WENT_WRONG } from '../failures';
import { OrderNotFound } from './orders.types';

export type OrderPageEvent =
  /** "Cancel order": asks for confirmation first. */
  | { type: 'order.cancel' }
  /** "Yes, cancel it" in the confirmation. */
  | { type: 'order.cancelConfirmed' }
  /** "Keep the order", Escape, or a click outside the confirmation. */
  | { type: 'order.cancelDismissed' }
  /** "Book again": the same placement and quantity into the cart for its next open dates. */
  | { type: 'order.bookAgain' }
  /** Load the order that failed to load again. */
  | { type: 'order.retry' }
  /** Read the order again (an ad file of one of its runs arrived or was approved). */
  | { type: 'order.refresh' };

export { OrderNotFound };

export interface OrderPageContext {
  number: string;
  order: OrderDetail | null;
  /** Why the order could not be loaded. */
  error: string | null;
  /** Why the last cancel or book-again failed; the order page stays as it was. */
  actionError: string | null;
  /** What the last book-again added. */
  booked: BookedAgain | null;
  /**
   * A read-again was asked for while the page was busy (reading, cancelling, booking): it is done
   * once that ends, so the last change (an approval, an upload) is always read, never dropped.
   */
  refreshPending: boolean;
  /** Why the last read-again failed: the order shown may be out of date until it is tried again. */
  refreshError: string | null;
  /** The product's configured name, which the failures of a commit without an answer say. */
  productName: string;
}

/** What a cancel or book-again without an answer in time says. */
const notAnswered = ({ context }: { context: OrderPageContext }) => ({
  message: notAnsweredInTime(context.productName, 'Reload the page to see whether it went through.'),
});

/**
 * An order's page (/orders/{orderNumber}): the order loaded, then cancelled after a confirmation or
 * booked again. A cancel or a book-again whose answer has not come is `committing`: the actor
 * outlives its page until the answer (useFlowActor), which the app still takes (the menu's counts,
 * the cart). A refused cancel (its deadline passed meanwhile, a colleague cancelled it) shows the
 * server's reason and the order as it is now.
 */
export const orderPageMachine = setup({
  types: {
    context: {} as OrderPageContext,
    events: {} as OrderPageEvent,
    input: {} as { number: string; productName: string },
  },
  actors: {
    /** GET /orders/{number}; rejects with OrderNotFound on 404. */
    loadOrder: fromPromise<OrderDetail, { number: string }>(async () => {
      throw new Error('loadOrder is supplied where the actor is created');
    }),
    /** POST /orders/{number}/cancel: the cancelled order. */
    cancelOrder: fromPromise<OrderDetail, { number: string }>(async () => {
      throw new Error('cancelOrder is supplied where the actor is created');
    }),
    /** POST /orders/{number}/again: the cart with the order's placement added. */
    bookAgain: fromPromise<BookedAgain, { number: string }>(async () => {
      throw new Error('bookAgain is supplied where the actor is created');
    }),
  },
  actions: {
    // Effects, supplied where the actor is created.
    /** The order was cancelled: the menu's counts change, the customer is told. */
    announceCancelled: (_, _params: { order: OrderDetail }) => {},
    /** The cart the order went back into: the app's cart takes it, and the customer goes to it. */
    openBookedCart: (_, _params: { booked: BookedAgain }) => {},
    logFailure: (_, _params: { error: unknown }) => {},

    keepOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order, error: null })),
    keepLoadFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    keepActionFailure: assign((_, params: { message: string }) => ({ actionError: params.message })),
    clearActionFailure: assign({ actionError: null }),
    keepBooked: assign((_, params: { booked: BookedAgain }) => ({ booked: params.booked })),
    rememberRefresh: assign({ refreshPending: true }),
    // The failure said before is taken back while trying again, so a second failure is news again.
    startRefresh: assign({ refreshPending: false, refreshError: null }),
    keepRefreshFailure: assign((_, params: { error: unknown }) => ({
      refreshError: `The order could not be read again, so it may be out of date. ${messageOf(params.error, SOMETHING_WENT_WRONG)}`,
    })),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => params.error instanceof OrderNotFound,
    canCancel: ({ context }) => context.order?.cancel_until != null,
    canBookAgain: ({ context }) => context.order?.can_book_again === true,
    refreshPending: ({ context }) => context.refreshPending,
  },
  delays: { commitTimeout: COMMIT_TIMEOUT_MS },
}).createMachine({
  id: 'orderPage',
  context: ({ input }) => ({
    number: input.number,
    productName: input.productName,
    order: null,
    error: null,
    actionError: null,
    booked: null,
    refreshPending: false,
    refreshError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ number: context.number }),
        onDone: {
          target: 'shown',
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'keepLoadFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** Not one of this company's orders (or no such number). */
    missing: {},
    failed: { on: { 'order.retry': 'loading' } },
    shown: {
      initial: 'idle',
      // Whatever the page is doing, a read-again is remembered; idle (below) takes it at once.
      on: { 'order.refresh': { actions: 'rememberRefresh' } },
      states: {
        idle: {
          always: { guard: 'refreshPending', target: 'refreshing' },
          on: {
            'order.cancel': { guard: 'canCancel', target: 'confirming', actions: 'clearActionFailure' },
            'order.bookAgain': { guard: 'canBookAgain', target: 'booking', actions: 'clearActionFailure' },
            'order.refresh': 'refreshing',
          },
        },
        confirming: {
          tags: ['confirming'],
          on: {
            'order.cancelConfirmed': 'cancelling',
            'order.cancelDismissed': 'idle',
          },
        },
        cancelling: {
          tags: ['committing', 'pending'],
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => ({ number: context.number }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
                { type: 'announceCancelled', params: ({ event }) => ({ order: event.output }) },
              ],
            },
            onError: {
              target: 'refreshing',
              actions: [
                {
                  type: 'keepActionFailure',
                  params: ({ event }) => ({ message: messageOf(event.error, SOMETHING_WENT_WRONG) }),
                },
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
          after: {
            commitTimeout: {
              target: 'refreshing',
              actions: { type: 'keepActionFailure', params: notAnswered },
            },
          },
        },
        /** After a refused cancel: the order as it is now (cancelled by a colleague, past its deadline). */
        /**
         * Reading the order again: after a refused cancel (cancelled by a colleague, past its
         * deadline), or because a run's ad file arrived or was approved. A read-again asked for
         * meanwhile is remembered (the answer may predate that change) and done after this one.
         */
        refreshing: {
          tags: ['pending'],
          entry: 'startRefresh',
          invoke: {
            src: 'loadOrder',
            input: ({ context }) => ({ number: context.number }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
            },
            // The order shown stays, and the page says it may be out of date, with Try again.
            onError: {
              target: 'idle',
              actions: [
                { type: 'keepRefreshFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        booking: {
          tags: ['committing', 'pending'],
          invoke: {
            src: 'bookAgain',
            input: ({ context }) => ({ number: context.number }),
            onDone: {
              target: 'booked',
              actions: [
                { type: 'keepBooked', params: ({ event }) => ({ booked: event.output }) },
                { type: 'openBookedCart', params: ({ event }) => ({ booked: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'keepActionFailure',
                  params: ({ event }) => ({ message: messageOf(event.error, SOMETHING_WENT_WRONG) }),
                },
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
          after: {
            commitTimeout: {
              target: 'idle',
              actions: { type: 'keepActionFailure', params: notAnswered },
            },
          },
        },
        /** In the cart: booking again once more adds it again, as the customer asks. */
        booked: {
          always: { guard: 'refreshPending', target: 'refreshing' },
          on: { 'order.bookAgain': { target: 'booking', actions: 'clearActionFailure' } },
        },
      },
    },
  },
});

export type OrderPageMachine = typeof orderPageMachine;
export type OrderPageSnapshot = SnapshotFrom<OrderPageMachine>;

export type OrderPageStatus = 'loading' | 'missing' | 'failed' | 'shown';
export const selectOrderPageStatus = (s: OrderPageSnapshot): OrderPageStatus =>
  s.matches('loading')
    ? 'loading'
    : s.matches('missing')
      ? 'missing'
      : s.matches('failed')
        ? 'failed'
        : 'shown';
export const selectOrder = (s: OrderPageSnapshot) => s.context.order;
export const selectOrderError = (s: OrderPageSnapshot) => s.context.error;
export const selectOrderActionError = (s: OrderPageSnapshot) => s.context.actionError;
export const selectIsConfirmingCancel = (s: OrderPageSnapshot) => s.hasTag('confirming');
export const selectIsCancelling = (s: OrderPageSnapshot) => s.matches({ shown: 'cancelling' });
export const selectIsBooking = (s: OrderPageSnapshot) => s.matches({ shown: 'booking' });
export const selectBooked = (s: OrderPageSnapshot) => s.context.booked;
export const selectOrderRefreshError = (s: OrderPageSnapshot) => s.context.refreshError;
