import type { BillingContact, PlacedOrders } from '../../contract/cart';
import type { Account } from '../data/accounts';
import { ordersOfCart, type PlaceResult, placeCart, resolveCart } from '../data/carts';
import { findMedia } from '../data/catalogue';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { DirectMailAreas } from '../directMail/areas';
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
  areas: DirectMailAreas,
  request: {
    cartUuid: string;
    account: Account;
    idempotencyKey: string;
    billing: BillingContact;
    itemIds: readonly number[];
  },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<PlaceOutcome> {
  let result: PlaceResult;
  try {
    result = await placeCart(db, {
      cartUuid: request.cartUuid,
      userId: request.account.id,
      companyId: request.account.companyId,
      idempotencyKey: request.idempotencyKey,
      billing: request.billing,
      itemIds: request.itemIds,
      check: (tx, row) => quoteAgain(tx, row, now, areas, calendar),
      // The runs' dates and the price lines as quoted now, kept with the order (its status follows).
      terms: async (tx, row) => termsOf(row, await findMedia(tx, row.mediacode), now, row.priceCents),
      now,
    });
  } catch (error) {
    // Two different carts placed at the same moment with one key: the second is refused.
    if (isUniqueViolation(error)) return { status: 'key-used' };
    throw error;
  }
  if (!('cartUuid' in result)) return result;
  const orders = await orderViews(db, await ordersOfCart(db, result.cartUuid), now);
  const cart = await resolveCart(db, result.cartUuid);
  if (!cart) throw new Error('The placed cart could not be read back.');
  return { status: 'placed', answer: { orders, cart: await cartView(db, cart) } };
}
