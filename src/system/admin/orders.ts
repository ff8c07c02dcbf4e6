import { fromPromise } from 'xstate';
import type { QueueFilters } from '../../../contract/adminOrders';
import { adminOrderMachine } from '../../../machines/admin/adminOrder.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import { fetchAdminOrder, fetchOrdersQueue, type QueuePage, saveAdminAction } from '../../api/admin/orders';

/** The orders queue: GET /admin/orders for the filters in the address (the last answer stays while the next loads). */
const ordersQueueMachine = createRequestMachine<QueueFilters, QueuePage>({
  id: 'ordersQueue',
  debounceMs: 250,
});

export function ordersQueueLogic(api: { fetchOrdersQueue: typeof fetchOrdersQueue } = { fetchOrdersQueue }) {
  return ordersQueueMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: QueueFilters } }) => api.fetchOrdersQueue(input.key)),
    },
  });
}

/** One order in the back office with its four writes. */
export function adminOrderLogic(
  api: { fetchAdminOrder: typeof fetchAdminOrder; saveAdminAction: typeof saveAdminAction } = {
    fetchAdminOrder,
    saveAdminAction,
  },
) {
  return adminOrderMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }) => api.fetchAdminOrder(input.number)),
      save: fromPromise(({ input }) => api.saveAdminAction(input.number, input.action)),
    },
  });
}
