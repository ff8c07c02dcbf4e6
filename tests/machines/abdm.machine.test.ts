import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Cart } from '../../contract/cart';
import type { AbdmQuote, AbdmRates } from '../../contract/directMail';
import { AbdmRefusal, abdmMachine, selectCanAdd, selectCanQuote } from '../../machines/abdm/abdm.machine';
import { flush } from './sessionHarness';

const rates: AbdmRates = {
  rates: [
    {
      mediacode: 'AB508-01',
      list: 'New homeowners',
      name: 'New homeowners, Chicago',
      prodcode: 'MKT508',
      market: 'Chicago, IL',
      per_thousand_cents: 65_000,
      per_thousand_formatted: '$650',
    },
    {
      mediacode: 'AB508-02',
      list: 'New movers',
      name: 'New movers, Chicago',
      prodcode: 'MKT508',
      market: 'Chicago, IL',
      per_thousand_cents: 70_000,
      per_thousand_formatted: '$700',
    },
  ],
  minimum_pieces: 500,
  maximum_zipcodes: 50,
};

const quoteOf = (mediacode: string, zips: string[], meetsMinimum = true): AbdmQuote => ({
  mediacode,
  list: 'New homeowners',
  zipcodes: zips.map((zip) => ({ zip, city: 'Chicago', state: 'IL', households: 10_000, matching: 400 })),
  pieces: 400 * zips.length,
  per_thousand_cents: 65_000,
  total_cents: 26_000 * zips.length,
  total_formatted: '$260',
  minimum_pieces: 500,
  meets_minimum: meetsMinimum,
  drop_weeks: ['2027-03-01', '2027-03-08', '2027-03-15'],
});

/** A request the test answers when it chooses. */
interface Deferred<T> {
  label: string;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function start(zip = '60614', productName = 'Adlane') {
  const calls: string[] = [];
  const quotes: Array<Deferred<AbdmQuote>> = [];
  const adds: Array<Deferred<Cart>> = [];
  const rateLoads: Array<Deferred<AbdmRates>> = [];
  const machine = abdmMachine.provide({
    actors: {
      loadRates: fromPromise(
        ({ input }) =>
          new Promise<AbdmRates>((resolve, reject) => {
            calls.push(`rates ${input.zip}`);
            rateLoads.push({ label: input.zip, resolve, reject });
          }),
      ),
      quoteMailing: fromPromise(
        ({ input }) =>
          new Promise<AbdmQuote>((resolve, reject) => {
            const label = `${input.mediacode} ${input.zipcodes.join(',')}`;
            calls.push(`quote ${label}`);
            quotes.push({ label, resolve, reject });
          }),
      ),
      addMailing: fromPromise(
        ({ input }) =>
          new Promise<Cart>((resolve, reject) => {
            const label = `${input.mediacode} ${input.zipcodes.join(',')} ${input.dateStart}`;
            calls.push(`add ${label}`);
            adds.push({ label, resolve, reject });
          }),
      ),
    },
    actions: {
      mailingAdded: (_, { cart }) => calls.push(`added into ${cart.uuid}`),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { zip, productName }, clock });
  actor.start();
  const context = () => actor.getSnapshot().context;
  const last = <T>(list: Array<Deferred<T>>) => {
    const found = list.at(-1);
    if (!found) throw new Error('nothing was asked');
    return found;
  };
  /** The lists loaded and a quote answered for the zip codes typed. */
  const quoted = async (zips: string[]) => {
    last(rateLoads).resolve(rates);
    await flush();
    actor.send({ type: 'abdm.zipcodesChanged', text: zips.join(', ') });
    actor.send({ type: 'abdm.quoteRequested' });
    last(quotes).resolve(quoteOf('AB508-01', zips));
    await flush();
  };
  return { actor, clock, calls, context, quotes, adds, rateLoads, last, quoted };
}

describe('audience-based direct mail (GET /abdm/rates, POST /abdm/campaign/quote and /create)', () => {
  it('loads the lists around the zip code, chooses the first, and starts with that zip code typed', async () => {
    const { actor, calls, context, last, rateLoads } = start('60614');
    expect(actor.getSnapshot().hasTag('loadingRates')).toBe(true);
    last(rateLoads).resolve(rates);
    await flush();
    expect(calls).toEqual(['rates 60614']);
    expect(context().mediacode).toBe('AB508-01');
    expect(context().zipcodes).toBe('60614');
    expect(selectCanQuote(actor.getSnapshot())).toBe(true);
  });

  it('says why the lists could not be loaded (SPEC section 8), and tries again', async () => {
    const { actor, calls, context, last, rateLoads } = start();
    last(rateLoads).reject(
      new Error('Error fetching ABDM rates', { cause: { message: 'The market is closed.' } }),
    );
    await flush();
    expect(context().ratesError).toBe('Error fetching ABDM rates: The market is closed.');
    actor.send({ type: 'abdm.retry' });
    expect(context().ratesError).toBeNull();
    last(rateLoads).resolve(rates);
    await flush();
    expect(calls).toEqual(['rates 60614', 'rates 60614']);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('quotes the list and zip codes typed, and shows the quote with its first drop week chosen', async () => {
    const { actor, calls, context, quoted } = start();
    await quoted(['60614', '60657', '60613']);
    expect(calls).toContain('quote AB508-01 60614,60657,60613');
    expect(context().quote?.zipcodes).toHaveLength(3);
    expect(context().week).toBe('2027-03-01');
    actor.send({ type: 'abdm.weekChosen', week: '2027-03-15' });
    expect(context().week).toBe('2027-03-15');
    // A week the quote does not offer is not taken.
    actor.send({ type: 'abdm.weekChosen', week: '2027-04-05' });
    expect(context().week).toBe('2027-03-15');
  });

  it('asks nothing without a zip code', async () => {
    const { actor, calls, last, rateLoads } = start('');
    last(rateLoads).resolve(rates);
    await flush();
    expect(selectCanQuote(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'abdm.zipcodesChanged', text: ' , ' });
    actor.send({ type: 'abdm.quoteRequested' });
    expect(calls).toEqual(['rates ']);
  });

  it('drops the answer of a quote when the form is edited while it is on its way', async () => {
    const { actor, context, quotes, last, rateLoads } = start();
    last(rateLoads).resolve(rates);
    await flush();
    actor.send({ type: 'abdm.quoteRequested' });
    const first = last(quotes);
    actor.send({ type: 'abdm.zipcodesChanged', text: '60614, 60657' });
    expect(actor.getSnapshot().hasTag('quoting')).toBe(false);
    first.resolve(quoteOf('AB508-01', ['60614']));
    await flush();
    expect(context().quote).toBeNull();
    expect(context().zipcodes).toBe('60614, 60657');

    // The same for another list chosen: the old answer never becomes the quote.
    actor.send({ type: 'abdm.quoteRequested' });
    const second = last(quotes);
    actor.send({ type: 'abdm.listChosen', mediacode: 'AB508-02' });
    second.resolve(quoteOf('AB508-01', ['60614', '60657']));
    await flush();
    expect(context().quote).toBeNull();
    expect(context().mediacode).toBe('AB508-02');
  });

  it('an edit drops the quote shown: what goes into the cart is what was quoted for the form as it is', async () => {
    const { actor, context, quoted } = start();
    await quoted(['60614']);
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'abdm.zipcodesChanged', text: '60614, 60657' });
    expect(context().quote).toBeNull();
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
  });

  it('shows the API’s reason and the fields it names, and keeps what was typed', async () => {
    const { actor, context, last, quotes, rateLoads } = start();
    last(rateLoads).resolve(rates);
    await flush();
    actor.send({ type: 'abdm.zipcodesChanged', text: '60614, 00000' });
    actor.send({ type: 'abdm.quoteRequested' });
    last(quotes).reject(
      new AbdmRefusal('There is no zip code 00000.', {
        zipcodes: 'There is no zip code 00000.',
        other: 'not a field of this form',
      }),
    );
    await flush();
    expect(context().failure).toEqual({
      message: 'Error fetching ABDM quote: There is no zip code 00000.',
      fields: { zipcodes: 'There is no zip code 00000.' },
    });
    expect(context().zipcodes).toBe('60614, 00000');

    // A network failure has no fields; the next request clears the last failure.
    actor.send({ type: 'abdm.quoteRequested' });
    expect(context().failure).toBeNull();
    last(quotes).reject(new Error('Network Error'));
    await flush();
    expect(context().failure).toEqual({ message: 'Error fetching ABDM quote: Network Error', fields: {} });
  });

  it('adds the quoted mailing for the chosen week; the answered cart is handed on', async () => {
    const { actor, calls, context, adds, last, quoted } = start();
    await quoted(['60614', '60657']);
    actor.send({ type: 'abdm.weekChosen', week: '2027-03-08' });
    actor.send({ type: 'abdm.addRequested' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    expect(selectCanQuote(actor.getSnapshot())).toBe(false);
    last(adds).resolve({ uuid: 'cart-9' } as Cart);
    await flush();
    expect(calls.slice(-2)).toEqual(['add AB508-01 60614,60657 2027-03-08', 'added into cart-9']);
    expect(context().quote).not.toBeNull();
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
  });

  it('refuses to add a quote below the minimum', async () => {
    const { actor, calls, last, quotes, rateLoads } = start();
    last(rateLoads).resolve(rates);
    await flush();
    actor.send({ type: 'abdm.quoteRequested' });
    last(quotes).resolve(quoteOf('AB508-01', ['60614'], false));
    await flush();
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'abdm.addRequested' });
    expect(calls.some((c) => c.startsWith('add'))).toBe(false);
  });

  it('says why the mailing could not be added, and keeps the quote and the form', async () => {
    const { actor, context, adds, last, quoted } = start();
    await quoted(['60614']);
    actor.send({ type: 'abdm.addRequested' });
    last(adds).reject(
      new AbdmRefusal('Choose a drop week from 2027-03-08 on.', { mediacode: 'That list is sold out.' }),
    );
    await flush();
    expect(context().failure).toEqual({
      message: 'Error creating new ABDM campaign: Choose a drop week from 2027-03-08 on.',
      fields: { mediacode: 'That list is sold out.' },
    });
    expect(context().quote).not.toBeNull();
    expect(context().zipcodes).toBe('60614');
  });

  it('an edit while the mailing goes into the cart is kept, and the add still reaches the cart', async () => {
    const { actor, calls, context, adds, last, quoted } = start();
    await quoted(['60614']);
    actor.send({ type: 'abdm.addRequested' });
    actor.send({ type: 'abdm.zipcodesChanged', text: '60657' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    // A commit: the API may add it whatever the panel does, so closing the panel waits for the answer.
    expect(actor.getSnapshot().hasTag('committing')).toBe(true);
    last(adds).resolve({ uuid: 'cart-9' } as Cart);
    await flush();
    expect(calls.at(-1)).toBe('added into cart-9');
    expect(context().zipcodes).toBe('60657');
    expect(context().quote).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().hasTag('committing')).toBe(false);
  });

  it('an add with no answer in 30 s failed as far as the panel knows: it says to check the cart, the quote is kept', async () => {
    const { actor, calls, clock, context, adds, last, quoted } = start();
    await quoted(['60614']);
    actor.send({ type: 'abdm.weekChosen', week: '2027-03-08' });
    actor.send({ type: 'abdm.addRequested' });
    clock.increment(29_999);
    expect(actor.getSnapshot().hasTag('committing')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'quoted' })).toBe(true);
    expect(actor.getSnapshot().hasTag('committing')).toBe(false);
    expect(context().failure).toEqual({
      message:
        'Error creating new ABDM campaign: Adlane did not answer in time. Check your cart before adding this mailing again.',
      fields: {},
    });
    expect(context().quote?.zipcodes.map((z) => z.zip)).toEqual(['60614']);
    expect(context().week).toBe('2027-03-08');
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
    // The answer that comes after is not taken: the panel said it failed.
    last(adds).resolve({ uuid: 'cart-9' } as Cart);
    await flush();
    expect(calls.filter((c) => c.startsWith('added'))).toEqual([]);
  });

  it("an add with no answer in 30 s after an edit: back to the form as it is now, with the same message (in the configured product's name)", async () => {
    const { actor, clock, context, quoted } = start('60614', 'Mailbox Media');
    await quoted(['60614']);
    actor.send({ type: 'abdm.addRequested' });
    actor.send({ type: 'abdm.zipcodesChanged', text: '60657' });
    clock.increment(30_000);
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(context().zipcodes).toBe('60657');
    expect(context().failure?.message).toBe(
      'Error creating new ABDM campaign: Mailbox Media did not answer in time. Check your cart before adding this mailing again.',
    );
  });

  it('a quote on its way commits nothing: only the add is tagged committing', async () => {
    const { actor, last, rateLoads } = start();
    last(rateLoads).resolve(rates);
    await flush();
    actor.send({ type: 'abdm.quoteRequested' });
    expect(actor.getSnapshot().hasTag('quoting')).toBe(true);
    expect(actor.getSnapshot().hasTag('committing')).toBe(false);
  });
});
