import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Cart } from '../../contract/cart';
import {
  type CarrierRoute,
  type EddmCart,
  type EddmNear,
  type EddmPricing,
  type NearQuery,
  NO_ROUTE_FILTERS,
  type RouteShape,
} from '../../contract/directMail';
import { eddmMachine, type LoadedZip } from '../../machines/eddm/eddm.machine';
import {
  selectCanCreateCampaign,
  selectHiddenRoutes,
  selectIsDrawingArea,
  selectIsLoadingNear,
  selectIsPlacingPin,
  selectMailingRoutes,
  selectMapFocus,
  selectMinimumNotMet,
  selectNearError,
  selectPickNotice,
  selectPin,
  selectRadiusCircle,
  selectSelectionPricing,
} from '../../machines/eddm/eddm.selectors';
import { availabilityOf, loadedZipOf, mediaTypeOf, route, week } from './eddmFixtures';
import { flush } from './sessionHarness';

/** A route with its households' median income (the filters tested here read it). */
const earning = (routecode: string, residential: number, income: number | null): CarrierRoute => ({
  ...route(routecode, residential, 10),
  median_income: income,
});
/** A square cell of 0.01° whose south-west corner is (lng, lat): the routes' shapes on the fake map. */
const cell = (lng: number, lat: number): RouteShape => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + 0.01, lat],
      [lng + 0.01, lat + 0.01],
      [lng, lat + 0.01],
      [lng, lat],
    ],
  ],
});

const PRICING_60614: EddmPricing = { mediacode: 'ED508-01', per_thousand_cents: 40_000 };
const PRICING_60657: EddmPricing = { mediacode: 'ED509-01', per_thousand_cents: 45_000 };
// 60614's routes side by side from -87.66 eastwards; C002 is the poorer route an income filter hides.
const C001 = earning('60614C001', 400, 72_000);
const C002 = earning('60614C002', 600, 38_000);
const C003 = earning('60614C003', 300, 95_000);
const N001 = earning('60657C001', 500, 81_000);
const N002 = earning('60657C002', 250, 41_000);
const ZIP_BBOX: [number, number, number, number] = [-87.66, 41.92, -87.63, 41.93];
const zip60614 = loadedZipOf('60614', [C001, C002, C003], {
  pricing: PRICING_60614,
  bbox: ZIP_BBOX,
  center: { lat: 41.925, lng: -87.645 },
  shapes: {
    '60614C001': cell(-87.66, 41.92),
    '60614C002': cell(-87.65, 41.92),
    // C003 runs along one street, as USPS draws routes.
    '60614C003': {
      type: 'LineString',
      coordinates: [
        [-87.64, 41.925],
        [-87.63, 41.925],
      ],
    },
  },
});
const NEAR_BBOX: [number, number, number, number] = [-87.67, 41.91, -87.62, 41.95];
/** GET /eddm/near around the pin: a route of the zip shown and two of the zip north of it. */
const near = (routes: CarrierRoute[]): EddmNear => ({
  center: { lat: 41.925, lng: -87.645 },
  miles: 1,
  bbox: NEAR_BBOX,
  routes,
  shapes: routes.map((r, i) => ({
    routecode: r.routecode,
    geometry: cell(-87.66 + i * 0.01, 41.93),
    bbox: NEAR_BBOX,
  })),
  pricing: { '60614': PRICING_60614, '60657': PRICING_60657 },
});
const INCOME_OVER_50K = { ...NO_ROUTE_FILTERS, min_income: 50_000 };
const PIN = { lat: 41.925, lng: -87.645, label: '2000 N Clark St, Chicago, IL 60614' };

interface NearCall {
  query: NearQuery;
  answer: (near: EddmNear) => void;
  fail: (message: string) => void;
}

function start({
  minimumPieces = 200,
  holdZips,
}: {
  minimumPieces?: number;
  holdZips?: Array<() => void>;
} = {}) {
  const saves: string[] = [];
  const zips: string[] = [];
  const nearCalls: NearCall[] = [];
  const clock = new SimulatedClock();
  const machine = eddmMachine.provide({
    actors: {
      loadZip: fromPromise(({ input }) => {
        zips.push(input.zip);
        if (!holdZips) return Promise.resolve(zip60614);
        return new Promise<LoadedZip>((resolve) => holdZips.push(() => resolve(zip60614)));
      }),
      loadCart: fromPromise<EddmCart, { cartId: string }>(async () => {
        throw new Error('No saved selection.');
      }),
      saveCart: fromPromise(async ({ input }) => {
        saves.push(`[${input.routes.join(',')}]`);
        return {
          id: '6f1c2b9e-0000-4000-8000-000000000001',
          routes: [],
          residential_only: input.residentialOnly,
          pieces: 0,
          cost_cents: 0,
          cost_formatted: '$0',
          pricing: PRICING_60614,
          meets_minimum: true,
          updated_at: '2027-01-11T09:00:00Z',
        };
      }),
      loadMediaType: fromPromise(async () => mediaTypeOf(minimumPieces)),
      loadWeeks: fromPromise(async ({ input }) => availabilityOf(input.mediacode, [week('2027-03-01')])),
      createCampaign: fromPromise<Cart, { dateStart: string; eddmCartId: string; cartId: string | null }>(
        async () => {
          throw new Error('No campaign here.');
        },
      ),
      loadNear: fromPromise(
        ({ input }) =>
          new Promise<EddmNear>((resolve, reject) => {
            nearCalls.push({
              query: input,
              answer: resolve,
              fail: (message) => reject(new Error('Bad gateway', { cause: { message } })),
            });
          }),
      ),
    },
  });
  const actor = createActor(machine, { clock, input: { cartId: null } });
  actor.start();
  const codes = (routes: readonly CarrierRoute[]) => routes.map((r) => r.routecode);
  return {
    actor,
    clock,
    saves,
    zips,
    nearCalls,
    mailing: () => codes(selectMailingRoutes(actor.getSnapshot())),
    hidden: () => codes(selectHiddenRoutes(actor.getSnapshot())),
    picked: () => codes(actor.getSnapshot().context.selected),
    snapshot: () => actor.getSnapshot(),
  };
}

async function showing60614() {
  const page = start();
  page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
  await flush();
  return page;
}

describe('every-door targeting: filters', () => {
  it('hides the picked routes a filter leaves out, keeps them, and brings them back when it is cleared', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    page.clock.increment(1_000);
    await flush();
    expect(page.saves).toEqual(['[60614C001,60614C002,60614C003]']);

    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    expect(page.picked()).toEqual(['60614C001', '60614C002', '60614C003']);
    expect(page.mailing()).toEqual(['60614C001', '60614C003']);
    expect(page.hidden()).toEqual(['60614C002']);
    // The mailing is what is saved: a reload or the cart never carries a hidden route.
    page.clock.increment(1_000);
    await flush();
    expect(page.saves.at(-1)).toEqual('[60614C001,60614C003]');

    page.actor.send({ type: 'eddm.filtersCleared' });
    expect(page.mailing()).toEqual(['60614C001', '60614C002', '60614C003']);
    expect(page.hidden()).toEqual([]);
    page.clock.increment(1_000);
    await flush();
    expect(page.saves.at(-1)).toEqual('[60614C001,60614C002,60614C003]');
  });

  it('selects only the matching routes on "Select all", and a click on a dimmed route picks nothing', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    expect(page.picked()).toEqual(['60614C001', '60614C003']);
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    expect(page.picked()).toEqual(['60614C001', '60614C003']);
  });

  it('lets a hidden route be taken out, and the totals and the minimum follow the mailing at once', async () => {
    const page = start({ minimumPieces: 900 });
    page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    page.clock.increment(1_000);
    await flush();
    expect(selectCanCreateCampaign(page.snapshot())).toBe(true);

    // 1,330 pieces picked; the filter leaves 720 in the mailing, under USPS's 900 here.
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    expect(selectMinimumNotMet(page.snapshot())).toBe(900);
    page.clock.increment(1_000);
    await flush();
    expect(selectCanCreateCampaign(page.snapshot())).toBe(false);

    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    expect(page.hidden()).toEqual([]);
    page.actor.send({ type: 'eddm.filtersCleared' });
    expect(page.mailing()).toEqual(['60614C001', '60614C003']);
  });

  it('prices the mailing by its first matching route, as the API prices what is saved', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([N002, C001]));
    await flush();
    expect(page.mailing()).toEqual(['60657C002', '60614C001']);
    expect(selectSelectionPricing(page.snapshot())).toEqual(PRICING_60657);
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    expect(selectSelectionPricing(page.snapshot())).toEqual(PRICING_60614);
  });

  it('keeps a filter changed while a save is under way, and saves the mailing again after it', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    page.clock.increment(1_000);
    expect(page.snapshot().matches({ selection: 'saving' })).toBe(true);
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    await flush();
    page.clock.increment(1_000);
    await flush();
    expect(page.saves).toEqual(['[60614C001,60614C002,60614C003]', '[60614C001,60614C003]']);
  });
});

describe('every-door targeting: the pin and every route within N miles', () => {
  it('places the pin at the address picked, shows its zip code and looks at its radius', () => {
    const page = start();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: '60614' });
    expect(selectPin(page.snapshot())).toEqual(PIN);
    expect(page.zips).toEqual(['60614']);
    expect(selectRadiusCircle(page.snapshot())).toEqual({ lat: PIN.lat, lng: PIN.lng, miles: 1 });
    const [west, south, east, north] = selectMapFocus(page.snapshot()) ?? [0, 0, 0, 0];
    // A mile is 1/69 of a degree of latitude; at 41.9° north, a degree of longitude is 0.745 of that.
    expect(north - south).toBeCloseTo(2 / 69.09, 3);
    expect(east - west).toBeCloseTo(2 / 69.09 / Math.cos((PIN.lat * Math.PI) / 180), 3);

    page.actor.send({ type: 'eddm.radiusChosen', miles: 0.5 });
    const [, south2, , north2] = selectMapFocus(page.snapshot()) ?? [0, 0, 0, 0];
    expect(north2 - south2).toBeCloseTo(1 / 69.09, 3);
  });

  it('selects every route within the radius, of several zip codes, shown on the map, matching the filters', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.radiusChosen', miles: 2 });
    page.actor.send({ type: 'eddm.nearRequested' });
    expect(selectIsLoadingNear(page.snapshot())).toBe(true);
    expect(page.nearCalls.map((c) => c.query)).toEqual([{ lat: PIN.lat, lng: PIN.lng, miles: 2 }]);

    const answer = near([C001, N001, C002, N002]);
    page.nearCalls[0]?.answer(answer);
    await flush();
    expect(selectIsLoadingNear(page.snapshot())).toBe(false);
    expect(page.picked()).toEqual(['60614C001', '60657C001']);
    expect(selectPickNotice(page.snapshot())).toBe(
      'Selected 2 routes within 2 miles of your pin (2 more hidden by your filters).',
    );
    const { context } = page.snapshot();
    expect(Object.keys(context.loadedRoutes)).toEqual(['60614C001', '60657C001', '60614C002', '60657C002']);
    expect(context.loadedShapes['60657C001']).toEqual(answer.shapes[1]?.geometry);
    expect(context.zipPricing['60657']).toEqual(PRICING_60657);
    expect(selectMapFocus(page.snapshot())).toEqual(NEAR_BBOX);
    // The shown zip code stays 60614; its neighbour's routes can be clicked on the map all the same.
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60657C001' });
    expect(page.picked()).toEqual(['60614C001']);
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60657C001' });
    page.clock.increment(1_000);
    await flush();
    expect(page.saves.at(-1)).toBe('[60614C001,60657C001]');
  });

  it('replaces the routes the last radius added with a new radius, and keeps the routes picked by hand', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C003' });
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([C001, C003, N001, N002]));
    await flush();
    expect(page.picked()).toEqual(['60614C003', '60614C001', '60657C001', '60657C002']);

    page.actor.send({ type: 'eddm.radiusChosen', miles: 0.5 });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[1]?.answer(near([C001]));
    await flush();
    expect(page.picked()).toEqual(['60614C003', '60614C001']);
    expect(selectPickNotice(page.snapshot())).toBe('Selected 1 route within 0.5 miles of your pin.');
  });

  it('never drops a route of the new radius because a filter hides it: it comes back with the filter gone', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([C001, C002, C003]));
    await flush();
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[1]?.answer(near([C001, C002, C003]));
    await flush();
    page.actor.send({ type: 'eddm.filtersCleared' });
    expect(page.picked()).toEqual(['60614C001', '60614C002', '60614C003']);
  });

  it('keeps a radius route touched by hand since (unticked and ticked, drawn around, a saved area)', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([C001, C002, N001]));
    await flush();
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    page.actor.send({ type: 'eddm.radiusChosen', miles: 0.5 });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[1]?.answer(near([C003]));
    await flush();
    expect(page.picked()).toEqual(['60614C001', '60614C003']);

    page.actor.send({ type: 'eddm.routesApplied', routes: [C002, C003], residentialOnly: false });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[2]?.answer(near([N001]));
    await flush();
    expect(page.picked()).toEqual(['60614C002', '60614C003', '60657C001']);
  });

  it('lets a saved area applied while a radius is asked win: the late answer adds nothing', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.actor.send({ type: 'eddm.routesApplied', routes: [C001], residentialOnly: false });
    expect(selectIsLoadingNear(page.snapshot())).toBe(false);
    page.nearCalls[0]?.answer(near([C002, C003]));
    await flush();
    expect(page.picked()).toEqual(['60614C001']);
    expect(selectPickNotice(page.snapshot())).toBeNull();
  });

  it('says how many of a saved area’s routes the filters hide', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.routesApplied', routes: [C001, C002], residentialOnly: false });
    expect(page.mailing()).toEqual(['60614C001']);
    expect(selectPickNotice(page.snapshot())).toBe('1 of the area’s routes is hidden by your filters.');
  });

  it('forgets the routes met around a removed pin that are not picked: no longer drawn nor drawn around', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([N001, N002]));
    await flush();
    expect(page.picked()).toEqual(['60657C001']);
    page.actor.send({ type: 'eddm.pinRemoved' });
    const { context } = page.snapshot();
    expect(Object.keys(context.loadedRoutes)).toEqual(['60657C001']);
    expect(Object.keys(context.loadedShapes)).toEqual(['60657C001']);
  });

  it('looks where the person asked last: a zip code answering after a radius was asked leaves the radius in view', async () => {
    const zipAnswers: Array<() => void> = [];
    const page = start({ holdZips: zipAnswers });
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: '60614' });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([C001]));
    await flush();
    expect(selectMapFocus(page.snapshot())).toEqual(NEAR_BBOX);
    zipAnswers[0]?.();
    await flush();
    expect(page.snapshot().context.loaded?.area.zip).toBe('60614');
    expect(selectMapFocus(page.snapshot())).toEqual(NEAR_BBOX);
    // A zip code chosen since is looked at.
    page.actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    zipAnswers[1]?.();
    await flush();
    expect(selectMapFocus(page.snapshot())).toEqual(ZIP_BBOX);
  });

  it('says why the routes around the pin could not be loaded, and tries again', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.fail('The route service is not answering: try again in a minute.');
    await flush();
    expect(page.snapshot().matches({ targeting: { near: 'failed' } })).toBe(true);
    expect(selectNearError(page.snapshot())).toBe(
      'The route service is not answering: try again in a minute.',
    );
    // Another region's "Try again" does not ask around the pin again: only its own does.
    page.actor.send({ type: 'eddm.retry' });
    expect(page.nearCalls).toHaveLength(1);
    expect(selectNearError(page.snapshot())).not.toBeNull();
    page.actor.send({ type: 'eddm.nearRetried' });
    expect(selectNearError(page.snapshot())).toBeNull();
    page.nearCalls[1]?.answer(near([N001]));
    await flush();
    expect(page.picked()).toEqual(['60657C001']);
  });

  it('drops the answer for a pin that moved, and asks nothing without a pin', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.nearRequested' });
    expect(page.nearCalls).toEqual([]);
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.actor.send({ type: 'eddm.pinPlaced', pin: { ...PIN, lat: 41.94 }, zip: null });
    page.nearCalls[0]?.answer(near([N001]));
    await flush();
    expect(page.picked()).toEqual([]);
    expect(selectIsLoadingNear(page.snapshot())).toBe(false);
  });

  it('places the pin with a click on the map while placing, and otherwise leaves the clicks alone', () => {
    const page = start();
    page.actor.send({ type: 'eddm.mapClicked', lat: 41.9, lng: -87.6 });
    expect(selectPin(page.snapshot())).toBeNull();
    page.actor.send({ type: 'eddm.pinPlacingStarted' });
    expect(selectIsPlacingPin(page.snapshot())).toBe(true);
    page.actor.send({ type: 'eddm.pinPlacingCancelled' });
    expect(page.snapshot().matches({ targeting: { pin: 'none' } })).toBe(true);

    page.actor.send({ type: 'eddm.pinPlacingStarted' });
    page.actor.send({ type: 'eddm.mapClicked', lat: 41.9, lng: -87.6 });
    expect(selectPin(page.snapshot())).toEqual({ lat: 41.9, lng: -87.6, label: 'Your pin on the map' });
    expect(selectIsPlacingPin(page.snapshot())).toBe(false);
    expect(page.zips).toEqual([]);

    // Moving it: Escape keeps it where it was; drawing an area stops placing it too.
    page.actor.send({ type: 'eddm.pinPlacingStarted' });
    page.actor.send({ type: 'eddm.pinPlacingCancelled' });
    expect(page.snapshot().matches({ targeting: { pin: 'placed' } })).toBe(true);
    page.actor.send({ type: 'eddm.pinPlacingStarted' });
    page.actor.send({ type: 'eddm.lassoToggled' });
    expect(page.snapshot().matches({ targeting: { pin: 'placed', lasso: 'drawing' } })).toBe(true);
    page.actor.send({ type: 'eddm.pinRemoved' });
    expect(selectPin(page.snapshot())).toBeNull();
    expect(selectRadiusCircle(page.snapshot())).toBeNull();
  });
});

describe('every-door targeting: drawing an area', () => {
  // Around C001's and C002's cells, short of C003's street.
  const AROUND_TWO: [number, number][] = [
    [-87.665, 41.915],
    [-87.642, 41.915],
    [-87.642, 41.935],
    [-87.665, 41.935],
  ];

  it('selects every shown route the drawn area touches, matching the filters, and says how many', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.lassoToggled' });
    expect(selectIsDrawingArea(page.snapshot())).toBe(true);
    page.actor.send({ type: 'eddm.lassoDrawn', ring: AROUND_TWO });
    expect(selectIsDrawingArea(page.snapshot())).toBe(false);
    expect(page.picked()).toEqual(['60614C001', '60614C002']);
    expect(selectPickNotice(page.snapshot())).toBe('Selected 2 routes you drew around.');

    page.actor.send({ type: 'eddm.filtersChanged', filters: INCOME_OVER_50K });
    page.actor.send({ type: 'eddm.lassoToggled' });
    // A thin area crossing C003's street (a line) and nothing else.
    page.actor.send({
      type: 'eddm.lassoDrawn',
      ring: [
        [-87.635, 41.92],
        [-87.634, 41.92],
        [-87.634, 41.93],
        [-87.635, 41.93],
      ],
    });
    expect(page.picked()).toEqual(['60614C001', '60614C002', '60614C003']);
    expect(selectPickNotice(page.snapshot())).toBe('Selected 1 route you drew around.');
  });

  it('picks the routes met around the pin too, and says so when the area touches none', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
    page.actor.send({ type: 'eddm.nearRequested' });
    page.nearCalls[0]?.answer(near([N001]));
    await flush();
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60657C001' });
    page.actor.send({ type: 'eddm.lassoToggled' });
    page.actor.send({
      type: 'eddm.lassoDrawn',
      ring: [
        [-87.659, 41.931],
        [-87.658, 41.931],
        [-87.658, 41.932],
      ],
    });
    expect(page.picked()).toEqual(['60657C001']);
    page.actor.send({ type: 'eddm.lassoToggled' });
    page.actor.send({
      type: 'eddm.lassoDrawn',
      ring: [
        [-80, 40],
        [-79.9, 40],
        [-79.9, 40.1],
      ],
    });
    expect(selectPickNotice(page.snapshot())).toBe(
      'No route touches what you drew: draw around the routes to select.',
    ); // Drawing again clears what the last drawing said, so the same sentence is said again after it.
    page.actor.send({ type: 'eddm.lassoToggled' });
    expect(selectPickNotice(page.snapshot())).toBeNull();
  });

  it('cancels with Escape or the button again, and ignores a drawing when not drawing', async () => {
    const page = await showing60614();
    page.actor.send({ type: 'eddm.lassoToggled' });
    page.actor.send({ type: 'eddm.lassoCancelled' });
    expect(selectIsDrawingArea(page.snapshot())).toBe(false);
    page.actor.send({ type: 'eddm.lassoDrawn', ring: AROUND_TWO });
    expect(page.picked()).toEqual([]);
    page.actor.send({ type: 'eddm.lassoToggled' });
    page.actor.send({ type: 'eddm.lassoToggled' });
    expect(selectIsDrawingArea(page.snapshot())).toBe(false);
    // Placing the pin stops drawing.
    page.actor.send({ type: 'eddm.lassoToggled' });
    page.actor.send({ type: 'eddm.pinPlacingStarted' });
    expect(page.snapshot().matches({ targeting: { pin: 'placing', lasso: 'off' } })).toBe(true);
  });
});
