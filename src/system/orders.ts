import { enqueueActions, fromPromise } from 'xstate';
import type { BookedAgain, OrderDetail, OrdersListAnswer, OrdersListKey } from '../../contract/orders';
import { orderPageMachine } from '../../machines/orders/orderPage.machine';
import { OrderNotFound } from '../../machines/orders/orders.types';
import { ordersListMachine } from '../../machines/orders/ordersList.machine';
import type { ToastsEvent } from '../../machines/toasts/toasts.machine';
import * as api from '../api/orders';
import type { AppSystem } from './app';
import { dataOf } from './results';

/** The API calls of the orders lists and the order page, as the machines take them: the data, or why not. */
export interface OrdersApi {
  fetchOrdersPage(key: OrdersListKey): Promise<OrdersListAnswer>;
  /** Rejects with OrderNotFound on 404 (not this company's, or no such order). */
  fetchOrder(number: string): Promise<OrderDetail>;
  cancelOrder(number: string): Promise<OrderDetail>;
  bookOrderAgain(number: string): Promise<BookedAgain>;
  downloadOrdersCsv: typeof api.downloadOrdersCsv;
}

export const ordersApi: OrdersApi = {
  fetchOrdersPage: async (key) =>
    dataOf(await api.fetchOrdersPage(key), 'Your orders could not be loaded. Please try again.'),
  fetchOrder: async (number) => {
    const result = await api.fetchOrder(number);
    if (!result.ok && result.status === 404) throw new OrderNotFound(result.message);
    return dataOf(result, 'The order could not be loaded. Please try again.');
  },
  cancelOrder: async (number) =>
    dataOf(await api.cancelOrder(number), 'The order could not be cancelled. Please try again.'),
  bookOrderAgain: async (number) =>
    dataOf(await api.bookOrderAgain(number), 'The order could not be booked again. Please try again.'),
  downloadOrdersCsv: api.downloadOrdersCsv,
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

/** An orders tab with its request: its route holds one per visit to /orders/… (src/features/orders/ordersListLoader.ts). */
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
