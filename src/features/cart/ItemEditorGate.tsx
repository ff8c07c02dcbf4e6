import { lazy, Suspense } from 'react';
import { useEditedItem } from '../../system/hooks/cart';

const ItemEditor = lazy(() => import('./ItemEditor').then((module) => ({ default: module.ItemEditor })));

/** The item dialog's code loads the first time an item is changed: the first page carries none of it. */
export function ItemEditorGate() {
  const editing = useEditedItem() !== null;
  return editing ? (
    <Suspense fallback={null}>
      <ItemEditor />
    </Suspense>
  ) : null;
}
