import { ORDER_SEARCH_MAX, type OrderTab } from '../../../contract/orderTabs';
import type { OrdersListKey } from '../../../machines/orders/ordersList.machine';
import { positiveInt, type RawSearch, text } from '../../lib/searchParams';

/** The search of an orders tab's address: `?page=2&q=lake`; odd values read as the defaults. */
export interface OrdersUrlSearch {
  page?: number | undefined;
  q?: string | undefined;
}

export const parseOrdersSearch = (raw: RawSearch): OrdersUrlSearch => ({
  page: positiveInt(raw.page, 100_000),
  q: text(raw.q, ORDER_SEARCH_MAX),
});

export const listKeyOf = (tab: OrderTab, search: OrdersUrlSearch): OrdersListKey => ({
  tab,
  page: search.page ?? 1,
  q: search.q ?? '',
});

/**
 * The tab /orders opens: the first that has orders, in the order a customer acts on them (ads due
 * for upcoming ones, then what runs, then history); Upcoming when there are none at all.
 */
export function tabToOpen(
  counts: { upcoming: number; running: number; completed: number; cancelled: number } | null,
): OrderTab {
  if (!counts || counts.upcoming > 0) return 'upcoming';
  if (counts.running > 0) return 'running';
  return counts.completed + counts.cancelled > 0 ? 'past' : 'upcoming';
}
