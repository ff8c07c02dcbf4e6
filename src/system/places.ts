import { createActor, fromPromise } from 'xstate';
import type { GeocodeFeature } from '../../contract/geocoding';
import { type PlaceChoice, placeSuggestionsMachine } from '../../machines/places/placeSuggestions.machine';
import { createRequestMachine } from '../../machines/request/request.machine';
import { geocode } from '../api/geocoding';
import { fetchMarketPreferences } from '../api/platform';
import { postcodeOf, shortPlaceName } from '../lib/places';
import type { AppEnvironment } from './environment';
import type { AppHandle } from './handle';
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

/**
 * The session's customer once the app has loaded (a picker can show before it): nobody until then.
 * Stopping it before the app has loaded means it never starts following.
 */
export function watchAppCustomer(handle: Pick<AppHandle, 'whenReady'>): CustomerWatcher {
  return (listener) => {
    let stopFollowing: (() => void) | null = null;
    let stopped = false;
    handle.whenReady((app) => {
      if (!stopped) stopFollowing = watchCustomer(app.session)(listener);
    });
    return () => {
      stopped = true;
      stopFollowing?.();
    };
  };
}

/** A field that does not preselect the customer's market follows nobody, so it asks for nothing. */
const nobody: CustomerWatcher = (listener) => {
  listener(null);
  return () => {};
};

/**
 * The preferred place's actor of one picker field, not started: the field starts it as it shows and
 * stops it as it goes (useFlowActor), so the customer's markets are asked for only while a field that
 * preselects them (`preselects`) is on the page, never by a sign-in on another page.
 */
export function createPreferredPlaceActor(
  handle: Pick<AppHandle, 'whenReady' | 'current'>,
  preselects: boolean,
) {
  // A failure is told once the app is there: a request needs a customer, so it is by then.
  const log = {
    warn: (...args: unknown[]) => handle.whenReady((app) => app.env.log.warn(...args)),
    error: (...args: unknown[]) => handle.whenReady((app) => app.env.log.error(...args)),
  };
  return createActor(preferredPlaceLogic({ env: { log } }, preselects ? watchAppCustomer(handle) : nobody), {
    ...handle.current()?.actorOptions,
    input: { key: null },
  });
}
