import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OrdersTabPage } from '../../../features/orders/OrdersTabPage';
import { listKeyOf, parseOrdersSearch } from '../../../features/orders/ordersSearch';

export const Route = createFileRoute('/_dashboard/orders/past')({
  validateSearch: parseOrdersSearch,
  component: function PastOrders() {
    const { page, q } = Route.useSearch();
    const key = useMemo(() => listKeyOf('past', { page, q }), [page, q]);
    return <OrdersTabPage keyShown={key} />;
  },
});
