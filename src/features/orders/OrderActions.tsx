import { Repeat, XCircle } from 'lucide-react';
import type { OrderDetail } from '../../../contract/orders';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { dayInWords } from './orderWords';
import { type OrderPageActor, useBookingAgain, useCancelling, useConfirmingCancel } from './useOrders';

/**
 * What can be done with an order: book it again, or cancel it after "Cancel this order?" says what
 * cancelling means (the focus starts on keeping it).
 */
export function OrderActions({ actor, order }: { actor: OrderPageActor; order: OrderDetail }) {
  const cancelling = useCancelling(actor);
  const booking = useBookingAgain(actor);
  const confirming = useConfirmingCancel(actor);
  return (
    <div className="flex flex-wrap gap-2">
      {order.can_book_again ? (
        <Button inactive={booking} onClick={() => actor.send({ type: 'order.bookAgain' })}>
          <Repeat aria-hidden="true" className="size-4" />
          {booking ? 'Adding to your cart…' : 'Book again'}
        </Button>
      ) : null}
      {order.cancel_until ? (
        <Button
          variant="secondary"
          inactive={cancelling}
          onClick={() => actor.send({ type: 'order.cancel' })}
          className="text-coral-700"
        >
          <XCircle aria-hidden="true" className="size-4" />
          {cancelling ? 'Cancelling…' : 'Cancel order'}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Cancel order ${order.number}?`}
        confirmLabel="Yes, cancel it"
        dismissLabel="Keep the order"
        onConfirm={() => actor.send({ type: 'order.cancelConfirmed' })}
        onDismiss={() => actor.send({ type: 'order.cancelDismissed' })}
      >
        <p>
          {order.title} ({order.market}) will not run, and you will not be charged for it. This cannot be
          undone; you can book it again later for its next open dates.
        </p>
        {order.cancel_until ? (
          <p className="mt-2 text-sm text-ink-muted">
            Orders can be cancelled until the first ad is due: {dayInWords(order.cancel_until.date)}.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
