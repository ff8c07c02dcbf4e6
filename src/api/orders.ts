import type {
  BookedAgain,
  OrderDetail,
  OrdersDue,
  OrdersListAnswer,
  OrdersListKey,
  OrdersPage,
  OrderTab,
} from '../../contract/orders';
import { call, callFile, type FileAnswer } from './client';
import { type Result, toResult } from './result';

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

/** GET /orders?status=&page=&q=: a page of a tab, with where it sits among the tab's pages. */
export async function fetchOrdersPage(key: OrdersListKey): Promise<Result<OrdersListAnswer>> {
  const answer = await call<OrdersPage>('/orders', {
    auth: true,
    query: { status: key.tab, page: key.page, q: key.q || undefined },
  });
  const result = toResult(answer);
  if (!result.ok) return result;
  const { page = key.page, pages = 1, total = result.data.orders.length } = answer.meta;
  return { ...result, data: { ...result.data, page, pages, total } };
}

/** GET /orders/{number}; a 404: not this company's, or no such order. */
export const fetchOrder = async (number: string): Promise<Result<OrderDetail>> =>
  toResult(await call<OrderDetail>(orderPath(number), { auth: true }));

/** POST /orders/{number}/cancel: the cancelled order, or the API's reason it cannot be. */
export const cancelOrder = async (number: string): Promise<Result<OrderDetail>> =>
  toResult(await call<OrderDetail>(`${orderPath(number)}/cancel`, { method: 'post', auth: true }));

/** POST /orders/{number}/again: the cart with the order's placement added for its next open dates. */
export const bookOrderAgain = async (number: string): Promise<Result<BookedAgain>> =>
  toResult(await call<BookedAgain>(`${orderPath(number)}/again`, { method: 'post', auth: true }));

/** GET /orders.csv?status=: a tab's orders (or all) as a spreadsheet for the accountant. */
export const downloadOrdersCsv = (tab: OrderTab | null): Promise<FileAnswer> =>
  callFile('/orders.csv', { status: tab ?? undefined }, `orders-${tab ?? 'all'}.csv`);

/** GET /orders/due: the orders whose ads are due soonest (the dashboard's landing page). */
export const fetchOrdersDue = async (): Promise<Result<OrdersDue>> =>
  toResult(await call<OrdersDue>('/orders/due', { auth: true }));

/** GET /orders/{number}/runs/{run}/proofs/{id}: a proof of delivery of one of the company's runs. */
export const fetchRunProof = (number: string, run: string, id: string, name: string): Promise<FileAnswer> =>
  callFile(`${orderPath(number)}/runs/${encodeURIComponent(run)}/proofs/${encodeURIComponent(id)}`, {}, name);
