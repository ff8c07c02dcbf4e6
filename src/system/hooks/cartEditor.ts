import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { CartMachine } from '../../../machines/cart/cart.machine';
import { useApp } from '../AppContext';

/** Kept apart from ./cart, which the first page loads: only the item dialog, loaded later, reads these. */
type CartSnapshot = SnapshotFrom<CartMachine>;

const selectUpdateRefusal = (s: CartSnapshot | undefined) => s?.context.updateRefusal ?? null;
const selectUpdating = (s: CartSnapshot | undefined) => s?.matches('updating') ?? false;

/** Why the last change of the edited item was refused, or null. */
export const useUpdateRefusal = (): string | null => useSelector(useApp()?.cart, selectUpdateRefusal);

/** The edited item's change is on its way. */
export const useCartUpdating = (): boolean => useSelector(useApp()?.cart, selectUpdating);
