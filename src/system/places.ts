import { createActor, fromPromise } from 'xstate';
import type { GeocodeFeature } from '../../contract/geocoding';
import { type PlaceChoice, placeSuggestionsMachine } from '../../machines/places/placeSuggestions.machine';
import { createRequestMachine } from '../../machines/request/request.machine';
import { geocode } from '../api/geocoding';
import { fetchMarketPreferences } from '../api/platform';
import { postcodeOf, shortPlaceName } from '../lib/places';
import type { AppSystem } from './app';
import type { AppEnvironment } from './environment';
import { type CustomerWatcher, failure, followCustomer, watchCustomer } from './requests';

/** The picker's API calls: Mapbox-style geocoding, GET /market/preferences/{uuid}. */
export interface PlacesApi {
  geocode: (text: string, limit?: number) => Promise<GeocodeFeature[]>;
  fetchMarketPreferences: typeof fetchMarketPreferences;
}

export const placesApi: PlacesApi = { geocode, fetchMarketPreferences };

/** Places with a zip code, named shortly ("Chicago, IL 60601"). */
const choicesOf = (features: readonly GeocodeFeature[]): PlaceChoice[] =>
  features.flatMap((feature) => {
    const zip = postcodeOf(feature);
    return zip ? [{ zip, label: shortPlaceName(feature) }] : [];
  });

/** The zip-or-market picker's suggestions with their lookup; the picker creates one actor per field. */
export function placeSuggestionsLogic(api: Pick<PlacesApi, 'geocode'> = placesApi) {
  return placeSuggestionsMachine.provide({
    actors: { load: fromPromise(async ({ input }) => choicesOf(await api.geocode(input.key))) },
  });
}

/**
 * The signed-in customer's first preferred market, to preselect in the picker (null when they have
 * none); loaded again for each customer who signs in, nothing for visitors.
 */
export const preferredPlaceMachine = createRequestMachine<string, PlaceChoice | null>({
  id: 'preferredPlace',
});

export function preferredPlaceLogic(
  { env }: { env: Pick<AppEnvironment, 'log'> },
  watch: CustomerWatcher,
  api: Pick<PlacesApi, 'fetchMarketPreferences'> = placesApi,
) {
  return preferredPlaceMachine.provide({
    actors: {
      followKey: followCustomer(watch),
      load: fromPromise(async ({ input }) => {
        const result = await api.fetchMarketPreferences(input.key);
        if (!result.ok) throw failure(result.message || 'Your markets could not be loaded.');
        const first = result.data.markets[0];
        return first ? { zip: first.zip, label: first.label } : null;
      }),
    },
    actions: {
      // A preselection only: without it the picker is simply empty.
      reportFailure: (_, { error }) => env.log.warn('The preferred market could not be loaded:', error),
    },
  });
}

/** The preferred place's actor: one per app, following the session (`app.pageActor`). */
export const preferredPlaceActor = (app: AppSystem) =>
  app.pageActor('preferredPlace', () =>
    createActor(preferredPlaceLogic(app, watchCustomer(app.session)), {
      ...app.actorOptions,
      input: { key: null },
    }).start(),
  );

export type PreferredPlaceActor = ReturnType<typeof preferredPlaceActor>;
