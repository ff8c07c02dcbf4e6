import { lazy, Suspense, useEffect, useRef } from 'react';
import { useEditedItem } from '../../system/hooks/cart';

const ItemEditor = lazy(() => import('./ItemEditor').then((module) => ({ default: module.ItemEditor })));

/**
 * The item dialog's code loads the first time an item is changed: the first page carries none of it.
 * When the dialog closes with the focus nowhere (the cart page's Change button was disabled while the
 * change was saved, so the dialog could not give the focus back), the focus goes back to that button.
 */
export function ItemEditorGate() {
  const item = useEditedItem();
  const lastItem = useRef<number | null>(null);
  useEffect(() => {
    if (item) {
      lastItem.current = item.id;
      return;
    }
    const id = lastItem.current;
    lastItem.current = null;
    if (id === null) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const opener = document.querySelector<HTMLButtonElement>(`[data-edit-item="${id}"]`);
    if (lost && opener && !opener.disabled) opener.focus();
  }, [item]);
  return item ? (
    <Suspense fallback={null}>
      <ItemEditor />
    </Suspense>
  ) : null;
}
