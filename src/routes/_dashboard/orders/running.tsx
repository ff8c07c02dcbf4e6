import { createFileRoute } from '@tanstack/react-router';
import { OrdersTabPage } from '../../../features/orders/OrdersTabPage';
import { loadOrdersList } from '../../../features/orders/ordersListLoader';
import { listKeyOf, parseOrdersSearch } from '../../../features/orders/ordersSearch';
import { heldActorRoute } from '../../../system/heldActorRoute';

export const Route = createFileRoute('/_dashboard/orders/running')({
  // The loader (and the list's code it loads) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseOrdersSearch,
  // The list the address names: its page and search.
  loaderDeps: ({ search }) => listKeyOf('running', search),
  // The tab's list, held by the route while it is shown, is told it.
  loader: (load) => loadOrdersList(load, load.deps),
  ...heldActorRoute,
  component: function RunningOrders() {
    return <OrdersTabPage keyShown={Route.useLoaderDeps()} actor={Route.useLoaderData()} />;
  },
});
