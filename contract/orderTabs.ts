/**
 * The plain values of the orders lists, kept apart from contract/orders.ts and its zod schemas: the
 * routes' search readers run in the first bundle, which must not download a validation library.
 */

/** The tabs of /orders: upcoming and running orders, and past ones (completed and cancelled). */
export const ORDER_TABS = ['upcoming', 'running', 'past'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Orders per page of a list. */
export const ORDERS_PER_PAGE = 20;

/** The longest search of the lists: an order number or words of a title. */
export const ORDER_SEARCH_MAX = 100;

/** An order number as the customer sees it (AD-27-000123); anything else is a 404 before the database. */
export const ORDER_NUMBER = /^AD-\d{2}-\d{6,}$/;
