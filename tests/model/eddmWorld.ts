import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { Cart } from '../../contract/cart';
import { type CarrierRoute, type EddmCart, type EddmPricing, eddmMailing } from '../../contract/directMail';
import { eddmMachine, type LoadedZip } from '../../machines/eddm/eddm.machine';
import {
  selectCanCreateCampaign,
  selectChosenWeek,
  selectIsConfirmingDuplicate,
  selectIsCreatingCampaign,
  selectIsLoadingZip,
  selectIsMailingAdded,
  selectLoadedZip,
  selectResidentialOnly,
  selectSaveError,
  selectSaveStatus,
  selectSelectedRoutes,
  selectSelectionPricing,
  selectZip,
  selectZipLoadError,
} from '../../machines/eddm/eddm.selectors';
import { availabilityOf, cartOf, type MailingItem, mediaTypeOf, route, week } from '../machines/eddmFixtures';
import { heldCalls } from '../machines/heldCalls';
import type { eddmModel } from './eddmModel';
import type { ModelParams } from './modelKit';
import { expectSame, settle } from './worldChecks';

/** The debounce of the selection's save (SPEC: a second after the last change). */
const SAVE_PAUSE_MS = 1_000;
const MINIMUM_PIECES = 200;
const LOAD_FAILURE = 'The carrier routes of this zip code could not be loaded right now.';
const SAVE_FAILURE = 'Your selection could not be saved: the connection dropped.';

/** The zip codes the server knows: their routes (each enough for USPS's minimum) and their rate. */
const ZIPS: Record<string, { routes: CarrierRoute[]; pricing: EddmPricing }> = {
  '60614': {
    routes: [route('60614C001', 400, 20), route('60614C002', 600, 40), route('60614C003', 300, 10)],
    pricing: { mediacode: 'ED508-01', per_thousand_cents: 40_000 },
  },
  '60657': {
    routes: [route('60657C001', 500, 30), route('60657C002', 250, 5)],
    pricing: { mediacode: 'ED509-01', per_thousand_cents: 45_000 },
  },
};
/** The zip codes the person enters, in turn. */
const ENTERED = ['60614', '60657'];

function loadedZip(zip: string): LoadedZip {
  const known = ZIPS[zip];
  if (!known) throw new Error(`The fake server knows no zip code ${zip}`);
  const bbox: [number, number, number, number] = [-87.7, 41.9, -87.6, 41.95];
  return {
    area: {
      zip,
      city: 'Chicago',
      state: 'IL',
      prodcode: 'MKT508',
      market: 'Chicago, IL',
      center: { lat: 41.92, lng: -87.65 },
      bbox,
      routes: known.routes,
      pricing: known.pricing,
    },
    outline: { zip, geometry: { type: 'Polygon', coordinates: [] }, bbox, routes: [] },
    shapes: {},
  };
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
  private readonly actor: Actor<typeof eddmMachine>;
  private entered = 0;
  /** The zip code the person asked for last. */
  private zip: string | null = null;
  /** The zip code whose routes the server answered last (the page keeps them until another answer). */
  private listed: string | null = null;
  /** What the person chose, in order, and whether businesses are left out. */
  private chosen: CarrierRoute[] = [];
  private homesOnly = false;
  /** The server's copy of the selection, and the id the page remembers for reloads. */
  private saved: SavedSelection | null = null;
  private saves = 0;
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
    const routes = input.routes.map((code) => {
      const found = Object.values(ZIPS)
        .flatMap((z) => z.routes)
        .find((r) => r.routecode === code);
      if (!found) throw new Error(`The page saved an unknown route ${code}`);
      return found;
    });
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
          expectSame('the selection held by the server', this.serverHoldsSelection(), false);
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
        'user.retries': () => this.send({ type: 'eddm.retry' }),
        'user.choosesRoute': () => {
          const next = this.shownRoutes().find((r) => !this.chosen.some((c) => c.routecode === r.routecode));
          if (!next) throw new Error('Every route of the zip code is chosen already: none left to tick.');
          this.chosen = [...this.chosen, next];
          return this.send({ type: 'eddm.routeToggled', routecode: next.routecode });
        },
        'user.selectsAll': () => {
          const rest = this.shownRoutes().filter(
            (r) => !this.chosen.some((c) => c.routecode === r.routecode),
          );
          this.chosen = [...this.chosen, ...rest];
          return this.send({ type: 'eddm.allRoutesSelected' });
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
          return this.send({ type: 'eddm.selectionCleared' });
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
        'clock.passes': () => {
          this.clock.increment(SAVE_PAUSE_MS);
          return settle();
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
    return { routes: this.chosen.map((r) => r.routecode), residentialOnly: this.homesOnly, week: this.week };
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
      this.saved.routes.join() === this.chosen.map((r) => r.routecode).join()
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
   * The page's selection is what the person chose, in order, and its totals (as the page computes
   * them) are the world's own sums: pieces, and their cost at the zip code's rate.
   */
  private expectChosen({ some = false } = {}) {
    const s = this.snapshot();
    const shown = selectSelectedRoutes(s).map((r) => r.routecode);
    expectSame(
      'the routes chosen',
      shown,
      this.chosen.map((r) => r.routecode),
    );
    if (some && shown.length === 0) throw new Error('Expected routes chosen; none are.');
    expectSame('homes only', selectResidentialOnly(s), this.homesOnly);
    const pieces = this.chosen.reduce((sum, r) => sum + r.residential + (this.homesOnly ? 0 : r.business), 0);
    const first = this.chosen[0];
    // Priced by the first chosen route's zip code; with none chosen, by the zip code listed.
    const rate = ZIPS[first ? first.routecode.slice(0, 5) : (this.listed ?? '')]?.pricing.per_thousand_cents;
    const totals = eddmMailing(
      selectSelectedRoutes(s),
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
