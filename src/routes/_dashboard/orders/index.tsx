import { createFileRoute, redirect } from '@tanstack/react-router';
import { fetchOrderCounts } from '../../../api/orderCounts';
import { tabToOpen } from '../../../features/orders/ordersSearch';

/** /orders opens the tab that has something to act on (the counts the menu shows, or asked now). */
export const Route = createFileRoute('/_dashboard/orders/')({
  beforeLoad: async ({ context }) => {
    const app = await context.app.ready;
    let counts = app.session.getSnapshot().context.ordersStats;
    if (!counts) {
      const answer = await fetchOrderCounts();
      counts = answer.ok ? answer.data : null;
    }
    throw redirect({ to: `/orders/${tabToOpen(counts)}`, replace: true });
  },
});
