import { fromPromise } from 'xstate';
import type { AdminOrder, QueueFilters } from '../../../contract/adminOrders';
import { type AdminAction, adminOrderMachine } from '../../../machines/admin/adminOrder.machine';
import { OrderNotFound } from '../../../machines/orders/orders.types';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/orders';
import { dataOf } from '../results';

/** The orders queue: GET /admin/orders for the filters in the address (the last answer stays while the next loads). */
const ordersQueueMachine = createRequestMachine<QueueFilters, api.QueuePage>({
  id: 'ordersQueue',
  debounceMs: 250,
});

/** GET /admin/orders, or the sentence the queue shows. */
export const fetchOrdersQueue = async (query: QueueFilters): Promise<api.QueuePage> =>
  dataOf(await api.fetchOrdersQueue(query), 'The orders could not be loaded. Please try again.');

export function ordersQueueLogic(deps: { fetchOrdersQueue: typeof fetchOrdersQueue } = { fetchOrdersQueue }) {
  return ordersQueueMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: QueueFilters } }) => deps.fetchOrdersQueue(input.key)),
    },
  });
}

/** GET /admin/orders/{number}; OrderNotFound on 404. */
export async function fetchAdminOrder(number: string): Promise<AdminOrder> {
  const result = await api.fetchAdminOrder(number);
  if (!result.ok && result.status === 404) throw new OrderNotFound(result.message);
  return dataOf(result, 'The order could not be loaded. Please try again.');
}

/** One of the order page's writes; the order as it is after it, or the server's refusal as an Error. */
export async function saveAdminAction(number: string, action: AdminAction): Promise<AdminOrder> {
  const fallback = 'That did not go through. Please try again.';
  switch (action.type) {
    case 'adminOrder.book':
      return dataOf(await api.bookAdminOrder(number, action), fallback);
    case 'adminOrder.deliver': {
      // The page holds a browser File; the machine knows it only by its name and size.
      const { proof } = action;
      if (!(proof.file instanceof File)) throw new Error('Choose the proof file.');
      return dataOf(await api.deliverAdminOrder(number, { ...proof, file: proof.file }), fallback);
    }
    case 'adminOrder.note':
      return dataOf(await api.noteAdminOrder(number, action.body), fallback);
    case 'adminOrder.cancel':
      return dataOf(await api.cancelAdminOrder(number), fallback);
  }
}

/** One order in the back office with its four writes. */
export function adminOrderLogic(
  deps: { fetchAdminOrder: typeof fetchAdminOrder; saveAdminAction: typeof saveAdminAction } = {
    fetchAdminOrder,
    saveAdminAction,
  },
) {
  return adminOrderMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }) => deps.fetchAdminOrder(input.number)),
      save: fromPromise(({ input }) => deps.saveAdminAction(input.number, input.action)),
    },
  });
}
