import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { cartItemCreateBody, type PlacedOrders, placeOrderBody } from '../../contract/cart';
import type { DroppedCookie } from '../../contract/envelope';
import type { Media } from '../../contract/media';
import type { AppEnv } from '../app';
import { cartView, orderViews } from '../checkout/view';
import type { Account } from '../data/accounts';
import {
  addItem,
  type CartItemRow,
  type CartRow,
  canSee,
  createCart,
  type ItemCheck,
  openCartOf,
  ordersOfCart,
  type PlaceResult,
  placeCart,
  removeItem,
  resolveCart,
  setUserCart,
} from '../data/carts';
import { findMedia } from '../data/catalogue';
import type { Db } from '../db/client';
import type { CampaignDetails } from '../db/schema';
import type { DirectMailAreas } from '../directMail/areas';
import { priceCampaign } from '../directMail/campaigns';
import { optionalUser, requireUser, signedInUser } from '../http/auth';
import { InvalidFields, nestFields, parseFields, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { formatCents, formatCount } from '../pricing/money';
import { chooseDates, quotePlacement } from '../pricing/quote';
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
export function itemFields(body: unknown): unknown {
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

/** The open anonymous cart the browser's cart cookie names, locked; null when there is none. */
async function cookieCart(tx: Db, c: Context<AppEnv>): Promise<CartRow | null> {
  const uuid = cartId.safeParse(getCookie(c, `${c.var.config.cookiePrefix}_cart_id`));
  if (!uuid.success) return null;
  const cart = await resolveCart(tx, uuid.data, true);
  return cart && cart.status === 'open' && cart.userId === null ? cart : null;
}

/**
 * A campaign item (direct mail) priced again as it would be created today: its drop week still open,
 * the same pieces, at the placement's current price per 1,000.
 */
function requoteCampaign(
  areas: DirectMailAreas,
  item: Media,
  row: CartItemRow,
  details: CampaignDetails,
  now: Date,
): { totalCents: number } {
  chooseDates(item, row.dates, now);
  const priced = priceCampaign(areas, item, details);
  if ('problem' in priced) throw new InvalidFields({ dates: priced.problem }, priced.problem);
  if (priced.pieces !== row.quantity) {
    const message = `It now reaches ${formatCount(priced.pieces)} pieces (it was ${formatCount(row.quantity)}).`;
    throw new InvalidFields({ quantity: message }, message);
  }
  return priced;
}

/** An item quoted again as it would be added today: the same dates, quantity and price, or why not. */
const checkItem = async (
  tx: Db,
  row: CartItemRow,
  now: Date,
  areas: DirectMailAreas,
): ReturnType<ItemCheck> => {
  const item = await findMedia(tx, row.mediacode);
  if (!item) return { problem: `${row.mediacode} is no longer sold: remove it from your cart.` };
  try {
    const { totalCents } = row.details
      ? requoteCampaign(areas, item, row, row.details, now)
      : quotePlacement(item, { dates: row.dates, quantity: row.quantity }, now);
    if (totalCents === row.priceCents) return null;
    return {
      problem: `The price of ${item.name} is now ${formatCents(totalCents)} (it was ${formatCents(row.priceCents)}).`,
      priceCents: totalCents,
    };
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    return { problem: `${item.name}: ${error.message} Remove it and add it again with other dates.` };
  }
};

type CartChange =
  | { status: 'done'; cart: CartRow }
  | { status: 'not-found' }
  | { status: 'placed' }
  | { status: 'no-item' };

/** A new item of the main cart, priced by the server. */
export interface NewCartItem {
  mediacode: string;
  dates: string[];
  quantity: number;
  priceCents: number;
  details?: CampaignDetails | null;
}

/**
 * Adds an item to the cart a request names, or to the caller's: a signed-in customer's one open cart,
 * else the anonymous cart of the cookie, else a new cart. A named cart must be one the caller may see
 * (404) and still open (409). Answers the cart with the cart cookie, or the failure.
 */
export async function addToCart(
  c: Context<AppEnv>,
  cartid: string | undefined,
  account: Account | null,
  item: NewCartItem,
  message: string,
): Promise<Response> {
  const now = c.var.clock();
  const userId = account?.id ?? null;
  const change = await c.var.db.transaction(async (tx): Promise<CartChange> => {
    let cart: CartRow | null;
    if (cartid) {
      cart = await resolveCart(tx, cartid, true);
      if (!cart || !canSee(cart, userId)) return { status: 'not-found' };
      if (cart.status === 'placed') return { status: 'placed' };
    } else {
      // A signed-in customer keeps one open cart. A visitor without a cart id in the request (a tab
      // opened before the first add elsewhere) goes on with the cart of the cookie, else starts one.
      cart = userId ? await openCartOf(tx, userId) : await cookieCart(tx, c);
      if (!cart) {
        cart = await createCart(tx, userId, now);
        if (userId) await setUserCart(tx, userId, cart.uuid);
      }
    }
    await addItem(tx, { cartUuid: cart.uuid, ...item }, now);
    return { status: 'done', cart };
  });
  if (change.status === 'not-found') return fail(c, 404, CART_NOT_FOUND);
  if (change.status !== 'done')
    return fail(c, 409, `${ALREADY_ORDERED} Add the item again without the cart id to start a new cart.`);
  return ok(
    c,
    await cartView(c.var.db, change.cart),
    { drop_cookies: [cartCookie(c, change.cart.uuid)] },
    message,
  );
}

/** SPEC: POST /checkout/item/create, GET /checkout/{cartId}, item delete, and placing the order. */
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/item/create', async (c) => {
    const account = await optionalUser(c);
    const body = parseFields(cartItemCreateBody, itemFields(await readBody(c)));
    const code = body.mediacode.toUpperCase();
    const item = await findMedia(c.var.db, code);
    if (!item) {
      // A field of the request, not the address: 404 here is kept for the cart itself.
      const message = `There is no placement with the code ${code}. It may have been removed.`;
      throw new InvalidFields({ mediacode: message }, message);
    }
    // The price is the server's: the same computation as GET /media/{mediacode}/quote.
    const { quote, totalCents } = quotePlacement(item, body, c.var.clock());
    return addToCart(
      c,
      body.cartid,
      account,
      { mediacode: item.mediacode, dates: quote.dates, quantity: quote.quantity, priceCents: totalCents },
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
      const now = c.var.clock();
      result = await placeCart(c.var.db, {
        cartUuid: uuid,
        userId: account.id,
        companyId: account.companyId,
        idempotencyKey: body.idempotency_key,
        billing: body.billing,
        itemIds: body.item_ids,
        check: (tx, row) => checkItem(tx, row, now, c.var.catalogue.directMail),
        now,
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
      case 'changed':
        return fail(
          c,
          409,
          'Your cart changed since this page was opened (an item was added or removed elsewhere). Check the items and the total, then place the order again.',
        );
      case 'stale':
        return fail(
          c,
          409,
          `Nothing was ordered. ${result.problems.join(' ')} Check your cart, then place the order again.`,
        );
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
