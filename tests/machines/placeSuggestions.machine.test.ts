import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { GeocodeFeature } from '../../contract/geocoding';
import { suggestionsKey } from '../../machines/places/placeSuggestions.machine';
import { selectRequestData, selectRequestStatus } from '../../machines/request/request.machine';
import { placeSuggestionsLogic } from '../../src/system/places';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const feature = (text: string, placeType: string, context: GeocodeFeature['context']): GeocodeFeature => ({
  id: `${placeType}.${text}`,
  type: 'Feature',
  place_type: [placeType],
  relevance: 1,
  text,
  place_name: text,
  center: [-87.63, 41.88],
  geometry: { type: 'Point', coordinates: [-87.63, 41.88] },
  properties: {},
  context,
});
const illinois = { id: 'region.1', text: 'Illinois', short_code: 'US-IL' };
const chicago = feature('Chicago', 'place', [{ id: 'postcode.1', text: '60601' }, illinois]);
const heights = feature('Chicago Heights', 'place', [{ id: 'postcode.2', text: '60411' }, illinois]);
/** A region has no zip code: it is not offered. */
const state = feature('Illinois', 'region', []);

function start() {
  const clock = new SimulatedClock();
  const geocoder = heldCalls<[string, number?], GeocodeFeature[]>();
  const actor = createActor(placeSuggestionsLogic({ geocode: geocoder.call }), {
    clock,
    input: { key: null },
  }).start();
  const typed = (text: string) => actor.send({ type: 'request.keyChanged', key: suggestionsKey(text) });
  const status = () => selectRequestStatus(actor.getSnapshot());
  const places = () => selectRequestData(actor.getSnapshot()) ?? [];
  return { clock, geocoder, typed, status, places };
}

describe('place suggestions (the zip-or-market picker)', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['c', null],
    ['6', '6'],
    ['ch', 'ch'],
    ['  chi ', 'chi'],
    ['60614', '60614'],
  ])('asks for %j as %j (under 2 characters nothing, except a digit)', (text, key) => {
    expect(suggestionsKey(text)).toBe(key);
  });

  it('looks up a pause (250 ms) after typing stops, and offers the places with a zip code', async () => {
    const { clock, geocoder, typed, status, places } = start();
    typed('c');
    clock.increment(1_000);
    expect(geocoder.asked()).toEqual([]);
    expect(status()).toBe('idle');

    typed('ch');
    typed('chi');
    expect(status()).toBe('pending');
    clock.increment(249);
    expect(geocoder.asked()).toEqual([]);
    clock.increment(1);
    expect(geocoder.asked()).toEqual([['chi']]);
    geocoder.nth(0).answer([chicago, state]);
    await flush();
    expect(status()).toBe('loaded');
    expect(places()).toEqual([{ zip: '60601', label: 'Chicago, IL 60601' }]);
  });

  it('shows the places found before while the next ones load; a late answer to older text is dropped', async () => {
    const { clock, geocoder, typed, status, places } = start();
    typed('chi');
    clock.increment(250);
    geocoder.nth(0).answer([chicago]);
    await flush();

    typed('chica');
    clock.increment(250);
    typed('chicago h');
    expect(status()).toBe('pending');
    expect(places()).toEqual([{ zip: '60601', label: 'Chicago, IL 60601' }]);
    clock.increment(250);
    geocoder.nth(1).answer([state]);
    await flush();
    expect(places()).toEqual([{ zip: '60601', label: 'Chicago, IL 60601' }]);
    geocoder.nth(2).answer([heights]);
    await flush();
    expect(places()).toEqual([{ zip: '60411', label: 'Chicago Heights, IL 60411' }]);
  });

  it('clears the places when the text gets too short, and on a failed lookup', async () => {
    const { clock, geocoder, typed, status, places } = start();
    typed('chi');
    clock.increment(250);
    geocoder.nth(0).answer([chicago]);
    await flush();
    typed('c');
    expect(status()).toBe('idle');
    expect(places()).toEqual([]);

    typed('chi');
    clock.increment(250);
    geocoder.nth(1).fail(new Error('Network Error'));
    await flush();
    expect(status()).toBe('failed');
    expect(places()).toEqual([]);
    // Typing on looks up again.
    typed('chic');
    clock.increment(250);
    expect(geocoder.asked()).toEqual([['chi'], ['chi'], ['chic']]);
  });
});
