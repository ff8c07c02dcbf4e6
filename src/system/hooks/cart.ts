import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Cart, CartItem } from '../../../contract/cart';
import type { CartEvent, CartMachine } from '../../../machines/cart/cart.machine';
import type { SessionSnapshot } from '../../../machines/session/selectors';
import { useApp, useAppHandle } from '../AppContext';

type CartSnapshot = SnapshotFrom<CartMachine>;

const selectCart = (s: SessionSnapshot | undefined) => s?.context.cart ?? null;
const selectCartId = (s: SessionSnapshot | undefined) => s?.context.cartId ?? null;
const selectBusy = (s: CartSnapshot | undefined) => s?.hasTag('busy') ?? false;
const selectAdding = (s: CartSnapshot | undefined) =>
  s?.matches('adding') ? (s.context.adding?.mediacode ?? null) : null;

/** The cart, as the session holds it (null before there is one). */
export const useCart = (): Cart | null => useSelector(useApp()?.session, selectCart);

export const useCartId = (): string | null => useSelector(useApp()?.session, selectCartId);

/** An add or a remove is on its way (a load blocks nothing). */
export const useCartBusy = (): boolean => useSelector(useApp()?.cart, selectBusy);

const selectEditing = (s: CartSnapshot | undefined) => s?.context.editing ?? null;

/** The item whose dates and quantity are being changed (its editor is open), or null. */
export const useEditedItem = (): CartItem | null => useSelector(useApp()?.cart, selectEditing);

/** The placement being added to the cart right now (its mediacode), or null. */
export const useAddingMediacode = (): string | null => useSelector(useApp()?.cart, selectAdding);

/** Sends to the cart, now or once it exists. */
export function useSendToCart(): (event: CartEvent) => void {
  const handle = useAppHandle();
  return useCallback((event) => handle.whenReady((app) => app.cart.send(event)), [handle]);
}
