import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CarrierRoute, EddmCart, EddmPricing } from '../../contract/directMail';
import type { Availability } from '../../contract/quote';
import {
  eddmMachine,
  type LoadedZip,
  minimumNotMet,
  selectionPricing,
} from '../../machines/eddm/eddm.machine';
import { selectCanCreateCampaign, selectChosenWeek } from '../../machines/eddm/eddm.selectors';
import { availabilityOf, cartOf, loadedZipOf, mediaTypeOf, route, week } from './eddmFixtures';
import { flush } from './sessionHarness';

const pricing: EddmPricing = { mediacode: 'ED508-01', per_thousand_cents: 40_000 };
const zip60614 = loadedZipOf('60614', [
  route('60614C001', 400, 20),
  route('60614C002', 600, 40),
  route('60614C003', 300, 10),
]);
const savedCart = (routes: CarrierRoute[], residentialOnly = false): EddmCart => ({
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  routes,
  residential_only: residentialOnly,
  pieces: 0,
  cost_cents: 0,
  cost_formatted: '$0',
  pricing,
  meets_minimum: true,
  updated_at: '2027-01-11T09:00:00Z',
});

const zip60657: LoadedZip = {
  ...zip60614,
  area: {
    ...zip60614.area,
    zip: '60657',
    routes: [route('60657C001', 500, 30)],
    pricing: { mediacode: 'ED509-01', per_thousand_cents: 45_000 },
  },
};

/** A zip code whose market sells no every-door placement: the national rate, no drop weeks. */
const zip60000: LoadedZip = {
  ...zip60614,
  area: {
    ...zip60614.area,
    zip: '60000',
    routes: [route('60000C001', 700, 0)],
    pricing: { mediacode: null, per_thousand_cents: 50_000 },
  },
};

/** The drop weeks of each placement: 2027-03-15 is open for the first only, 2027-03-01 for none but it. */
const WEEKS: Record<string, Availability> = {
  'ED508-01': availabilityOf('ED508-01', [
    week('2027-02-22', false),
    week('2027-03-01'),
    week('2027-03-08'),
    week('2027-03-15'),
  ]),
  'ED509-01': availabilityOf('ED509-01', [week('2027-03-08'), week('2027-03-22')]),
};

/** A drop-week request the test answers itself (with `holdWeeks`). */
interface HeldWeeks {
  mediacode: string;
  answer: () => void;
  fail: () => void;
}

interface Options {
  /** Saves wait for this before answering (to change the selection while one is in flight). */
  saveGate?: Promise<void>;
  campaignFails?: string;
  /** USPS's minimum of pieces, as GET /media/type/eddm answers it (200 unless told). */
  minimumPieces?: number;
  /** The media type load fails this many times before it answers. */
  mediaTypeFailures?: number;
  /** Drop-week requests wait for the test to answer them. */
  holdWeeks?: boolean;
  /** The zip code loads fail this many times before they answer. */
  zipFailures?: number;
}

function start(cartId: string | null = null, stored: EddmCart | null = null, options: Options = {}) {
  const calls: string[] = [];
  /** The media type and drop-week requests, apart from the calls the first tests read in full. */
  const loads: string[] = [];
  const heldWeeks: HeldWeeks[] = [];
  let mediaTypeFailures = options.mediaTypeFailures ?? 0;
  let zipFailures = options.zipFailures ?? 0;
  const clock = new SimulatedClock();
  const machine = eddmMachine.provide({
    actors: {
      loadZip: fromPromise(async ({ input }) => {
        calls.push(`loadZip ${input.zip}`);
        if (zipFailures > 0) {
          zipFailures -= 1;
          throw new Error('Bad gateway', { cause: { message: 'The routes could not be loaded.' } });
        }
        if (input.zip === '60657') return zip60657;
        if (input.zip === '60000') return zip60000;
        if (input.zip !== '60614')
          throw new Error('no', { cause: { message: `There is no zip code ${input.zip}.` } });
        return zip60614;
      }),
      loadCart: fromPromise(async ({ input }) => {
        calls.push(`loadCart ${input.cartId}`);
        if (!stored) throw new Error('gone');
        return stored;
      }),
      saveCart: fromPromise(async ({ input }) => {
        calls.push(
          `save ${input.cartId} [${input.routes.join(',')}]${input.residentialOnly ? ' homes' : ''}`,
        );
        if (options.saveGate) await options.saveGate;
        return savedCart([], input.residentialOnly);
      }),
      loadMediaType: fromPromise(async () => {
        loads.push('mediaType');
        if (mediaTypeFailures > 0) {
          mediaTypeFailures -= 1;
          throw new Error('Error fetching every-door pricing', { cause: { message: 'Try again later.' } });
        }
        return mediaTypeOf(options.minimumPieces ?? 200);
      }),
      loadWeeks: fromPromise(({ input }) => {
        loads.push(`weeks ${input.mediacode}`);
        const availability = WEEKS[input.mediacode];
        if (!availability) return Promise.reject(new Error(`No placement ${input.mediacode}`));
        if (!options.holdWeeks) return Promise.resolve(availability);
        return new Promise<Availability>((resolve, reject) => {
          heldWeeks.push({
            mediacode: input.mediacode,
            answer: () => resolve(availability),
            fail: () => reject(new Error('Error fetching availability')),
          });
        });
      }),
      createCampaign: fromPromise(async ({ input }) => {
        calls.push(`campaign ${input.dateStart} ${input.eddmCartId} into ${input.cartId}`);
        if (options.campaignFails)
          throw new Error('Error adding new item', { cause: { message: options.campaignFails } });
        return cartOf('cart-1');
      }),
    },
    actions: {
      rememberCartId: (_, { cartId }) => calls.push(`remember ${cartId}`),
      campaignCreated: (_, { cart }) => calls.push(`created in ${cart.uuid}`),
    },
  });
  const actor = createActor(machine, { clock, input: { cartId } });
  actor.start();
  const held = (mediacode: string) => {
    const found = heldWeeks.find((h) => h.mediacode === mediacode);
    if (!found) throw new Error(`No drop-week request for ${mediacode}`);
    return found;
  };
  return { actor, calls, loads, held, clock, context: () => actor.getSnapshot().context };
}

describe('every-door direct mail', () => {
  it('loads a chosen zip code, toggles routes from the map or list, and keeps the selection in order', async () => {
    const { actor, context } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    expect(actor.getSnapshot().hasTag('loadingZip')).toBe(true);
    await flush();
    expect(context().loaded?.area.routes).toHaveLength(3);
    expect(selectionPricing(context())).toEqual(pricing);
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    expect(context().selected.map((r) => r.routecode)).toEqual(['60614C001']);
    actor.send({ type: 'eddm.allRoutesSelected', zip: '60614' });
    expect(context().selected.map((r) => r.routecode)).toEqual(['60614C001', '60614C002', '60614C003']);
    actor.send({ type: 'eddm.routeRemoved', routecode: '60614C001' });
    expect(context().selected.map((r) => r.routecode)).toEqual(['60614C002', '60614C003']);
    actor.send({ type: 'eddm.selectionCleared', zip: '60614' });
    expect(context().selected).toEqual([]);
  });

  it('saves a second after the last change (SPEC debounce), once, and remembers the saved id', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    clock.increment(600);
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C003' });
    clock.increment(600);
    actor.send({ type: 'eddm.residentialOnlyToggled' });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    clock.increment(999);
    expect(calls.filter((c) => c.startsWith('save'))).toEqual([]);
    clock.increment(1);
    await flush();
    expect(calls.filter((c) => c.startsWith('save') || c.startsWith('remember'))).toEqual([
      'save null [60614C001,60614C003] homes',
      `remember ${savedCart([]).id}`,
    ]);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
  });

  it('comes back to a saved selection and its zip code after a reload; forgets one that is gone', async () => {
    const restored = start('cart-saved', savedCart([route('60614C002', 600, 40)], true));
    await flush();
    await flush();
    expect(restored.calls).toEqual(['loadCart cart-saved', 'loadZip 60614']);
    expect(restored.context().selected.map((r) => r.routecode)).toEqual(['60614C002']);
    expect(restored.context().residentialOnly).toBe(true);
    expect(restored.context().zip).toBe('60614');

    const gone = start('cart-gone', null);
    await flush();
    expect(gone.calls).toEqual(['loadCart cart-gone', 'remember null']);
    expect(gone.context().cartId).toBeNull();
  });

  it('creates the campaign only from a saved, non-empty selection', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.campaignRequested', cartId: null });
    expect(calls.some((c) => c.startsWith('campaign'))).toBe(false);
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    // Not saved yet: what would be ordered is not what the page shows.
    actor.send({ type: 'eddm.campaignRequested', cartId: null });
    expect(calls.some((c) => c.startsWith('campaign'))).toBe(false);
    clock.increment(1_000);
    await flush();
    actor.send({ type: 'eddm.campaignRequested', cartId: 'cart-1' });
    await flush();
    expect(calls.filter((c) => c.startsWith('campaign') || c.startsWith('created'))).toEqual([
      `campaign 2027-03-01 ${savedCart([]).id} into cart-1`,
      'created in cart-1',
    ]);
  });

  it('saves one at a time: a change during a save is kept and saved right after, never lost or reordered', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { actor, calls, clock, context } = start(null, null, { saveGate: gate });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    clock.increment(1_000);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    // Still the first save, not cancelled; the new route is on the page at once.
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(context().selected.map((r) => r.routecode)).toEqual(['60614C001', '60614C002']);
    open();
    await flush();
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    clock.increment(1_000);
    await flush();
    expect(calls.filter((c) => c.startsWith('save'))).toEqual([
      'save null [60614C001]',
      `save ${savedCart([]).id} [60614C001,60614C002]`,
    ]);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
  });

  it('prices the selection like the API: by its first route’s zip code, else the zip code shown', async () => {
    const { actor, context } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60657C001' });
    expect(selectionPricing(context())?.per_thousand_cents).toBe(40_000);
    actor.send({ type: 'eddm.routeRemoved', routecode: '60614C001' });
    expect(selectionPricing(context())?.per_thousand_cents).toBe(45_000);
    actor.send({ type: 'eddm.routeRemoved', routecode: '60657C001' });
    expect(selectionPricing(context())?.mediacode).toBe('ED509-01');
  });

  it('says why a campaign could not be created, and keeps the selection', async () => {
    const { actor, clock, context } = start(null, null, {
      campaignFails: 'Choose a drop week from 2027-03-01 on.',
    });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    clock.increment(1_000);
    await flush();
    actor.send({ type: 'eddm.campaignRequested', cartId: null });
    await flush();
    expect(context().campaignError).toBe('Choose a drop week from 2027-03-01 on.');
    expect(context().selected).toHaveLength(1);
  });

  it('shows why a zip code could not be loaded, and tries again', async () => {
    const { actor, calls, context } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '99999' });
    await flush();
    expect(context().loadError).toBe('There is no zip code 99999.');
    actor.send({ type: 'eddm.retry' });
    await flush();
    expect(calls.filter((c) => c.startsWith('loadZip'))).toEqual(['loadZip 99999', 'loadZip 99999']);
  });

  it('no longer says a zip code could not be loaded once it is tried again, and lists its routes', async () => {
    const { actor, context } = start(null, null, { zipFailures: 1 });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    expect(context().loadError).toBe('The routes could not be loaded.');
    actor.send({ type: 'eddm.retry' });
    expect(actor.getSnapshot().hasTag('loadingZip')).toBe(true);
    expect(context().loadError).toBeNull();
    await flush();
    expect(context().loaded?.area.routes).toHaveLength(3);
    expect(context().loadError).toBeNull();
  });

  it('follows the route under the pointer, from the map or the list', () => {
    const { actor, context } = start();
    actor.send({ type: 'eddm.routeHovered', routecode: '60614C003' });
    expect(context().hovered).toBe('60614C003');
    actor.send({ type: 'eddm.routeHovered', routecode: null });
    expect(context().hovered).toBeNull();
  });
  it('loads how every-door mail is sold once, and tries again after a failure', async () => {
    const { actor, context, loads } = start(null, null, { mediaTypeFailures: 1 });
    await flush();
    expect(context().mediaType).toBeNull();
    expect(context().mediaTypeError).toBe('Try again later.');
    actor.send({ type: 'eddm.retry' });
    await flush();
    expect(context().mediaType?.minimum_pieces).toBe(200);
    expect(context().mediaTypeError).toBeNull();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    actor.send({ type: 'eddm.retry' });
    await flush();
    expect(loads.filter((l) => l === 'mediaType')).toEqual(['mediaType', 'mediaType']);
  });

  it('refuses the campaign below USPS’s minimum, and says so from the selection it has', async () => {
    const { actor, calls, clock, context } = start(null, null, { minimumPieces: 1_000 });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    expect(minimumNotMet(context())).toBeNull();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    clock.increment(1_000);
    await flush();
    // 420 pieces of 1,000: saved, with a week, and still refused.
    expect(minimumNotMet(context())).toBe(1_000);
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'eddm.campaignRequested', cartId: null });
    expect(calls.some((c) => c.startsWith('campaign'))).toBe(false);

    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    expect(minimumNotMet(context())).toBeNull();
    // Homes only leaves 1,000 exactly: enough.
    actor.send({ type: 'eddm.residentialOnlyToggled' });
    expect(minimumNotMet(context())).toBeNull();
    clock.increment(1_000);
    await flush();
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'eddm.campaignRequested', cartId: null });
    await flush();
    expect(calls.filter((c) => c.startsWith('campaign'))).toEqual([
      `campaign 2027-03-01 ${savedCart([]).id} into null`,
    ]);
  });

  it('refuses the campaign until the minimum is known', async () => {
    const { actor, clock } = start(null, null, { mediaTypeFailures: 1 });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    clock.increment(1_000);
    await flush();
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'eddm.retry' });
    await flush();
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(true);
  });

  it('offers the open drop weeks of the placement that prices the selection, loaded again when it changes', async () => {
    const { actor, context, loads } = start();
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    expect(context().dropWeeks.map((w) => w.value)).toEqual(['2027-03-01', '2027-03-08', '2027-03-15']);
    expect(selectChosenWeek(actor.getSnapshot())).toBe('2027-03-01');

    // A route of 60614 first: the selection stays priced there while another zip code is shown.
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60657C001' });
    await flush();
    expect(loads.filter((l) => l.startsWith('weeks'))).toEqual(['weeks ED508-01']);

    // The first route gone, the 60657 placement prices the selection: its weeks replace the others.
    actor.send({ type: 'eddm.routeRemoved', routecode: '60614C001' });
    await flush();
    expect(loads.filter((l) => l.startsWith('weeks'))).toEqual(['weeks ED508-01', 'weeks ED509-01']);
    expect(context().dropWeeks.map((w) => w.value)).toEqual(['2027-03-08', '2027-03-22']);
  });

  it('keeps the chosen week while it is open for the new placement, else takes its first open one', async () => {
    const { actor } = start();
    const chosen = () => selectChosenWeek(actor.getSnapshot());
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.weekChosen', week: '2027-03-08' });
    // A week that is not open is not taken.
    actor.send({ type: 'eddm.weekChosen', week: '2027-02-22' });
    expect(chosen()).toBe('2027-03-08');
    actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    await flush();
    await flush();
    expect(chosen()).toBe('2027-03-08');

    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    await flush();
    actor.send({ type: 'eddm.weekChosen', week: '2027-03-15' });
    actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    await flush();
    await flush();
    expect(chosen()).toBe('2027-03-08');
  });

  it('never shows the drop weeks of a placement that no longer prices the selection', async () => {
    const { actor, context, held } = start(null, null, { holdWeeks: true });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.zipChosen', zip: '60657' });
    await flush();
    // The 60614 weeks arrive after 60657 became the zip code shown: they are dropped.
    held('ED508-01').answer();
    await flush();
    expect(context().dropWeeks).toEqual([]);
    expect(selectChosenWeek(actor.getSnapshot())).toBe('');
    held('ED509-01').answer();
    await flush();
    expect(context().dropWeeks.map((w) => w.value)).toEqual(['2027-03-08', '2027-03-22']);
  });

  it('refuses the campaign without an open drop week: while they load, when they failed, at the national rate', async () => {
    const { actor, clock, context, held, loads } = start(null, null, { holdWeeks: true });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    clock.increment(1_000);
    await flush();
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(false);
    held('ED508-01').fail();
    await flush();
    expect(context().weeksError).toBe('The drop weeks could not be loaded.');
    expect(selectCanCreateCampaign(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'eddm.retry' });
    expect(context().weeksError).toBeNull();
    const retried = loads.filter((l) => l === 'weeks ED508-01');
    expect(retried).toHaveLength(2);

    // A zip code sold at the national rate has no placement, so no weeks and no campaign.
    const national = start();
    national.actor.send({ type: 'eddm.zipChosen', zip: '60000' });
    await flush();
    national.actor.send({ type: 'eddm.routeToggled', routecode: '60000C001' });
    national.clock.increment(1_000);
    await flush();
    expect(national.loads.filter((l) => l.startsWith('weeks'))).toEqual([]);
    expect(selectCanCreateCampaign(national.actor.getSnapshot())).toBe(false);
  });

  // Issue 34: a saved area used on the page.
  it('replaces the selection by a saved area’s routes, goes to its zip code when none is shown, and saves it', async () => {
    const { actor, calls, clock, context } = start();
    await flush();
    const area = [route('60657C001', 500, 30)];
    actor.send({ type: 'eddm.routesApplied', routes: area, residentialOnly: true });
    await flush();
    expect(context().selected).toEqual(area);
    expect(context().residentialOnly).toBe(true);
    expect(context().zip).toBe('60657');
    expect(calls).toEqual(['loadZip 60657']);
    clock.increment(1_000);
    await flush();
    expect(calls.at(-2)).toBe('save null [60657C001] homes');

    // A zip code shown and priced stays: only the selection changes.
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routesApplied', routes: [route('60657C001', 500, 30)], residentialOnly: false });
    await flush();
    expect(context().zip).toBe('60614');
    expect(context().residentialOnly).toBe(false);
  });

  it('takes a saved area used while a save is under way, and saves it right after', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { actor, calls, clock, context } = start(null, null, { saveGate: gate });
    actor.send({ type: 'eddm.zipChosen', zip: '60614' });
    await flush();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C001' });
    clock.increment(1_000);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({
      type: 'eddm.routesApplied',
      routes: [route('60614C002', 600, 40), route('60614C003', 300, 10)],
      residentialOnly: false,
    });
    expect(context().selected.map((r) => r.routecode)).toEqual(['60614C002', '60614C003']);
    open();
    await flush();
    clock.increment(1_000);
    await flush();
    expect(calls.filter((c) => c.startsWith('save'))).toEqual([
      'save null [60614C001]',
      `save ${savedCart([]).id} [60614C002,60614C003]`,
    ]);
  });
});
