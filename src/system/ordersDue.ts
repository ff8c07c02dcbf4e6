import type { OrdersDue } from '../../contract/orders';
import { createRequestMachine } from '../../machines/request/request.machine';
import { fetchOrdersDue } from '../api/orders';
import { type CustomerWatcher, followCustomer, loadForCustomer } from './requests';

/** The dashboard's landing page: GET /orders/due. */
export interface OrdersDueApi {
  fetchOrdersDue: typeof fetchOrdersDue;
}

export const ordersDueApi: OrdersDueApi = { fetchOrdersDue };

const UNAVAILABLE = 'What is due next could not be loaded.';

/** The ads due soonest, loaded for the customer signed in (never another customer's); a failure can be retried. */
export const ordersDueMachine = createRequestMachine<string, OrdersDue>({ id: 'ordersDue' });

/** `watch` is the session's customer (`watchCustomer(app.session)`), a fake in tests. */
export function ordersDueLogic(watch: CustomerWatcher, api: OrdersDueApi = ordersDueApi) {
  return ordersDueMachine.provide({
    actors: {
      followKey: followCustomer(watch),
      load: loadForCustomer(() => api.fetchOrdersDue(), UNAVAILABLE),
    },
  });
}
