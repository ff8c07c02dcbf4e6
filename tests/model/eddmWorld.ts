import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { Cart } from '../../contract/cart';
import {
  type CarrierRoute,
  type EddmCart,
  type EddmNear,
  type EddmPricing,
  eddmMailing,
  type NearQuery,
  NO_ROUTE_FILTERS,
  type RouteShape,
} from '../../contract/directMail';
import { eddmMachine, type LoadedZip } from '../../machines/eddm/eddm.machine';
import {
  selectCanCreateCampaign,
  selectChosenWeek,
  selectFilters,
  selectHiddenRoutes,
  selectIsConfirmingDuplicate,
  selectIsCreatingCampaign,
  selectIsDrawingArea,
  selectIsLoadingNear,
  selectIsLoadingZip,
  selectIsMailingAdded,
  selectLoadedZip,
  selectMailingRoutes,
  selectNearError,
  selectPickNotice,
  selectPin,
  selectResidentialOnly,
  selectSaveError,
  selectSaveStatus,
  selectSelectedRoutes,
  selectSelectionPricing,
  selectZip,
  selectZipLoadError,
} from '../../machines/eddm/eddm.selectors';
import {
  availabilityOf,
  cartOf,
  loadedZipOf,
  type MailingItem,
  mediaTypeOf,
  route,
  week,
} from '../machines/eddmFixtures';
import { heldCalls } from '../machines/heldCalls';
import type { eddmModel } from './eddmModel';
import type { ModelParams } from './modelKit';
import { expectSame, settle } from './worldChecks';

/** The debounce of the selection's save (SPEC: a second after the last change). */
const SAVE_PAUSE_MS = 1_000;
const MINIMUM_PIECES = 200;
const LOAD_FAILURE = 'The carrier routes of this zip code could not be loaded right now.';
const SAVE_FAILURE = 'Your selection could not be saved: the connection dropped.';
const NEAR_FAILURE = 'The route service is not answering: try again in a minute.';

/** A route whose households earn this median income (the filter the person sets reads it). */
const earning = (routecode: string, residential: number, business: number, income: number) => ({
  ...route(routecode, residential, business),
  median_income: income,
});
/** The person's filter: households earning $50,000 or more (C002 and 60657C002 earn less). */
const INCOME_FILTER = { ...NO_ROUTE_FILTERS, min_income: 50_000 };
const matchesFilter = (r: CarrierRoute) => (r.median_income ?? 0) >= 50_000;

/**
 * The zip codes the server knows: their routes (each enough for USPS's minimum), their rate, and
 * the west-east rows of 0.01° cells the routes cover on the map (60657's north of 60614's).
 */
const ZIPS: Record<string, { routes: CarrierRoute[]; pricing: EddmPricing; row: number }> = {
  '60614': {
    routes: [
      earning('60614C001', 400, 20, 72_000),
      earning('60614C002', 600, 40, 38_000),
      earning('60614C003', 300, 10, 95_000),
    ],
    pricing: { mediacode: 'ED508-01', per_thousand_cents: 40_000 },
    row: 41.92,
  },
  '60657': {
    routes: [earning('60657C001', 500, 30, 81_000), earning('60657C002', 250, 5, 41_000)],
    pricing: { mediacode: 'ED509-01', per_thousand_cents: 45_000 },
    row: 41.93,
  },
};
const ALL_ROUTES = Object.values(ZIPS).flatMap((z) => z.routes);
/** A route's cell: its zip code's row, its place in the zip code's list from -87.66 eastwards. */
function cellOf(routecode: string): RouteShape {
  const zip = ZIPS[routecode.slice(0, 5)];
  const index = zip?.routes.findIndex((r) => r.routecode === routecode) ?? -1;
  if (!zip || index < 0) throw new Error(`The fake map has no route ${routecode}`);
  const [west, south] = [-87.66 + index * 0.01, zip.row];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + 0.01, south],
        [west + 0.01, south + 0.01],
        [west, south + 0.01],
        [west, south],
      ],
    ],
  };
}
/** The business's pin, between the two zip codes' rows, and what "within 1 mile" of it reaches. */
const PIN = { lat: 41.93, lng: -87.655, label: '2000 N Clark St, Chicago, IL 60614' };
const NEAR_ROUTES = ['60614C001', '60614C002', '60657C001', '60657C002'];
/** The area the person draws: around 60614's first two cells, short of its third. */
const DRAWN: [number, number][] = [
  [-87.665, 41.921],
  [-87.642, 41.921],
  [-87.642, 41.929],
  [-87.665, 41.929],
];
const DRAWN_ROUTES = ['60614C001', '60614C002'];
/** The zip codes the person enters, in turn. */
const ENTERED = ['60614', '60657'];

function loadedZip(zip: string): LoadedZip {
  const known = ZIPS[zip];
  if (!known) throw new Error(`The fake server knows no zip code ${zip}`);
  return loadedZipOf(zip, known.routes, {
    pricing: known.pricing,
    shapes: Object.fromEntries(known.routes.map((r) => [r.routecode, cellOf(r.routecode)])),
  });
}

function nearAnswer(query: NearQuery): EddmNear {
  const routes = NEAR_ROUTES.map(routeOf);
  return {
    center: { lat: query.lat, lng: query.lng },
    miles: query.miles,
    bbox: [-87.68, 41.91, -87.63, 41.95],
    routes,
    shapes: routes.map((r) => ({
      routecode: r.routecode,
      geometry: cellOf(r.routecode),
      bbox: [-87.68, 41.91, -87.63, 41.95],
    })),
    pricing: Object.fromEntries(Object.entries(ZIPS).map(([zip, known]) => [zip, known.pricing])),
  };
}

function routeOf(routecode: string): CarrierRoute {
  const found = ALL_ROUTES.find((r) => r.routecode === routecode);
  if (!found) throw new Error(`The page saved an unknown route ${routecode}`);
  return found;
}

const mediaType = mediaTypeOf(MINIMUM_PIECES);

/** The open drop weeks: the first is chosen until the person picks the other. */
const WEEKS = ['2027-03-01', '2027-03-08'];
const weeksOf = (mediacode: string) =>
  availabilityOf(
    mediacode,
    WEEKS.map((w) => week(w)),
  );

/** What the fake server holds of the selection (POST /eddm/cart). */
interface SavedSelection {
  id: string;
  routes: string[];
  residentialOnly: boolean;
}

/**
 * Adapter (a) of the every-door model: the real every-door machine with a fake server (zip codes'
 * routes answered when the model says, selections saved unless the connection drops) and a simulated
 * clock for the save's debounce. The world keeps its own record of what the person chose, so the
 * checks compare the page (the machine's selectors, the totals as the page computes them) with it
 * and with what the server holds.
 */
export class EddmWorld {
  private readonly clock = new SimulatedClock();
  private readonly zipLoads = heldCalls<[string], LoadedZip>();
  private readonly nearLoads = heldCalls<[NearQuery], EddmNear>();
  private readonly actor: Actor<typeof eddmMachine>;
  private entered = 0;
  /** The zip code the person asked for last. */
  private zip: string | null = null;
  /** The zip code whose routes the server answered last (the page keeps them until another answer). */
  private listed: string | null = null;
  /** What the person chose, in order, and whether businesses are left out. */
  private chosen: CarrierRoute[] = [];
  private homesOnly = false;
  /** Whether the person filters by income (the picked routes stay; the mailing is those that match). */
  private filtered = false;
  private pinned = false;
  /** The server's copy of the selection, and the id the page remembers for reloads. */
  private saved: SavedSelection | null = null;
  private saves = 0;
  /** The saves made by the last pause in the changes (or retry): none is made before the next one. */
  private savesAtPause = 0;
  private remembered: string | null = null;
  private offline = false;
  /** The campaigns on their way to the cart, answered when the model says. */
  private readonly campaigns = heldCalls<[string], Cart>();
  /** The drop week the person chose (the first open one until then), and the main cart's mailings. */
  private week = WEEKS[0] ?? '';
  private cart: MailingItem[] = [];

  constructor(inspect?: (event: InspectionEvent) => void) {
    const machine = eddmMachine.provide({
      actors: {
        loadZip: fromPromise(({ input }) => this.zipLoads.call(input.zip)),
        loadCart: fromPromise<EddmCart, { cartId: string }>(async () => {
          throw new Error('The page opened without a saved selection: nothing to restore.');
        }),
        saveCart: fromPromise(async ({ input }) => this.save(input)),
        loadMediaType: fromPromise(async () => mediaType),
        loadWeeks: fromPromise(async ({ input }) => weeksOf(input.mediacode)),
        loadNear: fromPromise(({ input }) => this.nearLoads.call(input)),
        createCampaign: fromPromise<Cart, { dateStart: string; eddmCartId: string; cartId: string | null }>(
          ({ input }) => this.campaigns.call(input.dateStart),
        ),
      },
      actions: {
        rememberCartId: (_, { cartId }) => {
          this.remembered = cartId;
        },
      },
    });
    this.actor = createActor(machine, { clock: this.clock, inspect, input: { cartId: null } });
    this.actor.start();
  }

  private save(input: { cartId: string | null; routes: string[]; residentialOnly: boolean }): EddmCart {
    if (this.offline) throw new Error('Failed to fetch', { cause: { message: SAVE_FAILURE } });
    this.saves += 1;
    const id = input.cartId ?? `eddm-cart-${this.saves}`;
    this.saved = { id, routes: input.routes, residentialOnly: input.residentialOnly };
    const routes = input.routes.map(routeOf);
    return {
      id,
      routes,
      residential_only: input.residentialOnly,
      pieces: 0,
      cost_cents: 0,
      cost_formatted: '$0',
      pricing: ZIPS['60614']?.pricing ?? { mediacode: null, per_thousand_cents: 1 },
      meets_minimum: true,
      updated_at: '2027-01-11T09:00:00Z',
    };
  }

  private send(event: Parameters<Actor<typeof eddmMachine>['send']>[0]) {
    this.actor.send(event);
    return settle();
  }

  private snapshot() {
    return this.actor.getSnapshot();
  }

  params(): ModelParams<typeof eddmModel> {
    return {
      states: {
        noZip: () => {
          const s = this.snapshot();
          expectSame('the zip code shown', selectZip(s), null);
          expectSame('routes listed', selectLoadedZip(s), null);
          expectSame('a zip code loading', selectIsLoadingZip(s), false);
          this.expectChosen();
        },
        loadingRoutes: () => {
          const s = this.snapshot();
          expectSame('the zip code shown', selectZip(s), this.zip);
          expectSame('a zip code loading', selectIsLoadingZip(s), true);
          expectSame('the load error shown', selectZipLoadError(s), null);
          expectSame('the routes asked for', this.zipLoads.asked().at(-1), [this.zip]);
          this.expectChosen();
        },
        loadFailed: () => {
          const s = this.snapshot();
          expectSame('the zip code shown', selectZip(s), this.zip);
          expectSame('a zip code loading', selectIsLoadingZip(s), false);
          expectSame('the load error shown', selectZipLoadError(s), LOAD_FAILURE);
          expectSame('routes listed', selectLoadedZip(s), null);
          this.expectChosen();
        },
        routesShown: () => {
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('the save status', selectSaveStatus(this.snapshot()), 'saved');
          // Nothing chosen, and nothing left on the server that a reload would bring back.
          if (this.saved && this.saved.routes.length > 0) {
            throw new Error(`The server still holds ${JSON.stringify(this.saved.routes)}`);
          }
        },
        chosenUnsaved: () => {
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          expectSame('the save status', selectSaveStatus(this.snapshot()), 'unsaved');
          // Nothing saved before the pause (a filter that hides none of the routes mailed changes no
          // route the server holds, so "does not hold it" would be the wrong question).
          expectSame('saves since the last pause', this.saves, this.savesAtPause);
          expectSame('the campaign can be requested', selectCanCreateCampaign(this.snapshot()), false);
        },
        chosenSaved: () => {
          const s = this.snapshot();
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          expectSame('the save status', selectSaveStatus(s), 'saved');
          expectSame('the save error shown', selectSaveError(s), null);
          expectSame('the selection held by the server', this.serverHoldsSelection(), true);
          expectSame('the saved id remembered for reloads', this.remembered, this.saved?.id ?? null);
          expectSame('the campaign can be requested', selectCanCreateCampaign(s), true);
          this.expectCampaign({ added: false, asking: false });
        },
        addingToCart: () => {
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          expectSame('a campaign on its way', selectIsCreatingCampaign(this.snapshot()), true);
          expectSame('the campaigns asked for', this.campaigns.asked().at(-1), [this.week]);
        },
        addedToCart: () => {
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          this.expectCampaign({ added: true, asking: false });
          expectSame('the mailing held by the cart', this.cartHoldsMailing(), true);
          expectSame('the campaign can be requested', selectCanCreateCampaign(this.snapshot()), true);
        },
        askedAgainAfterAdding: () => {
          this.expectChosen({ some: true });
          this.expectCampaign({ added: true, asking: true });
        },
        inCartAlready: () => {
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          this.expectCampaign({ added: false, asking: false });
          expectSame('the mailing held by the cart', this.cartHoldsMailing(), true);
          expectSame('the campaign can be requested', selectCanCreateCampaign(this.snapshot()), true);
        },
        askedAlreadyInCart: () => {
          this.expectChosen({ some: true });
          this.expectCampaign({ added: false, asking: true });
        },
        saveFailed: () => {
          const s = this.snapshot();
          this.expectRoutesListed();
          this.expectChosen({ some: true });
          expectSame('the save status', selectSaveStatus(s), 'unsaved');
          expectSame('the save error shown', selectSaveError(s), SAVE_FAILURE);
          expectSame('the selection held by the server', this.serverHoldsSelection(), false);
          expectSame('the campaign can be requested', selectCanCreateCampaign(s), false);
        },
        pinPlaced: () => {
          const s = this.snapshot();
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('the pin shown', selectPin(s), PIN);
          expectSame('routes around the pin loading', selectIsLoadingNear(s), false);
          expectSame('the error shown about them', selectNearError(s), null);
        },
        loadingNear: () => {
          const s = this.snapshot();
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('routes around the pin loading', selectIsLoadingNear(s), true);
          expectSame('the error shown about them', selectNearError(s), null);
          expectSame('the radius asked', this.nearLoads.asked().at(-1), [
            { lat: PIN.lat, lng: PIN.lng, miles: 1 },
          ]);
        },
        nearFailed: () => {
          const s = this.snapshot();
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('routes around the pin loading', selectIsLoadingNear(s), false);
          expectSame('the error shown about them', selectNearError(s), NEAR_FAILURE);
        },
        drawing: () => {
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('drawing an area', selectIsDrawingArea(this.snapshot()), true);
        },
        clearedUnsaved: () => {
          this.expectRoutesListed();
          this.expectChosen();
          expectSame('the save status', selectSaveStatus(this.snapshot()), 'unsaved');
          expectSame('the selection held by the server', this.serverHoldsSelection(), false);
        },
      },
      events: {
        'user.entersZip': () => {
          const zip = ENTERED[this.entered % ENTERED.length] ?? '60614';
          this.entered += 1;
          this.zip = zip;
          return this.send({ type: 'eddm.zipChosen', zip });
        },
        'server.answersRoutes': () => {
          this.pendingZipLoad().answer(loadedZip(this.zip ?? ''));
          this.listed = this.zip;
          return settle();
        },
        'server.failsRoutes': () => {
          this.pendingZipLoad().fail(new Error('Bad gateway', { cause: { message: LOAD_FAILURE } }));
          this.listed = null;
          return settle();
        },
        'user.retries': async () => {
          // The person presses the "Try again" shown: the radius's own, or the page's.
          const nearFailed = selectNearError(this.actor.getSnapshot()) !== null;
          await this.send({ type: nearFailed ? 'eddm.nearRetried' : 'eddm.retry' });
          // A save tried again is made at once, as the person asked.
          this.savesAtPause = this.saves;
        },
        'user.choosesRoute': () => {
          const next = this.shownRoutes().find(
            (r) => this.matches(r) && !this.chosen.some((c) => c.routecode === r.routecode),
          );
          if (!next) throw new Error('Every route of the zip code is chosen already: none left to tick.');
          this.chosen = [...this.chosen, next];
          return this.send({ type: 'eddm.routeToggled', routecode: next.routecode });
        },
        'user.selectsAll': () => {
          const rest = this.shownRoutes().filter(
            (r) => this.matches(r) && !this.chosen.some((c) => c.routecode === r.routecode),
          );
          this.chosen = [...this.chosen, ...rest];
          return this.send({ type: 'eddm.allRoutesSelected', zip: this.zip ?? '' });
        },
        'user.togglesHomesOnly': () => {
          this.homesOnly = !this.homesOnly;
          return this.send({ type: 'eddm.residentialOnlyToggled' });
        },
        'user.unticksRoute': () => {
          const last = this.chosen.at(-1);
          if (!last) throw new Error('No route is chosen: nothing to untick.');
          this.chosen = this.chosen.slice(0, -1);
          return this.send({ type: 'eddm.routeToggled', routecode: last.routecode });
        },
        'user.clearsSelection': () => {
          this.chosen = this.chosen.filter((r) => !r.routecode.startsWith(this.zip ?? '-'));
          return this.send({ type: 'eddm.selectionCleared', zip: this.zip ?? '' });
        },
        'user.filtersByIncome': () => {
          this.filtered = true;
          return this.send({ type: 'eddm.filtersChanged', filters: INCOME_FILTER });
        },
        'user.clearsFilters': () => {
          this.filtered = false;
          return this.send({ type: 'eddm.filtersCleared' });
        },
        'user.placesPin': () => {
          this.pinned = true;
          return this.send({ type: 'eddm.pinPlaced', pin: PIN, zip: null });
        },
        'user.asksWithinRadius': () => this.send({ type: 'eddm.nearRequested' }),
        'server.answersNear': () => {
          const asked = this.pendingNear();
          this.pick(NEAR_ROUTES);
          asked.answer(nearAnswer(asked.args[0]));
          return settle();
        },
        'server.failsNear': () => {
          this.pendingNear().fail(new Error('Bad gateway', { cause: { message: NEAR_FAILURE } }));
          return settle();
        },
        'user.startsDrawing': () => this.send({ type: 'eddm.lassoToggled' }),
        'user.cancelsDrawing': () => this.send({ type: 'eddm.lassoCancelled' }),
        'user.drawsAround': async () => {
          this.pick(DRAWN_ROUTES);
          await this.send({ type: 'eddm.lassoDrawn', ring: DRAWN });
          const picked = DRAWN_ROUTES.map(routeOf).filter((r) => !this.filtered || matchesFilter(r)).length;
          expectSame(
            'what the page says it did',
            selectPickNotice(this.snapshot()),
            `Selected ${picked} routes you drew around.`,
          );
        },
        'user.addsToCart': () => this.send({ type: 'eddm.campaignRequested', cartId: 'cart-1' }),
        'user.addsAgain': () => this.send({ type: 'eddm.campaignRequested', cartId: 'cart-1' }),
        'user.cancels': () => this.send({ type: 'eddm.duplicateCancelled' }),
        'user.confirms': () => this.send({ type: 'eddm.duplicateConfirmed' }),
        'user.choosesWeek': () => {
          this.week = WEEKS.find((w) => w !== this.week) ?? this.week;
          return this.send({ type: 'eddm.weekChosen', week: this.week });
        },
        'server.answersCampaign': () => {
          this.cart = [this.shownMailing(), ...this.cart];
          this.campaigns.nth(this.campaigns.calls.length - 1).answer(cartOf('cart-1', this.cart));
          return settle();
        },
        // The cart heard from elsewhere (a reload, another tab): holding the mailing shown, or no longer.
        'cart.arrivesHolding': () => {
          this.cart = [this.shownMailing(), ...this.cart];
          return this.send({ type: 'eddm.cartChanged', cart: cartOf('cart-1', this.cart) });
        },
        'cart.itemRemoved': () => {
          this.cart = this.cart.filter((m) => !this.isShown(m));
          return this.send({ type: 'eddm.cartChanged', cart: cartOf('cart-1', this.cart) });
        },
        'clock.almostPasses': () => {
          this.clock.increment(SAVE_PAUSE_MS - 1);
          return settle();
        },
        'clock.passes': async () => {
          this.clock.increment(SAVE_PAUSE_MS);
          await settle();
          this.savesAtPause = this.saves;
        },
        // The page hidden (another tab, the phone locked, a reload): the change is saved at once.
        'user.leavesPage': async () => {
          await this.send({ type: 'eddm.saveFlushed' });
          this.savesAtPause = this.saves;
        },
        'clock.passesOffline': async () => {
          this.offline = true;
          this.clock.increment(SAVE_PAUSE_MS);
          await settle();
          this.offline = false;
        },
      },
    };
  }

  private matches(r: CarrierRoute) {
    return !this.filtered || matchesFilter(r);
  }

  /** What the person expects of a pick at once: the matching routes join the picked ones, in order. */
  private pick(routecodes: string[]) {
    const fresh = routecodes
      .map(routeOf)
      .filter((r) => this.matches(r) && !this.chosen.some((c) => c.routecode === r.routecode));
    this.chosen = [...this.chosen, ...fresh];
  }

  /** The mailing: the picked routes that match the filter. */
  private mailing() {
    return this.chosen.filter((r) => this.matches(r));
  }

  /** The routes around the pin asked last, still waiting for the server. */
  private pendingNear() {
    if (!this.pinned) throw new Error('Routes around the pin were asked without a pin.');
    return this.nearLoads.nth(this.nearLoads.calls.length - 1);
  }

  /** The load of the zip code asked last, still waiting for the server. */
  private pendingZipLoad() {
    const index = this.zipLoads.calls.length - 1;
    expectSame('the zip code whose routes are asked', this.zipLoads.asked()[index], [this.zip]);
    return this.zipLoads.nth(index);
  }

  private shownRoutes() {
    const routes = selectLoadedZip(this.snapshot())?.area.routes;
    if (!routes) throw new Error('No routes are listed to choose from.');
    return routes;
  }

  /** The mailing the person sees: the routes chosen, homes only or not, the week chosen. */
  private shownMailing(): MailingItem {
    // What is mailed: the picked routes the filters keep (the page adds those, not the hidden ones).
    const mailed = this.chosen.filter((r) => !this.filtered || matchesFilter(r));
    return { routes: mailed.map((r) => r.routecode), residentialOnly: this.homesOnly, week: this.week };
  }

  private isShown(mailing: MailingItem) {
    const shown = this.shownMailing();
    return (
      mailing.week === shown.week &&
      (mailing.residentialOnly ?? false) === shown.residentialOnly &&
      [...mailing.routes].sort().join() === [...shown.routes].sort().join()
    );
  }

  private cartHoldsMailing() {
    return this.cart.some((m) => this.isShown(m));
  }

  /** Whether the page says the mailing was added, whether it asks about adding it again, and the week kept. */
  private expectCampaign({ added, asking }: { added: boolean; asking: boolean }) {
    const s = this.snapshot();
    expectSame('the mailing reads as added', selectIsMailingAdded(s), added);
    expectSame('"add it again?" asked', selectIsConfirmingDuplicate(s), asking);
    expectSame('the week chosen', selectChosenWeek(s), this.week);
  }

  private serverHoldsSelection() {
    return (
      this.saved !== null &&
      this.saved.residentialOnly === this.homesOnly &&
      this.saved.routes.join() ===
        this.mailing()
          .map((r) => r.routecode)
          .join()
    );
  }

  /** The zip code's routes listed, none loading, no error. */
  private expectRoutesListed() {
    const s = this.snapshot();
    expectSame('a zip code loading', selectIsLoadingZip(s), false);
    expectSame('the load error shown', selectZipLoadError(s), null);
    expectSame('the zip code shown', selectZip(s), this.zip);
    expectSame(
      'the routes listed',
      selectLoadedZip(s)?.area.routes.map((r) => r.routecode),
      ZIPS[this.zip ?? '']?.routes.map((r) => r.routecode),
    );
  }

  /**
   * The page's selection is what the person chose, in order; its mailing the routes that match the
   * filter, the others hidden; and its totals (as the page computes them) are the world's own sums
   * over the mailing: pieces, and their cost at the zip code's rate.
   */
  private expectChosen({ some = false } = {}) {
    const s = this.snapshot();
    const shown = selectSelectedRoutes(s).map((r) => r.routecode);
    const codes = (routes: readonly CarrierRoute[]) => routes.map((r) => r.routecode);
    expectSame('the routes chosen', shown, codes(this.chosen));
    if (some && shown.length === 0) throw new Error('Expected routes chosen; none are.');
    const mailing = this.mailing();
    expectSame('the filters', selectFilters(s), this.filtered ? INCOME_FILTER : NO_ROUTE_FILTERS);
    expectSame('the routes mailed', codes(selectMailingRoutes(s)), codes(mailing));
    expectSame(
      'the routes hidden by the filter',
      codes(selectHiddenRoutes(s)),
      codes(this.chosen.filter((r) => !this.matches(r))),
    );
    expectSame('homes only', selectResidentialOnly(s), this.homesOnly);
    const pieces = mailing.reduce((sum, r) => sum + r.residential + (this.homesOnly ? 0 : r.business), 0);
    const first = mailing[0];
    // Priced by the first mailed route's zip code; with none, by the zip code listed.
    const rate = ZIPS[first ? first.routecode.slice(0, 5) : (this.listed ?? '')]?.pricing.per_thousand_cents;
    const totals = eddmMailing(
      selectMailingRoutes(s),
      selectResidentialOnly(s),
      selectSelectionPricing(s)?.per_thousand_cents ?? null,
    );
    expectSame('the pieces totalled', totals.pieces, pieces);
    expectSame(
      'the cost totalled',
      totals.costCents,
      rate === undefined ? null : Math.round((pieces * rate) / 1000),
    );
  }
}
