import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OrdersQueuePage } from '../../../../features/admin/orders/OrdersQueuePage';
import { parseQueueSearch } from '../../../../lib/adminSearch/ordersQueue';
import { rawSearch } from '../../../../lib/searchParams';

export const Route = createFileRoute('/admin/_staff/orders/')({
  validateSearch: rawSearch,
  component: function OrdersQueue() {
    const search = Route.useSearch();
    const filters = useMemo(() => parseQueueSearch(search), [search]);
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
