import { handleUnauthenticated } from '../api/client';
import { logEvent } from '../api/logEvent';
import { fetchOrderCounts } from '../api/orderCounts';
import { cartCalls } from './cartCalls';
import type { AppServices } from './environment';
import { dataOf } from './results';
import { sessionCalls } from './sessionCalls';

/** The app's API calls over HTTP (src/api), as the actors use them (the search code comes from the page: main.tsx). */
export const httpServices: Omit<AppServices, 'loadSearchCode'> = {
  ...sessionCalls,
  ...cartCalls,
  fetchOrdersStats: async () => dataOf(await fetchOrderCounts(), 'The order counts could not be loaded.'),
  logEvent,
  onUnauthenticated: handleUnauthenticated,
};
