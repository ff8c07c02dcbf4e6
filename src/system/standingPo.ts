import type { StandingPoAnswer } from '../../contract/billing';
import { createRequestMachine } from '../../machines/request/request.machine';
import { loadStandingPo } from '../api/billing';
import { type CustomerWatcher, followCustomer, loadForCustomer } from './requests';

/** The Billing page's standing PO: GET /billing/po. */
export interface StandingPoApi {
  loadStandingPo: typeof loadStandingPo;
}

export const standingPoApi: StandingPoApi = { loadStandingPo };

const UNAVAILABLE = 'Your company’s standing PO could not be loaded.';

/** The company's standing PO, loaded for the customer signed in (never another's); a failure can be retried. */
export const standingPoMachine = createRequestMachine<string, StandingPoAnswer>({ id: 'standingPo' });

/** `watch` is the session's customer (`watchCustomer(app.session)`), a fake in tests. */
export function standingPoLogic(watch: CustomerWatcher, api: StandingPoApi = standingPoApi) {
  return standingPoMachine.provide({
    actors: {
      followKey: followCustomer(watch),
      load: loadForCustomer(() => api.loadStandingPo(), UNAVAILABLE),
    },
  });
}
