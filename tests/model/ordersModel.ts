import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the dashboard's orders (machines/orders): a tab's list (loading, a page of
 * it, empty, searched, failed), the Past tab's Book again on a row, and an order's page (loading,
 * shown, cancelled after a confirmation, a refused cancel). No effects, no timers: the adapter gives
 * each state and stimulus its meaning.
 */
export const ordersModel = createMachine({
  id: 'orders-model',
  initial: 'listLoading',
  states: {
    /** A tab's list on its way; the list shown before (if any) stays, dimmed. */
    listLoading: {
      on: {
        'server.answersOrders': 'listShown',
        'server.answersNone': 'listEmpty',
        'server.failsList': 'listFailed',
      },
    },
    /** A page of the tab's orders, with which page of how many it is. */
    listShown: {
      on: {
        'user.opensNextPage': 'listLoading',
        'user.opensTab': 'listLoading',
        'user.typesSearch': 'searchTyped',
        'user.opensOrder': 'orderLoading',
        'user.opensPastTab': 'pastLoading',
      },
    },
    /** The Past tab on its way. */
    pastLoading: {
      on: { 'server.answersPast': 'pastShown' },
    },
    /** Completed and cancelled orders, each with Book again. */
    pastShown: {
      on: { 'user.booksAgain': 'bookingAgain' },
    },
    /** A row's Book again on its way: its button says so, and another row's asks nothing meanwhile. */
    bookingAgain: {
      on: {
        'server.booksAgain': 'bookedAgain',
        'server.refusesBookAgain': 'bookAgainRefused',
        'clock.bookAgainTimesOut': 'bookAgainRefused',
      },
    },
    /** The placement is in the cart: its checkout opens. */
    bookedAgain: {},
    /** Why the book-again did not happen, on its row; the list stays, and it can be tried again. */
    bookAgainRefused: {
      on: { 'user.booksAgain': 'bookingAgain' },
    },
    /** The tab has no orders (none match the search). */
    listEmpty: {
      on: { 'user.opensTab': 'listLoading' },
    },
    /** Why the list could not be loaded, the last list kept, a way to try again. */
    listFailed: {
      on: { 'user.retries': 'listLoading' },
    },
    /** Text in the search box, not searched yet: the list is still the one before. */
    searchTyped: {
      on: {
        'clock.almostPauses': 'searchTyped',
        'clock.pauses': 'listLoading',
        'user.pressesEnter': 'listLoading',
      },
    },
    /** An order's page, its order on its way. */
    orderLoading: {
      on: {
        'server.answersOrder': 'orderShown',
        'server.failsOrder': 'orderFailed',
      },
    },
    /** Why the order could not be loaded, a way to try again. */
    orderFailed: {
      on: { 'user.retries': 'orderLoading' },
    },
    /** The order, which can still be cancelled. */
    orderShown: {
      on: { 'user.cancels': 'confirmingCancel' },
    },
    /** "Cancel this order?": nothing is asked of the server yet. */
    confirmingCancel: {
      on: {
        'user.keepsOrder': 'orderShown',
        'user.confirmsCancel': 'cancelling',
      },
    },
    /** The cancel on its way. */
    cancelling: {
      on: {
        'server.cancels': 'orderCancelled',
        'server.refusesCancel': 'cancelRefused',
        'clock.commitTimesOut': 'cancelRefused',
      },
    },
    /** The order shown cancelled; it cannot be cancelled again. */
    orderCancelled: {
      on: {
        'user.cancels': 'orderCancelled',
        'user.backToList': 'listLoading',
      },
    },
    /** Why the cancel did not happen, and the order as the server now has it. */
    cancelRefused: {
      on: { 'user.backToList': 'listLoading' },
    },
  },
});

export const orders = modelKit(ordersModel);
