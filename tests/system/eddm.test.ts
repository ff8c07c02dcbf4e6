import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CarrierRoute, EddmCart } from '../../contract/directMail';
import { type EddmApi, eddmLogic, followCartMailings } from '../../src/system/eddm';
import { cartOf } from '../machines/eddmFixtures';
import { fakeApp, flush } from './fakeApp';
import { cartWith } from './flowHarness';

const CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
const SELECTION = '6f1c2b9e-0000-4000-8000-000000000001';

const route: CarrierRoute = {
  routecode: '60614C001',
  crid: 'C001',
  kind: 'city',
  residential: 400,
  business: 20,
  total: 420,
  label: { lat: 41.9, lng: -87.6 },
  median_age: 34,
  median_income: 72_000,
  household_size: 2.2,
};

const saved: EddmCart = {
  id: SELECTION,
  routes: [route],
  residential_only: false,
  pieces: 420,
  cost_cents: 16_800,
  cost_formatted: '$168',
  pricing: { mediacode: 'ED508-01', per_thousand_cents: 40_000 },
  meets_minimum: true,
  updated_at: '2027-01-11T09:00:00Z',
};

const unanswered = () => new Promise<never>(() => {});
/** An API that never answers: each test gives the calls it answers. */
const apiAnswering = (answers: Partial<EddmApi>): EddmApi => ({
  fetchEddmZip: unanswered,
  fetchZipGeometry: unanswered,
  fetchRouteBounds: unanswered,
  saveEddmCart: unanswered,
  fetchEddmCart: unanswered,
  fetchEddmMediaType: unanswered,
  fetchAvailability: unanswered,
  createEddmCampaign: unanswered,
  fetchEddmNear: unanswered,
  ...answers,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every-door mail as the app provides it (src/system/eddm.ts)', () => {
  it('the campaign’s answer goes to the cart, and a toast says what was added, after the every-door step', async () => {
    // XState warns when another actor's assigns run inside a custom action (a direct send): sendTo waits.
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const harness = fakeApp({ cookies: { adlane_cart_id: CART } });
    const answered = cartWith(CART, 'Every door, 60614');
    const asked: string[] = [];
    const api = apiAnswering({
      fetchEddmCart: async () => saved,
      fetchEddmMediaType: async () => ({
        media_type: 'eddm',
        label: 'Every Door Direct Mail',
        description: 'A postcard to every address on the routes chosen.',
        piece: '6.25 × 9 in postcard',
        minimum_pieces: 200,
        maximum_pieces: 500_000,
        default_per_thousand_cents: 50_000,
        includes: ['Printing', 'Postage'],
      }),
      fetchAvailability: async (mediacode) => ({
        mediacode,
        kind: 'weeks',
        options: [
          {
            value: '2027-03-01',
            label: 'Mon 2027-03-01',
            available: true,
            deadline: '2027-02-15',
            unavailable: null,
          },
        ],
        quantity_label: 'postcards',
        quantities: [],
        max_dates: 1,
      }),
      createEddmCampaign: async (body) => {
        asked.push(`create ${body.eddmcartid} ${body.date_start} into ${body.cartid}`);
        return { ok: true, data: answered, message: 'Added.' };
      },
    });
    const eddm = createActor(eddmLogic(harness.app, api), {
      ...harness.app.actorOptions,
      input: { cartId: SELECTION },
    }).start();
    await flush();
    // The week chosen is kept with the selection's id, for the next time the page opens.
    eddm.send({ type: 'eddm.weekChosen', week: '2027-03-01' });
    expect(harness.store().eddmWeek).toBe('2027-03-01');
    eddm.send({ type: 'eddm.campaignRequested', cartId: CART });
    await flush();
    expect(asked).toEqual([`create ${SELECTION} 2027-03-01 into ${CART}`]);
    expect(harness.app.session.getSnapshot().context.cart).toBe(answered);
    expect(harness.app.toasts.getSnapshot().context.toasts.map((t) => t.message)).toEqual([
      'Added to your cart: Every door, 60614.',
    ]);
    expect(warned).not.toHaveBeenCalled();
    eddm.stop();
    harness.app.stop();
  });

  it('hears the main cart as the session holds it, each time it changes, and remembers the week chosen', async () => {
    const harness = fakeApp();
    const api = apiAnswering({});
    const eddm = createActor(eddmLogic(harness.app, api), {
      ...harness.app.actorOptions,
      input: { cartId: null },
    }).start();
    const stop = followCartMailings(harness.app.session, eddm);
    expect(eddm.getSnapshot().context.inCart).toEqual([]);
    const cart = cartOf(CART, [
      { routes: ['60614C002', '60614C001'], residentialOnly: true, week: '2027-03-01' },
    ]);
    harness.app.session.send({ type: 'session.cartSet', cart });
    expect(eddm.getSnapshot().context.inCart).toEqual([
      { routes: ['60614C001', '60614C002'], residentialOnly: true, week: '2027-03-01' },
    ]);
    harness.app.session.send({ type: 'session.cartCleared' });
    expect(eddm.getSnapshot().context.inCart).toEqual([]);
    stop();
    harness.app.session.send({ type: 'session.cartSet', cart });
    expect(eddm.getSnapshot().context.inCart).toEqual([]);

    // A week is only taken among the open ones: none loaded here, so nothing is remembered.
    eddm.send({ type: 'eddm.weekChosen', week: '2027-03-08' });
    expect(harness.store().eddmWeek).toBeUndefined();
    eddm.stop();
    harness.app.stop();
  });

  it('a zip code’s map comes with its outline; only a route the outline lacks is asked for alone', async () => {
    const harness = fakeApp();
    const square = (x: number) => ({
      type: 'Polygon' as const,
      coordinates: [
        [
          [x, 0],
          [x + 1, 0],
          [x + 1, 1],
          [x, 0],
        ] as [number, number][],
      ],
    });
    const second: CarrierRoute = { ...route, routecode: '60614C002', crid: 'C002' };
    const askedAlone: string[] = [];
    const api = apiAnswering({
      fetchEddmZip: async (zip) => ({
        zip,
        city: 'Chicago',
        state: 'IL',
        prodcode: 'MKT508',
        market: 'Chicago, IL',
        center: { lat: 41.92, lng: -87.65 },
        bbox: [-87.7, 41.9, -87.6, 41.95],
        routes: [route, second],
        pricing: { mediacode: 'ED508-01', per_thousand_cents: 40_000 },
      }),
      fetchZipGeometry: async (zip) => ({
        zip,
        geometry: square(0),
        bbox: [0, 0, 3, 1],
        routes: [{ routecode: route.routecode, geometry: square(1), bbox: [1, 0, 2, 1] }],
      }),
      fetchRouteBounds: async (routecode) => {
        askedAlone.push(routecode);
        return { routecode, geometry: square(2), bbox: [2, 0, 3, 1] };
      },
    });
    const eddm = createActor(eddmLogic(harness.app, api), {
      ...harness.app.actorOptions,
      input: { cartId: null },
    }).start();
    eddm.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    const loaded = eddm.getSnapshot().context.loaded;
    expect(loaded?.shapes).toEqual({ '60614C001': square(1), '60614C002': square(2) });
    expect(askedAlone).toEqual(['60614C002']);
    eddm.stop();
    harness.app.stop();
  });

  it('asks GET /eddm/near for the pin and the radius, and picks the routes it answers', async () => {
    const harness = fakeApp();
    const near: { lat: number; lng: number; miles: number }[] = [];
    const neighbour: CarrierRoute = { ...route, routecode: '60657C001', crid: 'C001' };
    const api = apiAnswering({
      fetchEddmNear: async (query) => {
        near.push(query);
        return {
          center: { lat: query.lat, lng: query.lng },
          miles: query.miles,
          bbox: [-87.7, 41.9, -87.6, 41.95],
          routes: [route, neighbour],
          shapes: [],
          pricing: { '60614': saved.pricing, '60657': saved.pricing },
        };
      },
    });
    const eddm = createActor(eddmLogic(harness.app, api), {
      ...harness.app.actorOptions,
      input: { cartId: null },
    }).start();
    eddm.send({ type: 'eddm.pinPlaced', pin: { lat: 41.92, lng: -87.65, label: 'The shop' }, zip: null });
    eddm.send({ type: 'eddm.radiusChosen', miles: 0.5 });
    eddm.send({ type: 'eddm.nearRequested' });
    await flush();
    expect(near).toEqual([{ lat: 41.92, lng: -87.65, miles: 0.5 }]);
    expect(eddm.getSnapshot().context.selected.map((r) => r.routecode)).toEqual(['60614C001', '60657C001']);
    eddm.stop();
    harness.app.stop();
  });
});
