import type {
  BookedAgain,
  OrderCounts,
  OrderDetail,
  OrdersDue,
  OrdersPage,
  OrderTab,
} from '../../contract/orders';
import { OrderNotFound } from '../../machines/orders/orders.types';
import type { OrdersListAnswer, OrdersListKey } from '../../machines/orders/ordersList.machine';
import { call, callFile, type FileAnswer } from './client';
import { dataOf, type Result, toResult } from './result';

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

/** GET /orders?status=&page=&q=: a page of a tab, with where it sits among the tab's pages. */
export async function fetchOrdersPage(key: OrdersListKey): Promise<OrdersListAnswer> {
  const answer = await call<OrdersPage>('/orders', {
    auth: true,
    query: { status: key.tab, page: key.page, q: key.q || undefined },
  });
  const data = dataOf(answer, 'Your orders could not be loaded. Please try again.');
  return {
    ...data,
    page: answer.meta.page ?? key.page,
    pages: answer.meta.pages ?? 1,
    total: answer.meta.total ?? data.orders.length,
  };
}

/** GET /orders/{number}; OrderNotFound on 404 (not this company's, or no such order). */
export async function fetchOrder(number: string): Promise<OrderDetail> {
  const answer = await call<OrderDetail>(orderPath(number), { auth: true });
  if (answer.status === 404) throw new OrderNotFound(answer.message);
  return dataOf(answer, 'The order could not be loaded. Please try again.');
}

/** POST /orders/{number}/cancel: the cancelled order, or the API's reason it cannot be. */
export async function cancelOrder(number: string): Promise<OrderDetail> {
  const answer = await call<OrderDetail>(`${orderPath(number)}/cancel`, { method: 'post', auth: true });
  return dataOf(answer, 'The order could not be cancelled. Please try again.');
}

/** POST /orders/{number}/again: the cart with the order's placement added for its next open dates. */
export async function bookOrderAgain(number: string): Promise<BookedAgain> {
  const answer = await call<BookedAgain>(`${orderPath(number)}/again`, { method: 'post', auth: true });
  return dataOf(answer, 'The order could not be booked again. Please try again.');
}

/** GET /orders/stats: the company's orders of each status (the account menu's counts). */
export const fetchOrderCounts = async (): Promise<Result<OrderCounts>> =>
  toResult(await call<OrderCounts>('/orders/stats', { auth: true }));

/** GET /orders.csv?status=: a tab's orders (or all) as a spreadsheet for the accountant. */
export const downloadOrdersCsv = (tab: OrderTab | null): Promise<FileAnswer> =>
  callFile('/orders.csv', { status: tab ?? undefined }, `orders-${tab ?? 'all'}.csv`);

/** GET /orders/due: the orders whose ads are due soonest (the dashboard's landing page). */
export const fetchOrdersDue = async (): Promise<Result<OrdersDue>> =>
  toResult(await call<OrdersDue>('/orders/due', { auth: true }));

/** GET /orders/{number}/runs/{run}/proofs/{id}: a proof of delivery of one of the company's runs. */
export const fetchRunProof = (number: string, run: string, id: string, name: string): Promise<FileAnswer> =>
  callFile(`${orderPath(number)}/runs/${encodeURIComponent(run)}/proofs/${encodeURIComponent(id)}`, {}, name);
