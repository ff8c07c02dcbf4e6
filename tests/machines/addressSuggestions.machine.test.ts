import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { GeocodeFeature } from '../../contract/geocoding';
import { suggestionsKey } from '../../machines/places/placeSuggestions.machine';
import { selectRequestData } from '../../machines/request/request.machine';
import { addressSuggestionsLogic } from '../../src/system/addressSuggestions';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const illinois = { id: 'region.1', text: 'Illinois', short_code: 'US-IL' };
/** A street address as Mapbox v5 answers it: the number in `address`, the street in `text`. */
const shop: GeocodeFeature = {
  id: 'address.1',
  type: 'Feature',
  place_type: ['address'],
  relevance: 1,
  text: 'N Clark St',
  address: '2000',
  place_name: '2000 N Clark St, Chicago, Illinois 60614, United States',
  center: [-87.6362, 41.9186],
  geometry: { type: 'Point', coordinates: [-87.6362, 41.9186] },
  properties: {},
  context: [{ id: 'postcode.1', text: '60614' }, { id: 'place.1', text: 'Chicago' }, illinois],
};
/** A region has no zip code; it can still hold the pin (the map shows no zip code for it). */
const region: GeocodeFeature = {
  ...shop,
  id: 'region.1',
  place_type: ['region'],
  text: 'Illinois',
  place_name: 'Illinois, United States',
  center: [-89.2, 40.06],
  address: undefined,
  context: [],
};

describe('business address suggestions (the every-door pin)', () => {
  it('looks up what is typed after a pause and offers addresses with their point and zip code', async () => {
    const clock = new SimulatedClock();
    const geocoder = heldCalls<[string, number?], GeocodeFeature[]>();
    const actor = createActor(addressSuggestionsLogic({ geocode: geocoder.call }), {
      clock,
      input: { key: null },
    }).start();
    actor.send({ type: 'request.keyChanged', key: suggestionsKey('2000 N Clark') });
    clock.increment(250);
    expect(geocoder.asked()).toEqual([['2000 N Clark']]);
    geocoder.nth(0).answer([shop, region]);
    await flush();
    expect(selectRequestData(actor.getSnapshot())).toEqual([
      { label: '2000 N Clark St, Chicago, IL 60614', lat: 41.9186, lng: -87.6362, zip: '60614' },
      { label: 'Illinois, United States', lat: 40.06, lng: -89.2, zip: null },
    ]);
  });
});
