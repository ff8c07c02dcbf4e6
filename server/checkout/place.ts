import type { BillingContact, PlacedOrders } from '../../contract/cart';
import type { Account } from '../data/accounts';
import { itemsOf, ordersOfCart, resolveCart } from '../data/carts';
import { findMedia } from '../data/catalogue';
import { type PlaceResult, placeCart } from '../data/placeCart';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { warmRoutes } from '../directMail/campaigns';
import type { RouteSource } from '../directMail/routeSource';
import type { Jobs } from '../jobs/queue';
import { termsOf } from '../orders/terms';
import type { ScheduleCalendar } from '../pricing/calendar';
import { quoteAgain } from './requote';
import { cartView, orderViews } from './view';

/** The outcome of placing a cart: its orders and the placed cart, or why nothing was ordered. */
export type PlaceOutcome =
  | Exclude<PlaceResult, { status: 'placed' | 'repeated' }>
  | { status: 'placed'; answer: PlacedOrders };

/**
 * Places the customer's cart: every item quoted again first (a changed price or a date gone stops
 * the order), then one order per item, with its runs' dates and its price lines. A repeat with the same key answers the same orders again.
 */
export async function placeOrder(
  db: Db,
  jobs: Pick<Jobs, 'inTransaction'>,
  routes: RouteSource,
  request: {
    cartUuid: string;
    account: Account;
    idempotencyKey: string;
    billing: BillingContact;
    itemIds: readonly number[];
    /** A card checkout: held for its payment until then (null: invoiced, as before). */
    payBy: Date | null;
  },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<PlaceOutcome> {
  let result: PlaceResult;
  // Read before the transaction: inside it, the items are priced from this snapshot only.
  const priced = await warmRoutes(routes, await itemsOf(db, request.cartUuid));
  try {
    result = await placeCart(db, jobs, {
      cartUuid: request.cartUuid,
      userId: request.account.id,
      companyId: request.account.companyId,
      idempotencyKey: request.idempotencyKey,
      billing: request.billing,
      itemIds: request.itemIds,
      check: (tx, row) => quoteAgain(tx, row, now, priced, calendar),
      // The runs' dates and the price lines as quoted now, kept with the order (its status follows).
      terms: async (tx, row) => termsOf(row, await findMedia(tx, row.mediacode), now, row.priceCents),
      now,
      payBy: request.payBy,
    });
  } catch (error) {
    // Two different carts placed at the same moment with one key: the second is refused.
    if (isUniqueViolation(error)) return { status: 'key-used' };
    throw error;
  }
  if (!('cartUuid' in result)) return result;
  return { status: 'placed', answer: await placedAnswer(db, result.cartUuid, now) };
}

/** A placed cart's orders and the cart as it was ordered: the confirmation's list. */
export async function placedAnswer(db: Db, cartUuid: string, now: Date): Promise<PlacedOrders> {
  const orders = await orderViews(db, await ordersOfCart(db, cartUuid), now);
  const cart = await resolveCart(db, cartUuid);
  if (!cart) throw new Error('The placed cart could not be read back.');
  return { orders, cart: await cartView(db, cart) };
}
