import type { Cart } from '../../contract/cart';
import { openCartOf, setUserCart } from '../data/accountCarts';
import { addItem, type CartRow, canSee, createCart, removeItem, resolveCart } from '../data/carts';
import type { Db } from '../db/client';
import type { CampaignDetails } from '../db/schema';
import { cartView } from './view';

/** A new item of the main cart, priced by the server. */
export interface NewCartItem {
  mediacode: string;
  dates: string[];
  quantity: number;
  priceCents: number;
  details?: CampaignDetails | null;
}

/** Who is shopping: the signed-in account, if any, and the cart the browser's cookie names, if any. */
export interface Shopper {
  userId: string | null;
  cookieCart: string | null;
}

/** What a change to a cart came to: the cart as it is now, or why nothing changed. */
export type CartChange =
  | { status: 'done'; cart: Cart }
  | { status: 'not-found' }
  | { status: 'placed' }
  | { status: 'no-item' };

/** What adding an item came to: no item is missing when adding. */
export type Added = Exclude<CartChange, { status: 'no-item' }>;

/** A cart by uuid (following a merge on sign-in) as the shopper may see it, or null. */
export async function findCart(db: Db, uuid: string, userId: string | null): Promise<Cart | null> {
  const cart = await resolveCart(db, uuid);
  if (!cart || !canSee(cart, userId)) return null;
  return cartView(db, cart);
}

/** The open anonymous cart of the browser's cookie, locked; null when there is none. */
async function cookieCart(tx: Db, uuid: string | null): Promise<CartRow | null> {
  if (!uuid) return null;
  const cart = await resolveCart(tx, uuid, true);
  return cart && cart.status === 'open' && cart.userId === null ? cart : null;
}

/**
 * Adds an item to the cart a request names, or to the shopper's: a signed-in customer's one open cart,
 * else the anonymous cart of the cookie, else a new cart. A named cart must be one the shopper may see
 * (not-found) and still open (placed).
 */
export async function addToCart(
  db: Db,
  shopper: Shopper,
  cartid: string | undefined,
  item: NewCartItem,
  now: Date,
): Promise<Added> {
  const { userId } = shopper;
  const change = await db.transaction(async (tx) => {
    let cart: CartRow | null;
    if (cartid) {
      cart = await resolveCart(tx, cartid, true);
      if (!cart || !canSee(cart, userId)) return { status: 'not-found' } as const;
      if (cart.status === 'placed') return { status: 'placed' } as const;
    } else {
      // A signed-in customer keeps one open cart. A visitor without a cart id in the request (a tab
      // opened before the first add elsewhere) goes on with the cart of the cookie, else starts one.
      cart = userId ? await openCartOf(tx, userId) : await cookieCart(tx, shopper.cookieCart);
      if (!cart) {
        cart = await createCart(tx, userId, now);
        if (userId) await setUserCart(tx, userId, cart.uuid);
      }
    }
    await addItem(tx, { cartUuid: cart.uuid, ...item }, now);
    return { status: 'done', cart } as const;
  });
  if (change.status !== 'done') return change;
  return { status: 'done', cart: await cartView(db, change.cart) };
}

/** Removes an item from a cart the shopper may see and that is still open. */
export async function removeFromCart(
  db: Db,
  request: { cartUuid: string; itemId: number; userId: string | null },
  now: Date,
): Promise<CartChange> {
  const change = await db.transaction(async (tx) => {
    const cart = await resolveCart(tx, request.cartUuid, true);
    if (!cart || !canSee(cart, request.userId)) return { status: 'not-found' } as const;
    if (cart.status === 'placed') return { status: 'placed' } as const;
    if (!(await removeItem(tx, cart.uuid, request.itemId, now))) return { status: 'no-item' } as const;
    return { status: 'done', cart } as const;
  });
  if (change.status !== 'done') return change;
  return { status: 'done', cart: await cartView(db, change.cart) };
}
