import type { HomeKnown } from '../../contract/platform';
import { createRequestMachine } from '../../machines/request/request.machine';
import { fetchHomeKnown } from '../api/platform';
import { type CustomerWatcher, followCustomer, loadForCustomer } from './requests';

/** The known customer's home: GET /ui/home/known. */
export interface KnownHomeApi {
  fetchHomeKnown: typeof fetchHomeKnown;
}

export const knownHomeApi: KnownHomeApi = { fetchHomeKnown };

const UNAVAILABLE = 'Your recent activity could not be loaded.';

/**
 * What a customer we know sees on the home page (their recent views and markets), loaded for the
 * customer signed in: another customer's answer is never shown. A failure can be tried again.
 */
export const knownHomeMachine = createRequestMachine<string, HomeKnown>({ id: 'knownHome' });

/** `watch` is the session's customer (`watchCustomer(app.session)`), a fake in tests. */
export function knownHomeLogic(watch: CustomerWatcher, api: KnownHomeApi = knownHomeApi) {
  return knownHomeMachine.provide({
    actors: {
      followKey: followCustomer(watch),
      load: loadForCustomer(() => api.fetchHomeKnown(), UNAVAILABLE),
    },
  });
}
