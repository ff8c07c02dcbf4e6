import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type CarrierRoute,
  type EddmCart,
  type EddmPricing,
  NO_ROUTE_FILTERS,
  type RouteFilters,
} from '../../contract/directMail';
import { eddmMachine, hiddenRoutes, type LoadedZip, mailingRoutes } from '../../machines/eddm/eddm.machine';
import { availabilityOf, loadedZipOf, mediaTypeOf, route, week } from './eddmFixtures';
import { flush } from './sessionHarness';

const pricing: EddmPricing = { mediacode: 'ED508-01', per_thousand_cents: 40_000 };
const C001 = route('60614C001', 400, 20);
const C002 = route('60614C002', 600, 40);
const C003 = route('60614C003', 300, 10);
const loadedZip = (zip: string, routes: CarrierRoute[]): LoadedZip => loadedZipOf(zip, routes, { pricing });
const savedCart = (routes: CarrierRoute[]): EddmCart => ({
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  routes,
  residential_only: false,
  pieces: 0,
  cost_cents: 0,
  cost_formatted: '$0',
  pricing,
  meets_minimum: true,
  updated_at: '2027-01-11T09:00:00Z',
});

/** A page whose saved selection and zip codes answer when the test says so. */
function start(
  cartId: string | null,
  remember: (kept: { filters: RouteFilters; hidden: CarrierRoute[] }) => void = () => {},
  stored: { filters?: RouteFilters; hidden?: CarrierRoute[] } = {},
) {
  const saves: string[] = [];
  const carts: Array<(cart: EddmCart) => void> = [];
  const zips = new Map<string, (zip: LoadedZip) => void>();
  const clock = new SimulatedClock();
  const machine = eddmMachine.provide({
    actors: {
      loadZip: fromPromise(({ input }) => new Promise<LoadedZip>((resolve) => zips.set(input.zip, resolve))),
      loadCart: fromPromise(() => new Promise<EddmCart>((resolve) => carts.push(resolve))),
      saveCart: fromPromise(async ({ input }) => {
        saves.push(`[${input.routes.join(',')}]`);
        return savedCart([]);
      }),
      loadMediaType: fromPromise(async () => mediaTypeOf(200)),
      loadWeeks: fromPromise(async ({ input }) => availabilityOf(input.mediacode, [week('2027-03-01')])),
    },
    actions: { rememberTargeting: (_, kept) => remember(kept) },
  });
  const actor = createActor(machine, { clock, input: { cartId, ...stored } });
  actor.start();
  const answerZip = async (zip: string, routes: CarrierRoute[]) => {
    zips.get(zip)?.(loadedZip(zip, routes));
    await flush();
  };
  const answerCart = async (routes: CarrierRoute[]) => {
    carts.shift()?.(savedCart(routes));
    await flush();
  };
  const picked = () => actor.getSnapshot().context.selected.map((r) => r.routecode);
  return { actor, clock, saves, answerZip, answerCart, picked };
}

describe('every-door selection: changes made while the saved one is restored', () => {
  it('applies a Clear made before the restore landed to the restored routes, and saves that', async () => {
    const page = start('cart-saved');
    page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await page.answerZip('60614', [C001, C002, C003]);
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    page.actor.send({ type: 'eddm.selectionCleared', zip: '60614' });
    await page.answerCart([C001, C002]);
    expect(page.picked()).toEqual([]);
    page.clock.increment(1_000);
    await flush();
    expect(page.saves).toEqual(['[]']);
  });

  it('replays ticks and unticks made meanwhile on the restored routes, in order', async () => {
    const page = start('cart-saved');
    page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await page.answerZip('60614', [C001, C002, C003]);
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C003' });
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    await page.answerCart([C001, C002]);
    // C001 was ticked then unticked: the visitor's last word on it is "out".
    expect(page.picked()).toEqual(['60614C002', '60614C003']);
  });

  it('keeps a saved area applied before the restore landed as the whole selection', async () => {
    const page = start('cart-saved');
    page.actor.send({ type: 'eddm.routesApplied', routes: [C003], residentialOnly: false });
    await page.answerCart([C001, C002]);
    expect(page.picked()).toEqual(['60614C003']);
  });
});

describe('every-door selection: Clear and Select all name the zip code listed', () => {
  it('clears the routes of the zip code the list shows while another one loads', async () => {
    const page = start('cart-saved');
    await page.answerCart([C001, C002]);
    await page.answerZip('60614', [C001, C002, C003]);
    page.actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    page.actor.send({ type: 'eddm.selectionCleared', zip: '60614' });
    expect(page.picked()).toEqual([]);
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    expect(page.picked()).toEqual(['60614C001', '60614C002', '60614C003']);
    // A Select all for a zip code no longer listed does nothing.
    page.actor.send({ type: 'eddm.selectionCleared', zip: '60614' });
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60657' });
    expect(page.picked()).toEqual([]);
  });
});

describe('every-door selection: leaving the page', () => {
  it('saves a pending change at once when the page is hidden, and nothing when nothing changed', async () => {
    const page = start(null);
    page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await page.answerZip('60614', [C001, C002, C003]);
    page.actor.send({ type: 'eddm.saveFlushed' });
    await flush();
    expect(page.saves).toEqual([]);
    page.actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    page.actor.send({ type: 'eddm.saveFlushed' });
    await flush();
    expect(page.saves).toEqual(['[60614C002]']);
    page.clock.increment(1_000);
    await flush();
    expect(page.saves).toEqual(['[60614C002]']);
  });
});

describe('every-door selection: the filters and the routes they hide outlive a reload', () => {
  const OVER_500_HOMES = { ...NO_ROUTE_FILTERS, min_income: 80_000 };
  const poor = { ...C002, median_income: 38_000 };
  const rich = { ...C001, median_income: 95_000 };

  it('remembers the filters and the hidden routes with each save, and comes back with the same mailing and the same hidden routes', async () => {
    const remembered: unknown[] = [];
    const page = start(null, (kept) => remembered.push(kept));
    page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await page.answerZip('60614', [rich, poor]);
    page.actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    page.actor.send({ type: 'eddm.filtersChanged', filters: OVER_500_HOMES });
    page.clock.increment(1_000);
    await flush();
    expect(page.saves).toEqual(['[60614C001]']);
    expect(remembered).toEqual([{ filters: OVER_500_HOMES, hidden: [poor] }]);

    const reloaded = start('cart-saved', () => {}, { filters: OVER_500_HOMES, hidden: [poor] });
    await reloaded.answerCart([rich]);
    expect(reloaded.picked()).toEqual(['60614C001', '60614C002']);
    const { context } = reloaded.actor.getSnapshot();
    expect(mailingRoutes(context).map((r) => r.routecode)).toEqual(['60614C001']);
    expect(hiddenRoutes(context)).toEqual([poor]);
    reloaded.actor.send({ type: 'eddm.filtersCleared' });
    expect(mailingRoutes(reloaded.actor.getSnapshot().context).map((r) => r.routecode)).toEqual([
      '60614C001',
      '60614C002',
    ]);
  });
});
