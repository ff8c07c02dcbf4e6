import { fromPromise } from 'xstate';
import { quoteMachine } from '../../machines/quote/quote.machine';
import { fetchQuote } from '../api/market';

/**
 * A placement's quote with its request: GET /media/{mediacode}/quote. The placement page creates one
 * actor from it per placement shown (`useFlowActor`).
 */
export const quoteLogic = quoteMachine.provide({
  actors: {
    fetchQuote: fromPromise(({ input }) => fetchQuote(input.mediacode, input.dates, input.quantity)),
  },
});
