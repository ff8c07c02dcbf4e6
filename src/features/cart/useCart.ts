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

/** An add, remove or load is on its way. */
export const useCartBusy = (): boolean =>
  useSyncExternalStore(subscribeToSystem, () => cartSnapshot()?.hasTag('busy') ?? false);

export const useToasts = () =>
  useSyncExternalStore(subscribeToSystem, () => toastsSnapshot()?.context.toasts ?? EMPTY);

export const removeCartItem = (itemId: number) => sendToCart({ type: 'cart.remove', itemId });
