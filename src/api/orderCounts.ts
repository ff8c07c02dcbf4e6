import type { OrderCounts } from '../../contract/orders';
import { call } from './client';
import { type Result, toResult } from './result';

/**
 * GET /orders/stats: the company's orders of each status (the account menu's counts, the tab /orders
 * opens). A file of its own: the session asks it in the first bundle, which the orders API is not.
 */
export const fetchOrderCounts = async (): Promise<Result<OrderCounts>> =>
  toResult(await call<OrderCounts>('/orders/stats', { auth: true }));
