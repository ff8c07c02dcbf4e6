import * as market from '../api/market';
import { orSentence } from './results';

/**
 * The market's and placements' calls as the pages and machines take them: the data, or an Error with
 * SPEC section 8's sentence and the API's reason as its cause.
 */
export const marketCalls = {
  fetchDemographics: async (prodcode: string, mediacode: string) =>
    (await orSentence(market.fetchDemographics, 'Error fetching demographics')(prodcode, mediacode))
      .demographics,
  fetchMarketDetails: orSentence(market.fetchMarketDetails, 'Error fetching market details'),
  fetchMarketPoi: async (prodcode: string, mediacode: string) =>
    (await orSentence(market.fetchMarketPoi, 'Error fetching market poi')(prodcode, mediacode)).poi,
  fetchAvailability: orSentence(market.fetchAvailability, 'Error fetching availability'),
  fetchQuote: orSentence(market.fetchQuote, 'Error fetching quote'),
};
