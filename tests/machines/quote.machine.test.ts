import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Quote } from '../../contract/quote';
import {
  type QuoteInput,
  quoteMachine,
  selectQuoteStatus,
  selectShownQuote,
} from '../../machines/quote/quote.machine';
import { flush } from './sessionHarness';

const quoteOf = (dates: readonly string[], quantity: number, total: number): Quote => ({
  mediacode: 'PM501-01',
  dates: [...dates],
  quantity,
  unit_price: total,
  unit_label: 'per issue',
  lines: [{ label: 'Full page', amount: total }],
  subtotal: total,
  discount: 0,
  total,
  total_formatted: `$${total}`,
  start: null,
  end: null,
  materials_due: null,
});

/** A request the test answers when it chooses: each one is kept under its dates and quantity. */
interface Pending {
  key: string;
  answer: (total: number) => void;
  refuse: (message?: string) => void;
}

function start(input: Partial<QuoteInput> = {}) {
  const asked: Pending[] = [];
  const clock = new SimulatedClock();
  const machine = quoteMachine.provide({
    actors: {
      fetchQuote: fromPromise(
        ({ input: request }) =>
          new Promise<Quote>((resolve, reject) => {
            asked.push({
              key: `${request.dates.join(',')}|${request.quantity}`,
              answer: (total) => resolve(quoteOf(request.dates, request.quantity, total)),
              refuse: (message) =>
                reject(new Error('Error fetching quote', { cause: message ? { message } : undefined })),
            });
          }),
      ),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { mediacode: 'PM501-01', needsDates: true, maxDates: 3, quantity: 1, ...input },
  });
  actor.start();
  const status = () => selectQuoteStatus(actor.getSnapshot());
  const shown = () => selectShownQuote(actor.getSnapshot())?.total ?? null;
  const request = (key: string) => {
    const found = asked.find((p) => p.key === key);
    if (!found) throw new Error(`No request for ${key}; asked: ${asked.map((p) => p.key).join(' ; ')}`);
    return found;
  };
  return { actor, clock, asked, status, shown, request };
}

describe('placement quote (GET /media/{mediacode}/quote)', () => {
  it('asks nothing until dates are chosen for a placement that needs them', () => {
    const { asked, clock, status } = start();
    expect(status()).toBe('idle');
    clock.increment(10_000);
    expect(asked).toEqual([]);
  });

  it('asks 250 ms after the last change (quoteDebounce), once, for the dates in calendar order', () => {
    const { actor, asked, clock, status } = start();
    actor.send({ type: 'quote.dateToggled', date: '2027/05' });
    expect(status()).toBe('pending');
    clock.increment(249);
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(249);
    expect(asked).toEqual([]);
    clock.increment(1);
    expect(asked.map((p) => p.key)).toEqual(['2027/03,2027/05|1']);
  });

  it('quotes a placement without dates (design work) at once, for its first quantity', () => {
    const { asked, clock, status } = start({ needsDates: false, quantity: 5 });
    expect(status()).toBe('pending');
    clock.increment(250);
    expect(asked.map((p) => p.key)).toEqual(['|5']);
  });

  it('has nothing to quote without a quantity', () => {
    const { actor, asked, clock, status } = start({ quantity: null });
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(1_000);
    expect(status()).toBe('idle');
    expect(asked).toEqual([]);
  });

  it('keeps the previous price on show while the next one loads', async () => {
    const { actor, clock, status, shown, request } = start();
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(250);
    request('2027/03|1').answer(100);
    await flush();
    expect(status()).toBe('ready');
    expect(shown()).toBe(100);

    actor.send({ type: 'quote.quantityChanged', quantity: 2 });
    expect(status()).toBe('pending');
    expect(shown()).toBe(100);
    clock.increment(250);
    // Still shown while the request is on its way, and after another change meanwhile.
    actor.send({ type: 'quote.dateToggled', date: '2027/04' });
    expect(shown()).toBe(100);
    clock.increment(250);
    request('2027/03,2027/04|2').answer(380);
    await flush();
    expect(status()).toBe('ready');
    expect(shown()).toBe(380);
  });

  it('never shows a late answer for an older choice: the change cancels its request', async () => {
    const { actor, clock, status, shown, request } = start();
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(250);
    actor.send({ type: 'quote.dateToggled', date: '2027/04' });
    clock.increment(250);

    // The newer answer first, then the older one, late: the newer stays.
    request('2027/03,2027/04|1').answer(200);
    await flush();
    request('2027/03|1').answer(100);
    await flush();
    expect(shown()).toBe(200);

    // The older answer first, while the newer is on its way: it is not shown, and nothing is ready.
    actor.send({ type: 'quote.quantityChanged', quantity: 3 });
    clock.increment(250);
    actor.send({ type: 'quote.quantityChanged', quantity: 4 });
    clock.increment(250);
    request('2027/03,2027/04|3').answer(600);
    await flush();
    expect(status()).toBe('pending');
    expect(shown()).toBe(200);
    request('2027/03,2027/04|4').answer(800);
    await flush();
    expect(status()).toBe('ready');
    expect(shown()).toBe(800);
  });

  it('says why when the price cannot be worked out: the API’s sentence, or a fallback', async () => {
    const { actor, clock, status, request } = start();
    const error = () => actor.getSnapshot().context.error;
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(250);
    request('2027/03|1').refuse('Issue 2027/03 is sold out.');
    await flush();
    expect(status()).toBe('failed');
    expect(error()).toBe('Issue 2027/03 is sold out.');

    actor.send({ type: 'quote.dateToggled', date: '2027/04' });
    expect(error()).toBeNull();
    clock.increment(250);
    request('2027/03,2027/04|1').refuse();
    await flush();
    expect(error()).toBe('The price could not be worked out. Please try again.');
    expect(selectShownQuote(actor.getSnapshot())).toBeNull();
  });

  it('forgets the price when the last date is unticked, and takes no more dates than allowed', async () => {
    const { actor, asked, clock, status, shown, request } = start({ maxDates: 2 });
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(250);
    request('2027/03|1').answer(100);
    await flush();
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    expect(status()).toBe('idle');
    expect(shown()).toBeNull();

    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    actor.send({ type: 'quote.dateToggled', date: '2027/04' });
    actor.send({ type: 'quote.dateToggled', date: '2027/05' });
    expect(actor.getSnapshot().context.dates).toEqual(['2027/03', '2027/04']);
    clock.increment(250);
    expect(asked.map((p) => p.key)).toEqual(['2027/03|1', '2027/03,2027/04|1']);
  });

  it('does not ask again when the same quantity is chosen again', async () => {
    const { actor, asked, clock, status, request } = start();
    actor.send({ type: 'quote.dateToggled', date: '2027/03' });
    clock.increment(250);
    request('2027/03|1').answer(100);
    await flush();
    actor.send({ type: 'quote.quantityChanged', quantity: 1 });
    expect(status()).toBe('ready');
    clock.increment(250);
    expect(asked).toHaveLength(1);
  });
});
