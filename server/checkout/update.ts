import type { Cart } from '../../contract/cart';
import { findPublishedMedia } from '../catalogue/published';
import { canSee, changeItem, itemOf, resolveCart } from '../data/carts';
import type { Db } from '../db/client';
import type { ScheduleCalendar } from '../pricing/calendar';
import { quotePlacement } from '../pricing/quote';
import { cartView } from './view';

/** What changing an item came to: the cart as it is now, or why nothing changed. */
export type ItemChange =
  | { status: 'done'; cart: Cart; name: string }
  | { status: 'not-found' | 'placed' | 'no-item' | 'campaign' }
  | { status: 'not-sold'; mediacode: string };

/**
 * Gives a cart's item other dates and a quantity, priced as if it were added now: the same
 * availability, sold-out dates, quantities and deadlines as the placement's page, so a change the
 * page would refuse throws the same 422 and the item stays as it was.
 */
export async function updateCartItem(
  db: Db,
  request: { cartUuid: string; itemId: number; userId: string | null; dates: string[]; quantity: number },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<ItemChange> {
  const change = await db.transaction(async (tx) => {
    const cart = await resolveCart(tx, request.cartUuid, true);
    if (!cart || !canSee(cart, request.userId)) return { status: 'not-found' } as const;
    if (cart.status === 'placed') return { status: 'placed' } as const;
    const row = await itemOf(tx, cart.uuid, request.itemId);
    if (!row) return { status: 'no-item' } as const;
    // A campaign's pieces come from its routes or zip codes, which the cart does not hold.
    if (row.details) return { status: 'campaign' } as const;
    const placement = await findPublishedMedia(tx, row.mediacode);
    if (!placement) return { status: 'not-sold', mediacode: row.mediacode } as const;
    const { quote, totalCents } = quotePlacement(placement, request, now, calendar);
    await changeItem(
      tx,
      {
        cartUuid: cart.uuid,
        itemId: row.id,
        dates: quote.dates,
        quantity: quote.quantity,
        priceCents: totalCents,
      },
      now,
    );
    return { status: 'done', cart, name: placement.name } as const;
  });
  if (change.status !== 'done') return change;
  return { status: 'done', cart: await cartView(db, change.cart), name: change.name };
}
