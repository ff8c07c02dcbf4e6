import { fromPromise } from 'xstate';
import type { GeocodeFeature } from '../../contract/geocoding';
import {
  type AddressChoice,
  addressSuggestionsMachine,
} from '../../machines/places/addressSuggestions.machine';
import { geocode } from '../api/geocoding';
import { postcodeOf, shortPlaceName } from '../lib/places';
import type { PlacesApi } from './places';

/** Addresses and places with their coordinates, for the business's pin. */
const addressesOf = (features: readonly GeocodeFeature[]): AddressChoice[] =>
  features.map((feature) => ({
    label: shortPlaceName(feature) || feature.place_name,
    lng: feature.center[0],
    lat: feature.center[1],
    zip: postcodeOf(feature) ?? null,
  }));

/**
 * The business-address field's suggestions with their lookup (one actor per field). Apart from the
 * zip-or-market picker's (./places): the every-door page that uses it shares no more code with the
 * picker than it must, so the first route's chunks stay as they were.
 */
export function addressSuggestionsLogic(api: Pick<PlacesApi, 'geocode'> = { geocode }) {
  return addressSuggestionsMachine.provide({
    actors: { load: fromPromise(async ({ input }) => addressesOf(await api.geocode(input.key))) },
  });
}
