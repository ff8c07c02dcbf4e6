import type { Cart } from '../../contract/cart';
import type { Placement } from '../catalogue/placement';
import { findPublishedMedia } from '../catalogue/published';
import { type CartItemRow, canSee, removedItemOf, resolveCart, restoreItem } from '../data/carts';
import type { Db } from '../db/client';
import { campaignSummary, warmRoutes } from '../directMail/campaigns';
import type { RouteSource } from '../directMail/routeSource';
import { InvalidFields } from '../http/body';
import type { ScheduleCalendar } from '../pricing/calendar';
import { priceToday } from './requote';
import { cartView, removedMedia } from './view';

/**
 * How long a removal can be undone. The toast that offers it stays until used or closed; an hour covers a
 * page left open, and an item's dates and price are checked again anyway. Older removed rows stay
 * in the table until a sweeping job deletes them.
 */
export const RESTORE_WINDOW_MS = 60 * 60 * 1000;

/** What putting a removed item back came to: the cart as it is now, or why nothing changed. */
export type ItemRestore =
  | { status: 'done'; cart: Cart; name: string }
  | { status: 'not-found' | 'placed' | 'no-item' }
  /** Removed longer ago than the window, or no longer buyable as it was (`problem`, in the page's words). */
  | { status: 'too-late'; name: string; campaign: boolean }
  | { status: 'not-buyable'; name: string; campaign: boolean; problem: string };

/** The name a person knows the item by: the placement's, or a campaign's summary title. */
const nameOf = (row: CartItemRow, placement: Placement) =>
  row.details ? campaignSummary(placement, row.details, row.quantity).title : placement.name;

/**
 * Puts an item removed from a cart back with the same id, in its place, for any kind of item (a
 * direct-mail campaign keeps its routes or zip codes), within an hour of its removal and while the
 * cart is open. It is checked and priced again as the update route does: its dates still buyable
 * (not sold out, deadline not passed; a campaign's drop week still open), the placement still sold.
 */
export async function restoreCartItem(
  db: Db,
  routes: RouteSource,
  request: { cartUuid: string; itemId: number; userId: string | null },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<ItemRestore> {
  // Read before the transaction: inside it, the item is priced from this snapshot only.
  const removed = await removedItemOf(db, request.cartUuid, request.itemId);
  const priced = await warmRoutes(routes, removed ? [removed] : []);
  const change = await db.transaction(async (tx) => {
    const cart = await resolveCart(tx, request.cartUuid, true);
    if (!cart || !canSee(cart, request.userId)) return { status: 'not-found' } as const;
    if (cart.status === 'placed') return { status: 'placed' } as const;
    const row = await removedItemOf(tx, cart.uuid, request.itemId);
    if (!row?.removedAt) return { status: 'no-item' } as const;
    const placement = await findPublishedMedia(tx, row.mediacode);
    const name = nameOf(row, placement ?? removedMedia(row.mediacode));
    const campaign = row.details !== null;
    if (now.getTime() - row.removedAt.getTime() > RESTORE_WINDOW_MS)
      return { status: 'too-late', name, campaign } as const;
    if (!placement)
      return {
        status: 'not-buyable',
        name,
        campaign,
        problem: `${row.mediacode} is no longer sold.`,
      } as const;
    let priceCents: number;
    try {
      priceCents = await priceToday(priced, placement, row, now, calendar);
    } catch (error) {
      if (!(error instanceof InvalidFields)) throw error;
      return { status: 'not-buyable', name, campaign, problem: error.message } as const;
    }
    await restoreItem(tx, { cartUuid: cart.uuid, itemId: row.id, priceCents }, now);
    return { status: 'done', cart, name } as const;
  });
  if (change.status !== 'done') return change;
  return { status: 'done', cart: await cartView(db, change.cart), name: change.name };
}
