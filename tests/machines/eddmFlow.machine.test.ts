import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { EddmCart, EddmPricing } from '../../contract/directMail';
import { eddmMachine } from '../../machines/eddm/eddm.machine';
import {
  selectCanCreateCampaign,
  selectChosenWeek,
  selectIsConfirmingDuplicate,
  selectIsMailingAdded,
} from '../../machines/eddm/eddm.selectors';
import {
  availabilityOf,
  cartOf,
  loadedZipOf,
  type MailingItem,
  mediaTypeOf,
  route,
  week,
} from './eddmFixtures';
import { flush } from './sessionHarness';

const pricing: EddmPricing = { mediacode: 'ED508-01', per_thousand_cents: 40_000 };
const zip60614 = loadedZipOf('60614', [
  route('60614C001', 400, 20),
  route('60614C002', 600, 40),
  route('60614C003', 300, 10),
]);
const SELECTION = '6f1c2b9e-0000-4000-8000-000000000001';
const WEEKS = availabilityOf('ED508-01', [week('2027-03-01'), week('2027-03-08'), week('2027-03-15')]);

/**
 * The every-door machine with a fake server that keeps what it is sent: the selection saved, and the
 * main cart, to which each campaign adds the saved routes for the week asked.
 */
function start({ week: storedWeek = null as string | null, campaignFails = '' } = {}) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  let saved: MailingItem = { routes: [], week: '' };
  const cart: MailingItem[] = [];
  const machine = eddmMachine.provide({
    actors: {
      loadZip: fromPromise(async () => zip60614),
      loadCart: fromPromise<EddmCart, { cartId: string }>(async () => {
        throw new Error('No saved selection');
      }),
      saveCart: fromPromise(async ({ input }) => {
        saved = { routes: input.routes, residentialOnly: input.residentialOnly, week: '' };
        return {
          id: SELECTION,
          routes: [],
          residential_only: input.residentialOnly,
          pieces: 0,
          cost_cents: 0,
          cost_formatted: '$0',
          pricing,
          meets_minimum: true,
          updated_at: '2027-01-11T09:00:00Z',
        };
      }),
      loadMediaType: fromPromise(async () => mediaTypeOf(200)),
      loadWeeks: fromPromise(async () => WEEKS),
      createCampaign: fromPromise(async ({ input }) => {
        calls.push(`campaign ${input.dateStart}`);
        if (campaignFails) throw new Error('Error adding new item', { cause: { message: campaignFails } });
        cart.unshift({ ...saved, week: input.dateStart });
        return cartOf('cart-1', cart);
      }),
    },
    actions: {
      campaignCreated: () => calls.push('created'),
      rememberWeek: (_, { week: chosen }) => calls.push(`remember week ${chosen}`),
    },
  });
  const actor = createActor(machine, { clock, input: { cartId: null, week: storedWeek } });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  /** Routes ticked, saved after the pause, ready to add. */
  const choose = async (...routecodes: string[]) => {
    for (const routecode of routecodes) actor.send({ type: 'eddm.routeToggled', routecode });
    clock.increment(1_000);
    await flush();
  };
  const add = async () => {
    actor.send({ type: 'eddm.campaignRequested', cartId: 'cart-1' });
    await flush();
  };
  return { actor, calls, cart, clock, snapshot, choose, add };
}

async function opened(options: Parameters<typeof start>[0] = {}) {
  const page = start(options);
  page.actor.send({ type: 'eddm.zipChosen', zip: '60614' });
  await flush();
  return page;
}

describe('every-door mail after "Add mailing to cart"', () => {
  it('says the mailing was added, and keeps the selection and the drop week chosen', async () => {
    const { actor, calls, snapshot, choose, add } = await opened();
    await choose('60614C001', '60614C002');
    actor.send({ type: 'eddm.weekChosen', week: '2027-03-08' });
    await add();
    expect(calls).toEqual(['remember week 2027-03-08', 'campaign 2027-03-08', 'created']);
    expect(selectIsMailingAdded(snapshot())).toBe(true);
    expect(snapshot().context.selected.map((r) => r.routecode)).toEqual(['60614C001', '60614C002']);
    expect(selectChosenWeek(snapshot())).toBe('2027-03-08');
  });

  it('stops saying so once the week, the routes or homes-only change', async () => {
    const page = await opened();
    await page.choose('60614C001');
    await page.add();
    page.actor.send({ type: 'eddm.weekChosen', week: '2027-03-15' });
    expect(selectIsMailingAdded(page.snapshot())).toBe(false);

    const routes = await opened();
    await routes.choose('60614C001');
    await routes.add();
    routes.actor.send({ type: 'eddm.routeToggled', routecode: '60614C003' });
    expect(selectIsMailingAdded(routes.snapshot())).toBe(false);

    const homes = await opened();
    await homes.choose('60614C001');
    await homes.add();
    homes.actor.send({ type: 'eddm.residentialOnlyToggled' });
    expect(selectIsMailingAdded(homes.snapshot())).toBe(false);
  });

  it('a week chosen again does not change a thing: the same mailing is still the one added', async () => {
    const { actor, snapshot, choose, add } = await opened();
    await choose('60614C001');
    await add();
    actor.send({ type: 'eddm.weekChosen', week: '2027-03-01' });
    expect(selectIsMailingAdded(snapshot())).toBe(true);
  });

  it('asks before adding the same routes for the same week again: Cancel adds nothing, Add again adds it', async () => {
    const { actor, calls, cart, snapshot, choose, add } = await opened();
    await choose('60614C001', '60614C002');
    await add();
    expect(selectCanCreateCampaign(snapshot())).toBe(true);
    await add();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(true);
    expect(selectCanCreateCampaign(snapshot())).toBe(false);
    // Still reads as added while the question is open.
    expect(selectIsMailingAdded(snapshot())).toBe(true);
    actor.send({ type: 'eddm.duplicateCancelled' });
    await flush();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    // Still the mailing just added.
    expect(selectIsMailingAdded(snapshot())).toBe(true);
    expect(calls.filter((c) => c.startsWith('campaign'))).toEqual(['campaign 2027-03-01']);

    await add();
    actor.send({ type: 'eddm.duplicateConfirmed' });
    await flush();
    expect(calls.filter((c) => c.startsWith('campaign'))).toEqual([
      'campaign 2027-03-01',
      'campaign 2027-03-01',
    ]);
    expect(cart).toHaveLength(2);
    expect(selectIsMailingAdded(snapshot())).toBe(true);
  });

  it('adds the same routes for another week, or with businesses left out, without asking', async () => {
    const { actor, calls, snapshot, choose, add } = await opened();
    await choose('60614C001');
    await add();
    actor.send({ type: 'eddm.weekChosen', week: '2027-03-08' });
    await add();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    actor.send({ type: 'eddm.residentialOnlyToggled' });
    await choose();
    await add();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    expect(calls.filter((c) => c.startsWith('campaign'))).toEqual([
      'campaign 2027-03-01',
      'campaign 2027-03-08',
      'campaign 2027-03-08',
    ]);
  });

  it('asks about a mailing the cart already holds (after a reload), its routes picked in any order', async () => {
    const { actor, calls, snapshot, choose, add } = await opened();
    actor.send({
      type: 'eddm.cartChanged',
      cart: cartOf('cart-1', [null, { routes: ['60614C002', '60614C001'], week: '2027-03-01' }]),
    });
    await choose('60614C001', '60614C002');
    await add();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(true);
    expect(selectIsMailingAdded(snapshot())).toBe(false);
    actor.send({ type: 'eddm.duplicateCancelled' });
    // Not added by this page: the plain button again.
    expect(selectIsMailingAdded(snapshot())).toBe(false);
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    expect(calls).toEqual([]);

    // Homes only is another mailing.
    actor.send({ type: 'eddm.residentialOnlyToggled' });
    await choose();
    await add();
    expect(calls).toEqual(['campaign 2027-03-01', 'created']);
  });

  it('stops saying "added" once the item is taken out of the cart, and adds it again without asking', async () => {
    const { actor, calls, snapshot, choose, add } = await opened();
    await choose('60614C001');
    await add();
    actor.send({ type: 'eddm.cartChanged', cart: cartOf('cart-1', []) });
    expect(selectIsMailingAdded(snapshot())).toBe(false);
    await add();
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    expect(calls.filter((c) => c.startsWith('campaign'))).toHaveLength(2);
  });

  it('drops the question when the mailing changes while it is asked', async () => {
    const { actor, calls, snapshot, choose, add } = await opened();
    await choose('60614C001');
    await add();
    await add();
    actor.send({ type: 'eddm.routeToggled', routecode: '60614C002' });
    expect(selectIsConfirmingDuplicate(snapshot())).toBe(false);
    actor.send({ type: 'eddm.duplicateConfirmed' });
    await flush();
    expect(calls.filter((c) => c.startsWith('campaign'))).toHaveLength(1);
  });

  it('says why a confirmed second add failed, and no longer says the mailing was added', async () => {
    const failing = await opened({ campaignFails: 'This drop week just closed.' });
    failing.actor.send({
      type: 'eddm.cartChanged',
      cart: cartOf('cart-1', [{ routes: ['60614C001'], week: '2027-03-01' }]),
    });
    await failing.choose('60614C001');
    await failing.add();
    failing.actor.send({ type: 'eddm.duplicateConfirmed' });
    await flush();
    expect(failing.snapshot().context.campaignError).toBe('This drop week just closed.');
    expect(selectIsMailingAdded(failing.snapshot())).toBe(false);
    expect(failing.snapshot().context.selected).toHaveLength(1);
  });

  it('opens on the drop week chosen before the page was last open while it is still open', async () => {
    const kept = await opened({ week: '2027-03-15' });
    await kept.choose('60614C001');
    expect(selectChosenWeek(kept.snapshot())).toBe('2027-03-15');

    const closed = await opened({ week: '2027-02-22' });
    await closed.choose('60614C001');
    expect(selectChosenWeek(closed.snapshot())).toBe('2027-03-01');
  });
});
