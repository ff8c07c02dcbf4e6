import { fromPromise } from 'xstate';
import type { MarketGeo, NearbyMarket } from '../../contract/directMail';
import type { GeocodeFeature } from '../../contract/geocoding';
import { apiReasonOf, messageOf } from '../../machines/failures';
import { createRequestMachine } from '../../machines/request/request.machine';
import { geocode } from '../api/geocoding';
import { readShopSearch } from '../lib/shopSearch';
import { directMailCalls } from './directMailCalls';
import type { AppEnvironment } from './environment';
import { marketCalls } from './marketCalls';
import { failure } from './requests';

/** A placement page's market requests: GET /market/details, /market/geo, /market/nearby, and geocoding. */
export interface MarketApi {
  fetchMarketDetails: typeof marketCalls.fetchMarketDetails;
  fetchMarketGeo: typeof directMailCalls.fetchMarketGeo;
  fetchNearbyMarket: typeof directMailCalls.fetchNearbyMarket;
  geocode: (text: string, limit?: number) => Promise<GeocodeFeature[]>;
}

export const marketApi: MarketApi = {
  fetchMarketDetails: marketCalls.fetchMarketDetails,
  fetchMarketGeo: directMailCalls.fetchMarketGeo,
  fetchNearbyMarket: directMailCalls.fetchNearbyMarket,
  geocode,
};

/** A placement's market: the market's product code and the placement sold in it. */
export interface MarketKey {
  prodcode: string;
  mediacode: string;
}

/** The market's zip codes (GET /market/details with zips_expanded), asked when the list is first opened. */
export const marketZipsMachine = createRequestMachine<MarketKey, string[]>({ id: 'marketZips' });

export function marketZipsLogic(api: Pick<MarketApi, 'fetchMarketDetails'> = marketApi) {
  return marketZipsMachine.provide({
    actors: {
      load: fromPromise(async ({ input: { key } }) => {
        const details = await api.fetchMarketDetails(key.prodcode, key.mediacode, true);
        return details.zips ?? [];
      }),
    },
  });
}

/** The market's boundary (GET /market/geo), asked when its map nears the screen. */
export const marketGeoMachine = createRequestMachine<string, MarketGeo>({ id: 'marketGeo' });

export function marketGeoLogic(api: Pick<MarketApi, 'fetchMarketGeo'> = marketApi) {
  return marketGeoMachine.provide({
    actors: {
      load: fromPromise(({ input: { key } }) =>
        api.fetchMarketGeo(key).catch((error: unknown) => {
          // The API's own sentence when there is one ("There is no zip code 99999."), else the Error's.
          throw failure(apiReasonOf(error) || messageOf(error, 'Something went wrong.'));
        }),
      ),
    },
  });
}

/** The zip code the visitor shops in, with the placement shown: where a nearer market is looked for. */
export interface NearerMarketKey extends MarketKey {
  zip: string;
}

/** A market nearer to the visitor's zip code than the placement's own. */
export interface NearerMarket {
  zip: string;
  market: NearbyMarket;
}

/**
 * The market nearest to the zip code the visitor shops in (geocoding, then GET /market/nearby), when
 * it is not the placement's own; null when it is, or when the zip code is not found. A suggestion
 * only: a failure is logged, and the page is complete without it.
 */
export const nearerMarketMachine = createRequestMachine<NearerMarketKey, NearerMarket | null>({
  id: 'nearerMarket',
});

export function nearerMarketLogic(
  { env }: { env: Pick<AppEnvironment, 'log'> },
  api: Pick<MarketApi, 'geocode' | 'fetchNearbyMarket'> = marketApi,
) {
  return nearerMarketMachine.provide({
    actors: {
      load: fromPromise(async ({ input: { key } }) => {
        const [place] = await api.geocode(key.zip, 1);
        if (!place) return null;
        const [lng, lat] = place.center;
        const market = await api.fetchNearbyMarket(lat, lng, key.mediacode);
        return market.prodcode === key.prodcode ? null : { zip: key.zip, market };
      }),
    },
    actions: {
      reportFailure: (_, { error }) => env.log.warn('The nearest market could not be found:', error),
    },
  });
}

/** What the nearer market is looked up for: the stored shop search's zip code, or nothing without one. */
export function nearerMarketKey(
  { env }: { env: Pick<AppEnvironment, 'store'> },
  market: MarketKey,
): NearerMarketKey | null {
  const { zip } = readShopSearch(() => env.store.read());
  return zip ? { ...market, zip } : null;
}
