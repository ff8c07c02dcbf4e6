import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MarketGeo, NearbyMarket } from '../../contract/directMail';
import type { GeocodeFeature } from '../../contract/geocoding';
import type { MarketDetails } from '../../contract/market';
import type { Media } from '../../contract/media';
import {
  selectCurrentAnswer,
  selectRequestError,
  selectRequestStatus,
} from '../../machines/request/request.machine';
import type { LogEventOptions } from '../../src/api/logEvent';
import type { StorefrontStore } from '../../src/lib/storage';
import {
  type MarketKey,
  marketGeoLogic,
  marketZipsLogic,
  type NearerMarketKey,
  nearerMarketKey,
  nearerMarketLogic,
} from '../../src/system/market';
import { countPlacementView } from '../../src/system/placementViews';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const chicagoMarket: MarketKey = { prodcode: 'MKT508', mediacode: 'PM501-01' };

describe('a placement page’s market: its zip codes (GET /market/details, zips expanded)', () => {
  it('asks when the list is first opened, with the zip codes expanded, and not again on the next opening', async () => {
    const api = heldCalls<[string, string, boolean?], MarketDetails>();
    const actor = createActor(marketZipsLogic({ fetchMarketDetails: api.call }), {
      input: { key: null },
    }).start();
    expect(api.calls).toEqual([]);
    actor.send({ type: 'request.keyChanged', key: { ...chicagoMarket } });
    actor.send({ type: 'request.keyChanged', key: { ...chicagoMarket } });
    expect(api.asked()).toEqual([['MKT508', 'PM501-01', true]]);
    api.nth(0).answer({
      prodcode: 'MKT508',
      name: 'Chicago, IL',
      state: 'IL',
      center: { lat: 41.88, lng: -87.63 },
      zip_count: 2,
      households: 1000,
      cities: [],
      zips: ['60601', '60614'],
    });
    await flush();
    expect(selectCurrentAnswer(actor.getSnapshot())).toEqual(['60601', '60614']);
  });

  it('says what failed (the error’s text), and Try again asks again', async () => {
    const api = heldCalls<[string, string, boolean?], MarketDetails>();
    const actor = createActor(marketZipsLogic({ fetchMarketDetails: api.call }), {
      input: { key: chicagoMarket },
    }).start();
    api.nth(0).fail(new Error('Error fetching market details', { cause: { message: 'Server error.' } }));
    await flush();
    expect(selectRequestError(actor.getSnapshot())).toBe('Error fetching market details');
    actor.send({ type: 'request.retry' });
    expect(api.calls).toHaveLength(2);
  });
});

describe('a placement page’s market map (GET /market/geo)', () => {
  const geo: MarketGeo = {
    prodcode: 'MKT508',
    name: 'Chicago, IL',
    geo: { type: 'Polygon', coordinates: [] },
    bbox: [-88, 41.6, -87.5, 42.1],
    center: { lat: 41.88, lng: -87.63 },
  };

  it('asks nothing until the map nears the screen, then the boundary of the market', async () => {
    const api = heldCalls<[string], MarketGeo>();
    const actor = createActor(marketGeoLogic({ fetchMarketGeo: api.call }), { input: { key: null } }).start();
    expect(selectRequestStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'request.keyChanged', key: 'MKT508' });
    expect(api.asked()).toEqual([['MKT508']]);
    api.nth(0).answer(geo);
    await flush();
    expect(selectCurrentAnswer(actor.getSnapshot())).toEqual(geo);
  });

  it('shows the API’s own sentence when there is one', async () => {
    const api = heldCalls<[string], MarketGeo>();
    const actor = createActor(marketGeoLogic({ fetchMarketGeo: api.call }), {
      input: { key: 'MKT999' },
    }).start();
    api
      .nth(0)
      .fail(
        new Error('Error fetching Market boundary', { cause: { message: 'There is no market MKT999.' } }),
      );
    await flush();
    expect(selectRequestError(actor.getSnapshot())).toBe('There is no market MKT999.');
  });
});

describe('a nearer market for the zip code the visitor shops in (geocoding, GET /market/nearby)', () => {
  const place = (lng: number, lat: number): GeocodeFeature => ({
    id: 'postcode.1',
    type: 'Feature',
    place_type: ['postcode'],
    relevance: 1,
    text: '46201',
    place_name: '46201',
    center: [lng, lat],
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: {},
    context: [],
  });
  const indianapolis: NearbyMarket = {
    prodcode: 'MKT527',
    name: 'Indianapolis',
    state: 'IN',
    distance_miles: 3.2,
    mediacode: 'PM527-01',
  };
  const key: NearerMarketKey = { ...chicagoMarket, zip: '46201' };

  function start() {
    const geocoder = heldCalls<[string, number?], GeocodeFeature[]>();
    const nearby = heldCalls<[number, number, string?], NearbyMarket>();
    const warned: unknown[][] = [];
    const env = { log: { warn: (...args: unknown[]) => warned.push(args), error: () => {} } };
    const actor = createActor(
      nearerMarketLogic({ env }, { geocode: geocoder.call, fetchNearbyMarket: nearby.call }),
      { input: { key } },
    ).start();
    return { geocoder, nearby, warned, actor, answer: () => selectCurrentAnswer(actor.getSnapshot()) };
  }

  it('finds the zip code, then the market nearest to it that sells this kind of placement', async () => {
    const { geocoder, nearby, answer } = start();
    expect(geocoder.asked()).toEqual([['46201', 1]]);
    geocoder.nth(0).answer([place(-86.11, 39.77)]);
    await flush();
    expect(nearby.asked()).toEqual([[39.77, -86.11, 'PM501-01']]);
    nearby.nth(0).answer(indianapolis);
    await flush();
    expect(answer()).toEqual({ zip: '46201', market: indianapolis });
  });

  it('suggests nothing when the nearest market is the placement’s own, or the zip code is not found', async () => {
    const same = start();
    same.geocoder.nth(0).answer([place(-87.63, 41.88)]);
    await flush();
    same.nearby.nth(0).answer({ ...indianapolis, prodcode: 'MKT508' });
    await flush();
    expect(same.answer()).toBe(null);
    expect(selectRequestStatus(same.actor.getSnapshot())).toBe('loaded');

    const unknown = start();
    unknown.geocoder.nth(0).answer([]);
    await flush();
    expect(unknown.nearby.calls).toEqual([]);
    expect(unknown.answer()).toBe(null);
  });

  it('logs a failure: the page is complete without the suggestion', async () => {
    const { geocoder, warned, answer } = start();
    geocoder.nth(0).fail(new Error('Network Error'));
    await flush();
    expect(answer()).toBe(null);
    expect(warned).toHaveLength(1);
  });

  it('is looked up for the stored shop search’s zip code, and not at all without one', () => {
    const env = (store: StorefrontStore) => ({
      env: { store: { key: 'k', read: () => store, write() {}, remove() {} } },
    });
    expect(nearerMarketKey(env({ shopSearch: { zip: '46201' } }), chicagoMarket)).toEqual(key);
    expect(nearerMarketKey(env({}), chicagoMarket)).toBe(null);
    expect(nearerMarketKey(env({ shopSearch: { zip: 'junk' } }), chicagoMarket)).toBe(null);
  });
});

describe('a placement view (view_item): counted once per placement shown', () => {
  const media = (mediacode: string): Media => ({
    mediacode,
    name: 'Chicago Magazine',
    media_type: 'printmag',
    partner: null,
    prodcode: 'MKT508',
    market: 'Chicago, IL',
    state: 'IL',
    lifestyle: 'all',
    issue: '2027/03',
    date_start: null,
    unit_price: 1200,
    unit_label: 'per issue',
    reach: 50_000,
    reach_label: 'readers',
    image: '/images/media/printmag.jpg',
    description: 'The city’s magazine.',
  });

  function fakeApp() {
    const pushed: Array<[string, Record<string, unknown> | undefined]> = [];
    const logged: Array<[string, LogEventOptions | undefined]> = [];
    const app = {
      env: {
        pushAnalytics: (event: string, params?: Record<string, unknown>) => pushed.push([event, params]),
      },
    };
    const api = {
      logEvent: async (event: string, options?: LogEventOptions) => {
        logged.push([event, options]);
        return { success: true };
      },
    };
    const view = (mediacode: string, shown: 'entered' | 'stayed') =>
      countPlacementView(app, { media: media(mediacode), path: `/shop/magazines/${mediacode}`, shown }, api);
    /** The page shows no placement: the one asked for failed to load (404, no answer). */
    const failed = (mediacode: string, shown: 'entered' | 'stayed') =>
      countPlacementView(app, { media: null, path: `/shop/magazines/${mediacode}`, shown }, api);
    return { pushed, logged, view, failed };
  }

  it('pushes view_item with the item and logs it with the mediacode (the customer’s recently viewed)', () => {
    const { pushed, logged, view } = fakeApp();
    view('PM501-01', 'entered');
    expect(pushed).toEqual([
      [
        'view_item',
        {
          ecommerce: {
            currency: 'USD',
            value: 1200,
            items: [
              {
                id: 'PM501-01',
                name: 'printmag - Chicago Magazine',
                price: 1200,
                market: 'Chicago, IL',
                variant: 'printmag',
                delivery_year: '2027',
                delivery_month: '03',
                quantity: 1,
              },
            ],
          },
        },
      ],
    ]);
    expect(logged).toEqual([
      ['view_item', { path: '/shop/magazines/PM501-01', properties: { mediacode: 'PM501-01' } }],
    ]);
  });

  it('does not count the same placement loaded again, but counts another one, and each new visit', () => {
    const { pushed, logged, view } = fakeApp();
    view('PM501-01', 'entered');
    view('PM501-01', 'stayed');
    view('PM502-01', 'stayed');
    view('PM502-01', 'stayed');
    view('PM502-01', 'entered');
    const ids = (entries: Array<[string, unknown]>) => entries.map(([event]) => event);
    expect(ids(pushed)).toEqual(['view_item', 'view_item', 'view_item']);
    expect(logged.map(([, options]) => options?.path)).toEqual([
      '/shop/magazines/PM501-01',
      '/shop/magazines/PM502-01',
      '/shop/magazines/PM502-01',
    ]);
  });

  it('counts the placement shown after one that failed to load, even the one counted last (A, B failed, A)', () => {
    const { logged, view, failed } = fakeApp();
    view('PM501-01', 'entered');
    failed('PM404-01', 'stayed');
    view('PM501-01', 'stayed');
    failed('PM503-01', 'stayed');
    failed('PM503-01', 'stayed');
    view('PM501-01', 'stayed');
    view('PM501-01', 'stayed');
    expect(logged.map(([, options]) => options?.path)).toEqual([
      '/shop/magazines/PM501-01',
      '/shop/magazines/PM501-01',
      '/shop/magazines/PM501-01',
    ]);
  });
});
