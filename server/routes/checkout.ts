import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { cartItemCreateBody, type PlacedOrders, placeOrderBody } from '../../contract/cart';
import type { DroppedCookie } from '../../contract/envelope';
import type { AppEnv } from '../app';
import { cartView, orderViews } from '../checkout/view';
import {
  addItem,
  type CartRow,
  canSee,
  createCart,
  openCartOf,
  ordersOfCart,
  type PlaceResult,
  placeCart,
  removeItem,
  resolveCart,
  setUserCart,
} from '../data/carts';
import { findMedia } from '../data/catalogue';
import { optionalUser, requireUser, signedInUser } from '../http/auth';
import { nestFields, parseFields, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { quotePlacement } from '../pricing/quote';
import { isUniqueViolation } from './accountsShared';

const CART_COOKIE_DAYS = 30;
const cartId = z.uuid('The cart id in the address is not valid.');
const itemId = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'The item id in the address is not valid.')
  .transform(Number);

const CART_NOT_FOUND =
  'We could not find this cart. If you started it while signed in, sign in again; otherwise start a new cart.';
const ALREADY_ORDERED = 'This cart was already ordered.';

/** The cart cookie set to a cart (30 days) or removed (null). */
export const cartCookie = (c: Context<AppEnv>, uuid: string | null): DroppedCookie => {
  const name = `${c.var.config.cookiePrefix}_cart_id`;
  return uuid === null ? { name, value: null } : { name, value: uuid, days: CART_COOKIE_DAYS };
};

/**
 * The fields of an item as the schema reads them, whichever way they came: `dates[]` repeated or one
 * comma-separated `dates` (form or JSON), an empty `cartid` field meaning no cart yet.
 */
function itemFields(body: unknown): unknown {
  const fields = nestFields(body);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  const out = { ...(fields as Record<string, unknown>) };
  const dates = out.dates;
  if (typeof dates === 'string' || Array.isArray(dates)) {
    out.dates = [dates]
      .flat()
      .flatMap((d) => (typeof d === 'string' ? d.split(',') : [d]))
      .map((d) => (typeof d === 'string' ? d.trim() : d))
      .filter((d) => d !== '');
  }
  if (out.cartid === '' || out.cartid === null) delete out.cartid;
  return out;
}

type CartChange =
  | { status: 'done'; cart: CartRow }
  | { status: 'not-found' }
  | { status: 'placed' }
  | { status: 'no-item' };

/** SPEC: POST /checkout/item/create, GET /checkout/{cartId}, item delete, and placing the order. */
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/item/create', async (c) => {
    const account = await optionalUser(c);
    const body = parseFields(cartItemCreateBody, itemFields(await readBody(c)));
    const code = body.mediacode.toUpperCase();
    const item = await findMedia(c.var.db, code);
    if (!item) return fail(c, 404, `There is no placement with the code ${code}. It may have been removed.`);
    const now = c.var.clock();
    // The price is the server's: the same computation as GET /media/{mediacode}/quote.
    const { quote, totalCents } = quotePlacement(item, body, now);
    const userId = account?.id ?? null;
    const change = await c.var.db.transaction(async (tx): Promise<CartChange> => {
      let cart: CartRow | null;
      if (body.cartid) {
        cart = await resolveCart(tx, body.cartid, true);
        if (!cart || !canSee(cart, userId)) return { status: 'not-found' };
        if (cart.status === 'placed') return { status: 'placed' };
      } else {
        // A signed-in customer keeps one open cart; a visitor without a cart id starts one.
        cart = userId ? await openCartOf(tx, userId) : null;
        if (!cart) {
          cart = await createCart(tx, userId, now);
          if (userId) await setUserCart(tx, userId, cart.uuid);
        }
      }
      await addItem(
        tx,
        {
          cartUuid: cart.uuid,
          mediacode: item.mediacode,
          dates: quote.dates,
          quantity: quote.quantity,
          priceCents: totalCents,
        },
        now,
      );
      return { status: 'done', cart };
    });
    if (change.status === 'not-found') return fail(c, 404, CART_NOT_FOUND);
    if (change.status !== 'done')
      return fail(c, 409, `${ALREADY_ORDERED} Add the item again without the cart id to start a new cart.`);
    return ok(
      c,
      await cartView(c.var.db, change.cart),
      { drop_cookies: [cartCookie(c, change.cart.uuid)] },
      `${item.name} is in your cart.`,
    );
  })
  .get('/:cartId', async (c) => {
    const uuid = parseOrThrow(cartId, c.req.param('cartId'));
    const account = await optionalUser(c);
    const cart = await resolveCart(c.var.db, uuid);
    if (!cart || !canSee(cart, account?.id ?? null)) return fail(c, 404, CART_NOT_FOUND);
    // A cart merged into the account's on sign-in answers that cart, and the cookie follows it.
    const cookies = cart.uuid === uuid ? [] : [cartCookie(c, cart.uuid)];
    return ok(c, await cartView(c.var.db, cart), { drop_cookies: cookies });
  })
  .post('/:cartId/item/:itemId/delete', async (c) => {
    const uuid = parseOrThrow(cartId, c.req.param('cartId'));
    const id = parseOrThrow(itemId, c.req.param('itemId'));
    const account = await optionalUser(c);
    const now = c.var.clock();
    const change = await c.var.db.transaction(async (tx): Promise<CartChange> => {
      const cart = await resolveCart(tx, uuid, true);
      if (!cart || !canSee(cart, account?.id ?? null)) return { status: 'not-found' };
      if (cart.status === 'placed') return { status: 'placed' };
      if (!(await removeItem(tx, cart.uuid, id, now))) return { status: 'no-item' };
      return { status: 'done', cart };
    });
    if (change.status === 'not-found') return fail(c, 404, CART_NOT_FOUND);
    if (change.status === 'placed')
      return fail(c, 409, `${ALREADY_ORDERED} Its items can no longer be removed.`);
    if (change.status === 'no-item')
      return fail(c, 404, `Item ${id} is not in this cart. It may have been removed already.`);
    return ok(c, await cartView(c.var.db, change.cart), {}, 'The item was removed from your cart.');
  })
  .post('/:cartId/place', requireUser, async (c) => {
    const uuid = parseOrThrow(cartId, c.req.param('cartId'));
    const body = parseFields(placeOrderBody, nestFields(await readBody(c)));
    const { account } = signedInUser(c);
    let result: PlaceResult;
    try {
      result = await placeCart(c.var.db, {
        cartUuid: uuid,
        userId: account.id,
        companyId: account.companyId,
        idempotencyKey: body.idempotency_key,
        billing: body.billing,
        now: c.var.clock(),
      });
    } catch (error) {
      // Two different carts placed at the same moment with one key: the second is refused.
      if (isUniqueViolation(error)) result = { status: 'key-used' };
      else throw error;
    }
    switch (result.status) {
      case 'not-found':
        return fail(c, 404, CART_NOT_FOUND);
      case 'already-placed':
        return fail(c, 409, `${ALREADY_ORDERED} See it in your orders.`);
      case 'key-used':
        return fail(
          c,
          409,
          'This order request was already used for another cart. Reload the page and try again.',
        );
      case 'empty':
        return fail(c, 422, 'Your cart is empty. Add a placement before placing the order.');
    }
    const orders = await orderViews(c.var.db, await ordersOfCart(c.var.db, result.cartUuid));
    const cart = await resolveCart(c.var.db, result.cartUuid);
    if (!cart) throw new Error('The placed cart could not be read back.');
    const answer: PlacedOrders = { orders, cart: await cartView(c.var.db, cart) };
    const numbers = orders.map((o) => o.number).join(', ');
    return ok(
      c,
      answer,
      { drop_cookies: [cartCookie(c, null)] },
      `Thank you! Your order${orders.length > 1 ? 's' : ''} ${numbers} ${orders.length > 1 ? 'are' : 'is'} placed.`,
    );
  });
