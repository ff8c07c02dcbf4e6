import type { Cart, PlaceOrderBody } from '../../contract/cart';
import type { PlaceAnswer } from '../../contract/payments';
import { call } from './client';
import { type Result, toResult } from './result';

const cartPath = (cartId: string) => `/checkout/${encodeURIComponent(cartId)}`;

/** An item's dates and quantity, as an add and a change both send them (never a price). */
interface ItemChoice {
  dates: readonly string[];
  quantity: number;
}

/**
 * POST /checkout/item/create: form fields with a JSON answer (SPEC section 7). A 404 (the cart is not
 * this visitor's any more) or a 409 (it was ordered) to an add into a cart means it cannot grow.
 */
export async function addCartItem(
  item: ItemChoice & { mediacode: string },
  cartId: string | null,
): Promise<Result<Cart>> {
  const form = new URLSearchParams();
  form.set('mediacode', item.mediacode);
  for (const date of item.dates) form.append('dates[]', date);
  form.set('quantity', String(item.quantity));
  if (cartId) form.set('cartid', cartId);
  return toResult(
    await call<Cart>('/checkout/item/create', { method: 'post', body: form, auth: 'optional' }),
  );
}

/** The cart load (GET /checkout/{cartId}, optionally authenticated); a 404: gone, or not this visitor's. */
export const loadCart = async (cartId: string): Promise<Result<Cart>> =>
  toResult(await call<Cart>(cartPath(cartId), { auth: 'optional' }));

/** POST /checkout/{cartId}/item/{itemId}/delete (with the token when there is one); the answer replaces the cart. */
export const deleteCartItem = async (cartId: string, itemId: number): Promise<Result<Cart>> =>
  toResult(
    await call<Cart>(`${cartPath(cartId)}/item/${itemId}/delete`, { method: 'post', auth: 'optional' }),
  );

/** POST /checkout/{cartId}/item/{itemId}/restore: the removed item back in its place (a toast's Undo). */
export const restoreCartItem = async (cartId: string, itemId: number): Promise<Result<Cart>> =>
  toResult(
    await call<Cart>(`${cartPath(cartId)}/item/${itemId}/restore`, { method: 'post', auth: 'optional' }),
  );

/**
 * POST /checkout/{cartId}/item/{itemId}/update: the item's new dates and quantity as form fields, like
 * an add; the answer replaces the cart.
 */
export async function updateCartItem(
  cartId: string,
  change: ItemChoice & { itemId: number },
): Promise<Result<Cart>> {
  const form = new URLSearchParams();
  for (const date of change.dates) form.append('dates[]', date);
  form.set('quantity', String(change.quantity));
  return toResult(
    await call<Cart>(`${cartPath(cartId)}/item/${change.itemId}/update`, {
      method: 'post',
      body: form,
      auth: 'optional',
    }),
  );
}

/**
 * POST /checkout/{cartId}/place: the orders, or `{ url }` of Stripe's page for a card checkout; made
 * once per idempotency key however often it is sent.
 */
export const placeOrder = async (cartId: string, body: PlaceOrderBody): Promise<Result<PlaceAnswer>> =>
  toResult(
    await call<PlaceAnswer>(`${cartPath(cartId)}/place`, {
      method: 'post',
      body,
      auth: true,
    }),
  );
