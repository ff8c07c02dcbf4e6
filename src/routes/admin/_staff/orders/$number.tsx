import { createFileRoute } from '@tanstack/react-router';
import { AdminOrderPage } from '../../../../features/admin/orders/AdminOrderPage';

export const Route = createFileRoute('/admin/_staff/orders/$number')({
  // Keyed by the number: another order is another page, with its own actor.
  component: function AdminOrder() {
    const { number } = Route.useParams();
    return <AdminOrderPage key={number} number={number.toUpperCase()} />;
  },
});
