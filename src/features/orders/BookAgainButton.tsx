import { Repeat } from 'lucide-react';
import type { OrderSummary } from '../../../contract/orders';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import {
  type OrdersListActor,
  useOrdersBookAgainError,
  useOrdersBookingAgain,
  useOrdersLastBooked,
} from './useOrders';

/**
 * "Book again" on a past order's row: its placement and quantity into the cart for the next open
 * dates, then the checkout. One at a time: while one is on its way, the others wait.
 */
export function BookAgainButton({ actor, order }: { actor: OrdersListActor; order: OrderSummary }) {
  const booking = useOrdersBookingAgain(actor);
  const mine = booking === order.number;
  return (
    <Button
      variant="secondary"
      inactive={booking !== null}
      onClick={() => actor.send({ type: 'orders.bookAgain', number: order.number })}
    >
      <Repeat aria-hidden="true" className="size-4" />
      {mine ? 'Adding to your cart…' : 'Book again'}
      <span className="sr-only">: {order.title}</span>
    </Button>
  );
}

/** Why booking this row's order again failed, under its row. */
export function BookAgainError({ actor, order }: { actor: OrdersListActor; order: OrderSummary }) {
  const last = useOrdersLastBooked(actor);
  const error = useOrdersBookAgainError(actor);
  return last === order.number && error ? <FormAlert tone="error">{error}</FormAlert> : null;
}
