import { fromPromise } from 'xstate';
import type { Availability } from '../../contract/quote';
import { createRequestMachine } from '../../machines/request/request.machine';
import { marketCalls } from './marketCalls';
import { failure } from './requests';

/** GET /media/{mediacode}/availability, for the dates and quantities an item of the cart can change to. */
export interface ItemAvailabilityApi {
  fetchAvailability: typeof marketCalls.fetchAvailability;
}

export const itemAvailabilityApi: ItemAvailabilityApi = { fetchAvailability: marketCalls.fetchAvailability };

/** The availability of the placement of the cart item being changed (its mediacode); a failure can be tried again. */
export const itemAvailabilityMachine = createRequestMachine<string, Availability>({ id: 'itemAvailability' });

export function itemAvailabilityLogic(api: ItemAvailabilityApi = itemAvailabilityApi) {
  return itemAvailabilityMachine.provide({
    actors: {
      load: fromPromise(async ({ input: { key } }) =>
        api.fetchAvailability(key, null).catch(() => {
          throw failure(
            'The dates of this placement could not be loaded. Check your connection and try again.',
          );
        }),
      ),
    },
  });
}
