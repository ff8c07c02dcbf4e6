import { createFileRoute, redirect } from '@tanstack/react-router';
import { tabToOpen } from '../../../features/orders/ordersSearch';

/** /orders opens the tab that has something to act on (the counts the menu shows, or asked now). */
export const Route = createFileRoute('/_dashboard/orders/')({
  beforeLoad: async ({ context }) => {
    const app = await context.app.ready;
    let counts = app.session.getSnapshot().context.ordersStats;
    if (!counts) {
      // Loaded here, not imported: route options are in the first bundle, the orders API is not.
      const { fetchOrderCounts } = await import('../../../api/orders');
      const answer = await fetchOrderCounts();
      counts = answer.ok ? answer.data : null;
    }
    throw redirect({ to: `/orders/${tabToOpen(counts)}`, replace: true });
  },
});
