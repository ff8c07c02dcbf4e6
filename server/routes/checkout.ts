import { Hono } from 'hono';
import { cartItemCreateBody, cartItemUpdateBody, placeOrderBody } from '../../contract/cart';
import { cartIdParam, cartItemIdParam } from '../../contract/params';
import { checkoutPaymentQuery } from '../../contract/payments';
import { findPublishedMedia } from '../catalogue/published';
import { addToCart, findCart, removeFromCart } from '../checkout/cart';
import { checkoutPaymentView } from '../checkout/pay';
import { placeOrder } from '../checkout/place';
import { restoreCartItem } from '../checkout/restore';
import { checkoutTermsOf } from '../checkout/terms';
import { updateCartItem } from '../checkout/update';
import { cardCheckoutOf } from '../data/checkoutPayments';
import type { AppEnv } from '../env';
import { optionalUser, requireUser, signedInUser } from '../http/auth';
import { InvalidFields, nestFields } from '../http/body';
import { ALREADY_ORDERED, addedToCart, CART_NOT_FOUND, cartRefused, shopperOf } from '../http/cartAnswers';
import { cardCheckoutFor, payCheckoutAnswer, payDeps } from '../http/checkoutPayAnswers';
import { cartCookieDrop } from '../http/cookies';
import { fail, ok } from '../http/envelope';
import { itemFields } from '../http/fieldShapes';
import { formBody, params, query } from '../http/validators';
import { quotePlacement } from '../pricing/quote';

/** What a person does instead when an item cannot be put back: a campaign is built on its page. */
const againOnItsPage = (campaign: boolean) =>
  campaign ? 'Build it again on its page.' : 'Add it again from its page.';

/**
 * SPEC: POST /checkout/item/create, GET /checkout/{cartId}, item delete and update, and placing the
 * order; beyond it, putting a removed item back (its toast's Undo).
 */
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/item/create', formBody(cartItemCreateBody, itemFields), async (c) => {
    const body = c.req.valid('form');
    const code = body.mediacode.toUpperCase();
    const item = await findPublishedMedia(c.var.db, code);
    if (!item) {
      // A field of the request, not the address: 404 here is kept for the cart itself.
      const message = `There is no placement with the code ${code}. It may have been removed.`;
      throw new InvalidFields({ mediacode: message }, message);
    }
    // The price is the server's: the same computation as GET /media/{mediacode}/quote.
    const now = c.var.clock();
    const { quote, totalCents } = quotePlacement(item, body, now, c.var.catalogue.calendar);
    const added = await addToCart(
      c.var.db,
      await shopperOf(c),
      body.cartid,
      { mediacode: item.mediacode, dates: quote.dates, quantity: quote.quantity, priceCents: totalCents },
      now,
    );
    return addedToCart(c, added, `${item.name} is in your cart.`);
  })
  .get('/:cartId', params({ cartId: cartIdParam }), async (c) => {
    const { cartId } = c.req.valid('param');
    const account = await optionalUser(c);
    const cart = await findCart(c.var.db, cartId, account?.id ?? null);
    if (!cart) return fail(c, 404, CART_NOT_FOUND);
    // A cart merged into the account's on sign-in answers that cart, and the cookie follows it.
    const cookies = cart.uuid === cartId ? [] : [cartCookieDrop(c, cart.uuid)];
    return ok(c, cart, { drop_cookies: cookies });
  })
  .post(
    '/:cartId/item/:itemId/delete',
    params({ cartId: cartIdParam, itemId: cartItemIdParam }),
    async (c) => {
      const { cartId, itemId } = c.req.valid('param');
      const account = await optionalUser(c);
      const change = await removeFromCart(
        c.var.db,
        { cartUuid: cartId, itemId, userId: account?.id ?? null },
        c.var.clock(),
      );
      switch (change.status) {
        case 'not-found':
        case 'placed':
          return cartRefused(c, change.status, 'removed');
        case 'no-item':
          return fail(c, 404, `Item ${itemId} is not in this cart. It may have been removed already.`);
      }
      return ok(c, change.cart, {}, 'The item was removed from your cart.');
    },
  )
  .post(
    '/:cartId/item/:itemId/update',
    params({ cartId: cartIdParam, itemId: cartItemIdParam }),
    formBody(cartItemUpdateBody, itemFields),
    async (c) => {
      const { cartId, itemId } = c.req.valid('param');
      const { dates, quantity } = c.req.valid('form');
      const account = await optionalUser(c);
      const change = await updateCartItem(
        c.var.db,
        { cartUuid: cartId, itemId, userId: account?.id ?? null, dates, quantity },
        c.var.clock(),
        c.var.catalogue.calendar,
      );
      switch (change.status) {
        case 'not-found':
        case 'placed':
          return cartRefused(c, change.status, 'changed');
        case 'no-item':
          return fail(c, 404, `Item ${itemId} is not in this cart. It may have been removed.`);
        case 'campaign':
          return fail(
            c,
            422,
            'A direct-mail campaign’s pieces come from its routes or zip codes: remove it, then build it again on its page with the new drop week.',
          );
        case 'not-sold':
          return fail(c, 422, `${change.mediacode} is no longer sold: remove it from your cart.`);
      }
      return ok(c, change.cart, {}, `${change.name} now has the dates and quantity you chose.`);
    },
  )
  .post(
    '/:cartId/item/:itemId/restore',
    params({ cartId: cartIdParam, itemId: cartItemIdParam }),
    async (c) => {
      const { cartId, itemId } = c.req.valid('param');
      const account = await optionalUser(c);
      const change = await restoreCartItem(
        c.var.db,
        c.var.routes,
        { cartUuid: cartId, itemId, userId: account?.id ?? null },
        c.var.clock(),
        c.var.catalogue.calendar,
      );
      switch (change.status) {
        case 'not-found':
        case 'placed':
          return cartRefused(c, change.status, 'put back');
        case 'no-item':
          return fail(
            c,
            404,
            'That item is not one removed from this cart: it may have been put back already. Add it again from its page if it is missing.',
          );
        case 'too-late':
          return fail(
            c,
            410,
            `${change.name} was removed more than an hour ago and can no longer be put back. ${againOnItsPage(change.campaign)}`,
          );
        case 'not-buyable':
          return fail(
            c,
            422,
            `${change.name} cannot be put back as it was: ${change.problem} ${againOnItsPage(change.campaign)}`,
          );
      }
      return ok(c, change.cart, {}, `${change.name} is back in your cart.`);
    },
  )
  .post(
    '/:cartId/place',
    requireUser,
    params({ cartId: cartIdParam }),
    formBody(placeOrderBody, nestFields),
    async (c) => {
      const { cartId } = c.req.valid('param');
      const body = c.req.valid('form');
      const { account } = signedInUser(c);
      if (body.payment === 'card' && !c.var.payments)
        return fail(c, 422, 'Card payment is not available here; choose Invoice.');
      const now = c.var.clock();
      const result = await placeOrder(
        c.var.db,
        c.var.jobs,
        c.var.routes,
        {
          cartUuid: cartId,
          account,
          idempotencyKey: body.idempotency_key,
          billing: body.billing,
          itemIds: body.item_ids,
          payBy:
            body.payment === 'card'
              ? new Date(now.getTime() + c.var.config.checkoutPaymentMinutes * 60_000)
              : null,
        },
        now,
        c.var.catalogue.calendar,
      );
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
        case 'refused':
          return fail(c, 422, `Nothing was ordered. ${result.message}`);
      }
      // By the checkout as placed: a repeat of it answers as the first did, whatever it asks now.
      const card = await cardCheckoutOf(c.var.db, result.answer.cart.uuid, account.companyId);
      if (card) {
        const paying = await payCheckoutAnswer(c, card, true);
        if (paying) return paying;
      }
      const { orders } = result.answer;
      const numbers = orders.map((o) => o.number).join(', ');
      return ok(
        c,
        result.answer,
        { drop_cookies: [cartCookieDrop(c, null)] },
        `Thank you! Your order${orders.length > 1 ? 's' : ''} ${numbers} ${orders.length > 1 ? 'are' : 'is'} placed.`,
      );
    },
  )
  // Issue 32: whether the company may be invoiced for this cart, on which terms, or why not.
  .get('/:cartId/terms', requireUser, params({ cartId: cartIdParam }), async (c) => {
    const { cartId } = c.req.valid('param');
    const { account } = signedInUser(c);
    const cart = await findCart(c.var.db, cartId, account.id);
    if (!cart) return fail(c, 404, CART_NOT_FOUND);
    return ok(c, await checkoutTermsOf(c.var.db, account.companyId, cart.uuid, c.var.clock()));
  })
  // Issue 30, part 2: the confirmation page's look at a card checkout, and paying it again.
  .get(
    '/:cartId/payment',
    requireUser,
    params({ cartId: cartIdParam }),
    query(checkoutPaymentQuery),
    async (c) => {
      const found = await cardCheckoutFor(c, c.req.valid('param').cartId);
      if (found instanceof Response) return found;
      return ok(c, await checkoutPaymentView(payDeps(c, found.gateway), found.checkout));
    },
  )
  .post('/:cartId/pay', requireUser, params({ cartId: cartIdParam }), async (c) => {
    const found = await cardCheckoutFor(c, c.req.valid('param').cartId);
    if (found instanceof Response) return found;
    return (
      (await payCheckoutAnswer(c, found.checkout, false)) ??
      fail(c, 409, 'This order is already paid. See it in your orders.')
    );
  });
