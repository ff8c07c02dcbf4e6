import { useCallback, useRef } from 'react';
import type { CartItem } from '../../../contract/cart';
import { useSendToCart } from '../../system/hooks/cart';

/**
 * Removing an item deletes the button that had the focus (and the button is disabled while the
 * request runs, which drops the focus too). Once the answer is in, focus goes to the remove button
 * now in the same place, else to the fallback (the list's heading), so a keyboard user is not sent
 * back to the top of the page. A failed remove puts it back on the same item's button.
 */
export function useRemoveWithFocus(itemIds: readonly number[], busy: boolean) {
  const listRef = useRef<HTMLUListElement>(null);
  const removing = useRef<number | null>(null);
  const sendToCart = useSendToCart();

  // The heading's ref callback (the heading stays when the last item goes), new each time the cart's
  // busy flag changes, so React hands it the heading again once the answer is in.
  const fallbackRef = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (!heading || busy || removing.current === null) return;
      const index = removing.current;
      removing.current = null;
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? heading).focus();
    },
    [busy],
  );

  const remove = (item: CartItem) => {
    removing.current = Math.max(0, itemIds.indexOf(item.id));
    sendToCart({ type: 'cart.remove', item });
  };
  return { listRef, fallbackRef, remove };
}
