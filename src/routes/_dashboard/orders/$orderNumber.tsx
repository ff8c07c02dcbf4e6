import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/orders/OrderPage';

export const Route = createFileRoute('/_dashboard/orders/$orderNumber')({
  // Keyed by the number: another order is another page, with its own actor.
  component: function OrderRoute() {
    const { orderNumber } = Route.useParams();
    return <OrderPage key={orderNumber} number={orderNumber} />;
  },
});
