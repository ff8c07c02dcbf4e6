import { enqueueActions, fromPromise } from 'xstate';
import type { Cart } from '../../contract/cart';
import { AbdmRefusal, abdmMachine } from '../../machines/abdm/abdm.machine';
import { createAbdmCampaign, quoteAbdm } from '../api/directMail';
import type { AppSystem } from './app';
import { directMailCalls } from './directMailCalls';

/** The API calls of the audience-mail flow (GET /abdm/rates, POST /abdm/campaign/quote and /create). */
export interface AbdmApi {
  fetchAbdmRates: typeof directMailCalls.fetchAbdmRates;
  quoteAbdm: typeof quoteAbdm;
  createAbdmCampaign: typeof createAbdmCampaign;
}

export const abdmApi: AbdmApi = {
  fetchAbdmRates: directMailCalls.fetchAbdmRates,
  quoteAbdm,
  createAbdmCampaign,
};

/**
 * The audience-mail flow with its requests and its neighbours: the cart id is the session's when the
 * add starts, the answered cart goes to the cart actor, and a toast says what was added. The shop's
 * direct-mail page creates one actor from it per zip code (`useFlowActor`).
 */
export function abdmLogic(
  { session, cart, toasts }: Pick<AppSystem, 'session' | 'cart' | 'toasts'>,
  api: AbdmApi = abdmApi,
) {
  return abdmMachine.provide({
    actors: {
      loadRates: fromPromise(({ input }) => api.fetchAbdmRates(input.zip ? { zip: input.zip } : {})),
      quoteMailing: fromPromise(async ({ input }) => {
        const result = await api.quoteAbdm(input.mediacode, input.zipcodes);
        if (!result.ok) throw new AbdmRefusal(result.message, result.fieldErrors);
        return result.data;
      }),
      addMailing: fromPromise(async ({ input }) => {
        const result = await api.createAbdmCampaign({
          mediacode: input.mediacode,
          zipcodes: input.zipcodes,
          date_start: input.dateStart,
          cartid: session.getSnapshot().context.cartId,
        });
        if (!result.ok) throw new AbdmRefusal(result.message, result.fieldErrors);
        return result.data;
      }),
    },
    actions: {
      // Other actors are told with sendTo, which delivers after the flow's own step.
      mailingAdded: enqueueActions(({ enqueue }, { cart: answered }: { cart: Cart }) => {
        enqueue.sendTo(cart, { type: 'cart.replaced', cart: answered });
        enqueue.sendTo(toasts, {
          type: 'toast.show',
          variant: 'success',
          message: `Added to your cart: ${answered.contents.items[0]?.summary.summary_title ?? 'your mailing'}.`,
        });
      }),
    },
  });
}
