import * as directMail from '../api/directMail';
import { orSentence } from './results';

/**
 * The direct-mail pages' calls as their machines take them: the data, or an Error with SPEC section
 * 8's sentence and the API's reason as its cause (the areas' and campaigns' refusals are read by
 * their own flows, src/system/eddmAreas.ts and abdm.ts).
 */
export const directMailCalls = {
  fetchEddmZip: orSentence(directMail.fetchEddmZip, 'Error fetching carrier routes'),
  fetchZipGeometry: orSentence(directMail.fetchZipGeometry, 'Error fetching the zip code area'),
  fetchMapContext: orSentence(directMail.fetchMapContext, 'Error fetching the map around the zip code'),
  fetchRouteBounds: orSentence(directMail.fetchRouteBounds, 'Error fetching route bounds'),
  fetchEddmNear: orSentence(directMail.fetchEddmNear, 'Error fetching the routes around your pin'),
  fetchEddmMediaType: orSentence(directMail.fetchEddmMediaType, 'Error fetching every-door pricing'),
  fetchEddmCart: orSentence(directMail.fetchEddmCart, 'Error loading your route selection'),
  saveEddmCart: orSentence(directMail.saveEddmCart, 'Error saving your route selection'),
  fetchEddmAreas: async () =>
    (await orSentence(directMail.fetchEddmAreas, 'Error loading your saved areas')()).areas,
  fetchAbdmRates: orSentence(directMail.fetchAbdmRates, 'Error fetching ABDM rates'),
  fetchMarketGeo: orSentence(directMail.fetchMarketGeo, 'Error fetching Market boundary'),
  fetchNearbyMarket: orSentence(directMail.fetchNearbyMarket, 'Error fetching nearby market'),
};
