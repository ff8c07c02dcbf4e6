import { fromPromise } from 'xstate';
import { AbdmRefusal, abdmMachine } from '../../machines/abdm/abdm.machine';
import { createAbdmCampaign, fetchAbdmRates, quoteAbdm } from '../api/directMail';
import type { AppSystem } from './app';

/**
 * The audience-mail flow with its requests and its neighbours: the cart id is the session's when the
 * add starts, the answered cart goes to the cart actor, and a toast says what was added. The shop's
 * direct-mail page creates one actor from it per zip code (`useFlowActor`).
 */
export function abdmLogic({ session, cart, toasts }: Pick<AppSystem, 'session' | 'cart' | 'toasts'>) {
  return abdmMachine.provide({
    actors: {
      loadRates: fromPromise(({ input }) => fetchAbdmRates(input.zip ? { zip: input.zip } : {})),
      quoteMailing: fromPromise(async ({ input }) => {
        const result = await quoteAbdm(input.mediacode, input.zipcodes);
        if (!result.ok) throw new AbdmRefusal(result.message, result.fieldErrors);
        return result.data;
      }),
      addMailing: fromPromise(async ({ input }) => {
        const result = await createAbdmCampaign({
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
      mailingAdded: (_, { cart: answered }) => {
        cart.send({ type: 'cart.replaced', cart: answered });
        toasts.send({
          type: 'toast.show',
          variant: 'success',
          message: `Added to your cart: ${answered.contents.items[0]?.summary.summary_title ?? 'your mailing'}.`,
        });
      },
    },
  });
}
