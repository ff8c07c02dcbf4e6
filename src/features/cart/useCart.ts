import { useSyncExternalStore } from 'react';
import type { Cart } from '../../../contract/cart';
import {
  cartSnapshot,
  sendToCart,
  sessionSnapshot,
  subscribeToSystem,
  toastsSnapshot,
} from '../session/sessionLoader';

const EMPTY: readonly never[] = [];

/** The cart, as the session holds it (null before there is one). */
export const useCart = (): Cart | null =>
  useSyncExternalStore(subscribeToSystem, () => sessionSnapshot()?.context.cart ?? null);

export const useCartId = (): string | null =>
  useSyncExternalStore(subscribeToSystem, () => sessionSnapshot()?.context.cartId ?? null);

/** An add or a remove is on its way (a load blocks nothing). */
export const useCartBusy = (): boolean =>
  useSyncExternalStore(subscribeToSystem, () => cartSnapshot()?.hasTag('busy') ?? false);

export const useToasts = () =>
  useSyncExternalStore(subscribeToSystem, () => toastsSnapshot()?.context.toasts ?? EMPTY);

export const removeCartItem = (itemId: number) => sendToCart({ type: 'cart.remove', itemId });

/** The cart may have changed elsewhere: load it again. */
export const refreshCart = () => sendToCart({ type: 'cart.refresh' });

/** The placement being added to the cart right now (its mediacode), or null. */
export const useAddingMediacode = (): string | null =>
  useSyncExternalStore(subscribeToSystem, () => {
    const snapshot = cartSnapshot();
    return snapshot?.matches('adding') ? (snapshot.context.adding?.mediacode ?? null) : null;
  });
