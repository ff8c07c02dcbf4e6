import { enqueueActions, fromPromise } from 'xstate';
import type { BookedAgain } from '../../contract/orders';
import { orderPageMachine } from '../../machines/orders/orderPage.machine';
import { type OrdersListKey, ordersListMachine } from '../../machines/orders/ordersList.machine';
import type { ToastsEvent } from '../../machines/toasts/toasts.machine';
import { bookOrderAgain, cancelOrder, downloadOrdersCsv, fetchOrder, fetchOrdersPage } from '../api/orders';
import type { AppSystem } from './app';

/** The API calls of the orders lists and the order page. */
export interface OrdersApi {
  fetchOrdersPage: typeof fetchOrdersPage;
  fetchOrder: typeof fetchOrder;
  cancelOrder: typeof cancelOrder;
  bookOrderAgain: typeof bookOrderAgain;
  downloadOrdersCsv: typeof downloadOrdersCsv;
}

export const ordersApi: OrdersApi = {
  fetchOrdersPage,
  fetchOrder,
  cancelOrder,
  bookOrderAgain,
  downloadOrdersCsv,
};

/** What the order page needs of its route: the checkout of the cart an order was booked into. */
export interface OrderPageRoute {
  openCart(cartId: string): void;
}

/**
 * What the orders list needs of its page: the address of a searched list, saving a download, and the
 * checkout of the cart a past order was booked into.
 */
export interface OrdersListPage extends OrderPageRoute {
  openKey(key: OrdersListKey): void;
  saveFile(blob: Blob, filename: string): void;
}

/** An orders tab with its request: the route creates one per visit to /orders/… (useFlowActor). */
export function ordersListLogic(app: AppSystem, page: OrdersListPage, api: OrdersApi = ordersApi) {
  return ordersListMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => api.fetchOrdersPage(input)),
      exportOrders: fromPromise(async ({ input }) => {
        const file = await api.downloadOrdersCsv(input.tab);
        if (!file.ok) throw new Error(file.message || 'The export could not be made. Please try again.');
        page.saveFile(file.blob, file.filename);
      }),
      bookAgain: fromPromise(({ input }) => api.bookOrderAgain(input.number)),
    },
    actions: {
      openKey: (_, { key }) => page.openKey(key),
      // As on the order's page: the app's cart takes the cart (the session holds it), then it opens.
      openBookedCart: enqueueActions(({ enqueue }, { booked }: { booked: BookedAgain }) => {
        enqueue.sendTo(app.cart, { type: 'cart.replaced', cart: booked.cart });
        enqueue(() => page.openCart(booked.cart.uuid));
      }),
      logFailure: (_, { error }) => app.env.log.warn('Booking an order again failed:', error),
    },
  });
}

/**
 * An order's page with its effects: a cancel updates the menu's counts and says so; a book-again
 * hands the cart to the app's cart (which the session holds) and opens it.
 */
export function orderPageLogic(app: AppSystem, route: OrderPageRoute, api: OrdersApi = ordersApi) {
  const { session, cart, toasts, env } = app;
  return orderPageMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }) => api.fetchOrder(input.number)),
      cancelOrder: fromPromise(({ input }) => api.cancelOrder(input.number)),
      bookAgain: fromPromise(({ input }) => api.bookOrderAgain(input.number)),
    },
    actions: {
      // Other actors are told with sendTo, which delivers after the page's own step.
      announceCancelled: enqueueActions(({ enqueue }, { order }) => {
        enqueue.sendTo(session, { type: 'session.ordersChanged' });
        enqueue.sendTo(toasts, {
          type: 'toast.show',
          variant: 'success',
          message: `Order ${order.number} is cancelled.`,
        } satisfies ToastsEvent);
      }),
      openBookedCart: enqueueActions(({ enqueue }, { booked }: { booked: BookedAgain }) => {
        enqueue.sendTo(cart, { type: 'cart.replaced', cart: booked.cart });
        enqueue(() => route.openCart(booked.cart.uuid));
      }),
      logFailure: (_, { error }) => env.log.warn('An order action failed:', error),
    },
  });
}
