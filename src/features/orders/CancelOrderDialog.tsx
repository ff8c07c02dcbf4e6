import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { TriangleAlert } from 'lucide-react';
import type { OrderDetail } from '../../../contract/orders';
import { Button } from '../../ui/Button';
import { dayInWords } from './orderWords';

/**
 * "Cancel this order?": what cancelling means before it happens. Escape, a click outside or "Keep
 * the order" closes it; the focus starts on the safe choice.
 */
export function CancelOrderDialog({
  order,
  open,
  onConfirm,
  onDismiss,
}: {
  order: OrderDetail;
  open: boolean;
  onConfirm(): void;
  onDismiss(): void;
}) {
  return (
    <Dialog open={open} onClose={onDismiss} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl">
          <div className="flex items-start gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-warm text-coral-700">
              <TriangleAlert aria-hidden="true" className="size-5" />
            </span>
            <div>
              <DialogTitle className="text-lg font-bold text-ink">Cancel order {order.number}?</DialogTitle>
              <p className="mt-2 text-ink-soft">
                {order.title} ({order.market}) will not run, and you will not be charged for it. This cannot
                be undone; you can book it again later for its next open dates.
              </p>
              {order.cancel_until ? (
                <p className="mt-2 text-sm text-ink-muted">
                  Orders can be cancelled until the first ad is due: {dayInWords(order.cancel_until.date)}.
                </p>
              ) : null}
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
            <Button variant="secondary" onClick={onDismiss} data-autofocus>
              Keep the order
            </Button>
            <Button variant="danger" onClick={onConfirm}>
              Yes, cancel it
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
