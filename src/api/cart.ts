import type { Cart, Order, PlaceOrderBody } from '../../contract/cart';
import type { OrderCounts } from '../../contract/orders';
import type { PlaceAnswer } from '../../contract/payments';
import { type CartItemChange, type CartItemRequest, CartNotFound } from '../../machines/cart/cart.types';
import { call } from './client';
import { type Result, toResult } from './result';

/**
 * POST /checkout/item/create: form fields with a JSON answer (SPEC section 7). Throws "Error adding
 * new item" (SPEC section 8), with the API's explanation as its cause.
 */
export async function addCartItem(item: CartItemRequest, cartId: string | null): Promise<Cart> {
  const form = new URLSearchParams();
  form.set('mediacode', item.mediacode);
  for (const date of item.dates) form.append('dates[]', date);
  form.set('quantity', String(item.quantity));
  if (cartId) form.set('cartid', cartId);
  const answer = await call<Cart>('/checkout/item/create', { method: 'post', body: form, auth: 'optional' });
  // 404: the cart is not this visitor's (any more); 409: it was ordered. Either way it cannot grow.
  if (cartId && (answer.status === 404 || answer.status === 409)) throw new CartNotFound(answer.message);
  if (!answer.success || !answer.data)
    throw new Error('Error adding new item', { cause: { message: answer.message } });
  return answer.data;
}

/** The cart load (GET /checkout/{cartId}, optionally authenticated); its answer replaces the cart. */
export async function loadCart(cartId: string): Promise<Cart> {
  const answer = await call<Cart>(`/checkout/${encodeURIComponent(cartId)}`, { auth: 'optional' });
  if (answer.status === 404) throw new CartNotFound(answer.message);
  if (!answer.success || !answer.data)
    throw new Error('Error loading the cart', { cause: { message: answer.message } });
  return answer.data;
}

/** POST /checkout/{cartId}/item/{itemId}/delete (with the token when there is one); the answer replaces the cart. */
export async function deleteCartItem(cartId: string, itemId: number): Promise<Cart> {
  const answer = await call<Cart>(`/checkout/${encodeURIComponent(cartId)}/item/${itemId}/delete`, {
    method: 'post',
    auth: 'optional',
  });
  if (!answer.success || !answer.data)
    throw new Error('Error deleting the cart item', { cause: { message: answer.message } });
  return answer.data;
}

/**
 * POST /checkout/{cartId}/item/{itemId}/restore: the removed item back in its place (a toast's Undo);
 * the answer replaces the cart. A refusal rejects with the API's sentence as its cause.
 */
export async function restoreCartItem(cartId: string, itemId: number): Promise<Cart> {
  const answer = await call<Cart>(`/checkout/${encodeURIComponent(cartId)}/item/${itemId}/restore`, {
    method: 'post',
    auth: 'optional',
  });
  if (!answer.success || !answer.data)
    throw new Error('Error restoring the cart item', { cause: { message: answer.message } });
  return answer.data;
}

/**
 * POST /checkout/{cartId}/item/{itemId}/update: the item's new dates and quantity as form fields, like
 * an add; the answer replaces the cart. A refusal rejects with the API's sentence as its cause.
 */
export async function updateCartItem(cartId: string, change: CartItemChange): Promise<Cart> {
  const form = new URLSearchParams();
  for (const date of change.dates) form.append('dates[]', date);
  form.set('quantity', String(change.quantity));
  const answer = await call<Cart>(`/checkout/${encodeURIComponent(cartId)}/item/${change.itemId}/update`, {
    method: 'post',
    body: form,
    auth: 'optional',
  });
  if (!answer.success || !answer.data)
    throw new Error('Error changing the cart item', { cause: { message: answer.message } });
  return answer.data;
}

/**
 * POST /checkout/{cartId}/place: the orders, or `{ url }` of Stripe's page for a card checkout; made
 * once per idempotency key however often it is sent.
 */
export const placeOrder = async (cartId: string, body: PlaceOrderBody): Promise<Result<PlaceAnswer>> =>
  toResult(
    await call<PlaceAnswer>(`/checkout/${encodeURIComponent(cartId)}/place`, {
      method: 'post',
      body,
      auth: true,
    }),
  );

export const fetchOrders = async (): Promise<Result<{ orders: Order[] }>> =>
  toResult(await call<{ orders: Order[] }>('/orders', { auth: true, query: { status: 'upcoming' } }));

export const fetchOrdersStats = async (): Promise<Result<OrderCounts>> =>
  toResult(await call<OrderCounts>('/orders/stats', { auth: true }));
