import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { OrdersQueuePage } from '../../../../features/admin/orders/OrdersQueuePage';
import { parseQueueSearch } from '../../../../lib/adminSearch/ordersQueue';

export const Route = createFileRoute('/admin/_staff/orders/')({
  validateSearch: parseQueueSearch,
  component: function OrdersQueue() {
    const filters = Route.useSearch();
    const navigate = useNavigate();
    return (
      <OrdersQueuePage
        filters={filters}
        onFilters={(next) => void navigate({ to: '/admin/orders', search: next, replace: true })}
        hrefOf={(page) => {
          const params = new URLSearchParams(
            Object.entries({ ...filters, page }).map(([key, value]) => [key, String(value)]),
          );
          return `/admin/orders?${params.toString()}`;
        }}
      />
    );
  },
});
