import type { Cart } from '../../contract/cart';
import { CartNotFound } from '../../machines/cart/cart.types';
import * as api from '../api/cart';
import type { Result } from '../api/result';
import type { AppServices } from './environment';
import { dataOr } from './results';

/** A cart that cannot be used any more, as the machines expect it: CartNotFound with the API's sentence. */
function cartOf(result: Result<Cart>, sentence: string, gone: (status: number) => boolean): Cart {
  if (!result.ok && gone(result.status)) throw new CartNotFound(result.message);
  return dataOr(result, sentence);
}

const never = () => false;

/** The cart's API calls as the machines use them: the cart, or SPEC section 8's sentence (CartNotFound when gone). */
export const cartCalls: Pick<
  AppServices,
  'loadCart' | 'addCartItem' | 'deleteCartItem' | 'restoreCartItem' | 'updateCartItem'
> = {
  // 404: the cart is gone, or not this visitor's.
  loadCart: async (cartId) => cartOf(await api.loadCart(cartId), 'Error loading the cart', (s) => s === 404),
  // An add into a cart answered 404 (not this visitor's any more) or 409 (it was ordered): it cannot grow.
  addCartItem: async (item, cartId) =>
    cartOf(
      await api.addCartItem(item, cartId),
      'Error adding new item',
      (status) => cartId !== null && cartId !== '' && (status === 404 || status === 409),
    ),
  deleteCartItem: async (cartId, itemId) =>
    cartOf(await api.deleteCartItem(cartId, itemId), 'Error deleting the cart item', never),
  restoreCartItem: async (cartId, itemId) =>
    cartOf(await api.restoreCartItem(cartId, itemId), 'Error restoring the cart item', never),
  updateCartItem: async (cartId, change) =>
    cartOf(await api.updateCartItem(cartId, change), 'Error changing the cart item', never),
};

/** The cart an address names, or null when it is gone or not this visitor's (the checkout's own page). */
export const cartOrGone = (cartId: string): Promise<Cart | null> =>
  cartCalls.loadCart(cartId).catch((error: unknown) => {
    if (error instanceof CartNotFound) return null;
    throw error;
  });
