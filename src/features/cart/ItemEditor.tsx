import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { lazy, Suspense } from 'react';
import { useEditedItem, useSendToCart } from '../../system/hooks/cart';
import { Spinner } from '../../ui/Spinner';

const ItemEditorForm = lazy(() =>
  import('./ItemEditorForm').then((module) => ({ default: module.ItemEditorForm })),
);

/**
 * The dialog that changes a cart item's dates and quantity, opened from the mini-cart or the cart
 * page. The cart holds which item is open, so the mini-cart closing under it loses nothing; its form
 * loads the first time it opens.
 */
export function ItemEditor() {
  const item = useEditedItem();
  const sendToCart = useSendToCart();
  return (
    <Dialog
      open={item !== null}
      onClose={() => sendToCart({ type: 'cart.editClosed' })}
      className="fixed inset-0 z-dialog"
    >
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-2 tb:items-center tb:p-4">
        <DialogPanel className="flex max-h-[calc(100dvh-1rem)] w-full max-w-xl flex-col rounded-3xl bg-white shadow-2xl">
          {item ? (
            <>
              <DialogTitle className="px-5 pt-5 text-lg font-bold text-ink">
                Change {item.summary.summary_title}
              </DialogTitle>
              <p className="px-5 text-sm text-ink-soft">
                {item.summary.summary_line_1} · {item.summary.summary_line_2} · {item.price_formatted}
              </p>
              <Suspense
                fallback={
                  <div className="flex justify-center py-10">
                    <Spinner label="Loading the dates" />
                  </div>
                }
              >
                <ItemEditorForm key={item.id} item={item} />
              </Suspense>
            </>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
