import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OrdersTabPage } from '../../../features/orders/OrdersTabPage';
import { listKeyOf, parseOrdersSearch } from '../../../features/orders/ordersSearch';

export const Route = createFileRoute('/_dashboard/orders/upcoming')({
  validateSearch: parseOrdersSearch,
  component: function UpcomingOrders() {
    const { page, q } = Route.useSearch();
    const key = useMemo(() => listKeyOf('upcoming', { page, q }), [page, q]);
    return <OrdersTabPage keyShown={key} />;
  },
});
