import type { Context } from 'hono';
import type { Added, Shopper } from '../checkout/cart';
import type { AppEnv } from '../env';
import { optionalUser } from './auth';
import { cartCookieDrop, cartOfCookie } from './cookies';
import { fail, ok } from './envelope';

/** The answers of the cart's calls, shared by every route that puts something in the cart. */

export const CART_NOT_FOUND =
  'We could not find this cart. If you started it while signed in, sign in again; otherwise start a new cart.';
export const ALREADY_ORDERED = 'This cart was already ordered.';

/** The shopper of a request: its optional bearer's account and its cart cookie. */
export async function shopperOf(c: Context<AppEnv>): Promise<Shopper> {
  const account = await optionalUser(c);
  return { userId: account?.id ?? null, cookieCart: cartOfCookie(c) };
}

/**
 * An item route's refusal of the cart itself: not the shopper's (or gone), or ordered already, when
 * its items can no longer be `done` ("removed", "changed", "put back").
 */
export function cartRefused(c: Context<AppEnv>, status: 'not-found' | 'placed', done: string): Response {
  if (status === 'placed') return fail(c, 409, `${ALREADY_ORDERED} Its items can no longer be ${done}.`);
  return fail(c, 404, CART_NOT_FOUND);
}

/** The answer to adding an item: the cart with its cookie, or why the named cart took nothing. */
export function addedToCart(c: Context<AppEnv>, change: Added, message: string): Response {
  if (change.status === 'done')
    return ok(c, change.cart, { drop_cookies: [cartCookieDrop(c, change.cart.uuid)] }, message);
  if (change.status === 'placed')
    return fail(c, 409, `${ALREADY_ORDERED} Add the item again without the cart id to start a new cart.`);
  return fail(c, 404, CART_NOT_FOUND);
}
