import { fromPromise } from 'xstate';
import { quoteMachine } from '../../machines/quote/quote.machine';
import { marketCalls } from './marketCalls';

/** The API call of a placement's quote: GET /media/{mediacode}/quote. */
export interface QuoteApi {
  fetchQuote: typeof marketCalls.fetchQuote;
}

export const quoteApi: QuoteApi = { fetchQuote: marketCalls.fetchQuote };

/**
 * A placement's quote with its request. The placement page creates one actor from it per placement
 * shown (`useFlowActor`). Only a price is asked, nothing is committed: a panel closing cancels it.
 */
export function quoteLogic(api: QuoteApi = quoteApi) {
  return quoteMachine.provide({
    actors: {
      fetchQuote: fromPromise(({ input }) => api.fetchQuote(input.mediacode, input.dates, input.quantity)),
    },
  });
}
