import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BookedAgain, OrderTab } from '../../contract/orders';
import {
  type OrdersListAnswer,
  type OrdersListKey,
  ordersListMachine,
  SEARCH_PAUSE_MS,
  selectOrdersAnswer,
  selectOrdersBookAgainError,
  selectOrdersBookingAgain,
  selectOrdersDraft,
  selectOrdersError,
  selectOrdersExportError,
  selectOrdersExporting,
  selectOrdersKey,
  selectOrdersLastBooked,
  selectOrdersLoading,
  selectOrdersStale,
} from '../../machines/orders/ordersList.machine';
import { heldCalls } from './heldCalls';
import { orderOf } from './ordersFixtures';
import { flush } from './sessionHarness';

const key = (tab: OrdersListKey['tab'], page = 1, q = ''): OrdersListKey => ({ tab, page, q });

/** An answer naming what it answers, so a test sees which request's list is on show. */
const answerFor = (asked: OrdersListKey, pages = 3): OrdersListAnswer => ({
  orders: [],
  counts: { upcoming: 25, running: 1, past: 0 },
  page: asked.page,
  pages,
  total: 25,
});

function start(first: OrdersListKey = key('upcoming'), productName = 'Adlane') {
  const clock = new SimulatedClock();
  const api = heldCalls<[OrdersListKey], OrdersListAnswer>();
  const exports = heldCalls<[OrderTab], void>();
  const bookings = heldCalls<[string], BookedAgain>();
  const opened: OrdersListKey[] = [];
  const carts: string[] = [];
  const actor = createActor(
    ordersListMachine.provide({
      actors: {
        loadOrders: fromPromise(({ input }) => api.call(input)),
        exportOrders: fromPromise(({ input }) => exports.call(input.tab)),
        bookAgain: fromPromise(({ input }) => bookings.call(input.number)),
      },
      actions: {
        openKey: (_, { key: k }) => opened.push(k),
        openBookedCart: (_, { booked }) => carts.push(booked.cart.uuid),
      },
    }),
    { clock, input: { key: first, productName } },
  ).start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      key: selectOrdersKey(s),
      draft: selectOrdersDraft(s),
      answer: selectOrdersAnswer(s),
      error: selectOrdersError(s),
      loading: selectOrdersLoading(s),
      stale: selectOrdersStale(s),
      exporting: selectOrdersExporting(s),
      exportError: selectOrdersExportError(s),
      bookingAgain: selectOrdersBookingAgain(s),
      lastBooked: selectOrdersLastBooked(s),
      bookAgainError: selectOrdersBookAgainError(s),
      committing: s.hasTag('committing'),
    };
  };
  return { actor, clock, api, exports, bookings, opened, carts, view };
}

/** A past tab listing a completed order and a cancelled one. */
const pastAnswer = (): OrdersListAnswer => ({
  ...answerFor(key('past'), 1),
  orders: [
    orderOf({ number: 'AD-26-000007', status: 'completed', cancel_until: null }),
    orderOf({ number: 'AD-26-000008', status: 'cancelled', cancel_until: null }),
  ],
});

const bookedCart = (uuid: string): BookedAgain => ({
  cart: { uuid, total: 1000, total_formatted: '$1,000', status: 'open', contents: { items: [] } },
  dates: ['Week of Jan 18, 2027'],
});

describe('an orders tab (machines/orders/ordersList)', () => {
  it('loads the tab the address shows, and another tab or page when the address changes', async () => {
    const { actor, api, view } = start(key('upcoming'));
    expect(api.asked()).toEqual([[key('upcoming')]]);
    expect(view().loading).toBe(true);
    api.nth(0).answer(answerFor(key('upcoming')));
    await flush();
    expect(view()).toMatchObject({ loading: false, stale: false, error: null });
    expect(view().answer?.page).toBe(1);

    actor.send({ type: 'orders.show', key: key('upcoming', 2) });
    expect(api.asked()[1]).toEqual([key('upcoming', 2)]);
    // The first page stays on show, marked stale, until the second comes.
    expect(view()).toMatchObject({ loading: true, stale: true });
    expect(view().answer?.page).toBe(1);
    api.nth(1).answer(answerFor(key('upcoming', 2)));
    await flush();
    expect(view()).toMatchObject({ loading: false, stale: false });
    expect(view().answer?.page).toBe(2);

    // The same address again (the route re-rendering) asks nothing.
    actor.send({ type: 'orders.show', key: key('upcoming', 2) });
    expect(api.calls).toHaveLength(2);
  });

  it('never shows an older answer over a newer one: a new key cancels the load in flight', async () => {
    const { actor, api, view } = start(key('upcoming'));
    actor.send({ type: 'orders.show', key: key('past') });
    api.nth(1).answer(answerFor(key('past'), 1));
    await flush();
    // The upcoming tab's answer arrives late and is not taken.
    api.nth(0).answer(answerFor(key('upcoming'), 7));
    await flush();
    expect(view().key).toEqual(key('past'));
    expect(view().answer?.pages).toBe(1);
    expect(view().stale).toBe(false);
  });

  it('searches once typing pauses, from the first page, and writes the search into the address', async () => {
    const { actor, api, clock, opened, view } = start(key('past', 3));
    api.nth(0).answer(answerFor(key('past', 3)));
    await flush();

    actor.send({ type: 'orders.typed', text: 'AD-2' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    actor.send({ type: 'orders.typed', text: 'AD-26 ' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    // Still typing: nothing asked, the box keeps the text as typed.
    expect(api.calls).toHaveLength(1);
    expect(view().draft).toBe('AD-26 ');

    clock.increment(1);
    expect(api.asked()[1]).toEqual([key('past', 1, 'AD-26')]);
    expect(opened).toEqual([key('past', 1, 'AD-26')]);
    // The route then shows the address it wrote: the same key, so nothing is asked again.
    actor.send({ type: 'orders.show', key: key('past', 1, 'AD-26') });
    expect(api.calls).toHaveLength(2);
    expect(view().draft).toBe('AD-26 ');
  });

  it('searches at once on Enter, and a search that changes nothing asks nothing', async () => {
    const { actor, api, opened } = start(key('running', 1, 'lake'));
    actor.send({ type: 'orders.typed', text: ' lake ' });
    actor.send({ type: 'orders.searchNow' });
    expect(api.calls).toHaveLength(1);
    expect(opened).toEqual([]);

    actor.send({ type: 'orders.typed', text: '' });
    actor.send({ type: 'orders.searchNow' });
    expect(api.asked()[1]).toEqual([key('running', 1, '')]);
    expect(opened).toEqual([key('running', 1, '')]);
  });

  it('puts a search from the address (back, a shared link) in the box', () => {
    const { actor, view } = start(key('upcoming', 1, 'first'));
    expect(view().draft).toBe('first');
    actor.send({ type: 'orders.show', key: key('upcoming', 1, 'second') });
    expect(view().draft).toBe('second');
  });

  it('keeps the last list on a failure, says why, and asks the same list again on retry', async () => {
    const { actor, api, view } = start(key('upcoming'));
    api.nth(0).answer(answerFor(key('upcoming')));
    await flush();
    actor.send({ type: 'orders.show', key: key('upcoming', 2) });
    api.nth(1).fail(new Error('We could not reach Adlane. Check your connection and try again.'));
    await flush();
    expect(view()).toMatchObject({
      loading: false,
      error: 'We could not reach Adlane. Check your connection and try again.',
    });
    expect(view().answer?.page).toBe(1);

    actor.send({ type: 'orders.retry' });
    expect(api.asked()[2]).toEqual([key('upcoming', 2)]);
    expect(view().error).toBeNull();
    api.nth(2).answer(answerFor(key('upcoming', 2)));
    await flush();
    expect(view().answer?.page).toBe(2);
  });

  it('exports the tab shown, one export at a time, and says why one failed without touching the list', async () => {
    const { actor, api, exports, view } = start(key('past'));
    api.nth(0).answer(answerFor(key('past')));
    await flush();
    actor.send({ type: 'orders.export' });
    actor.send({ type: 'orders.export' });
    expect(exports.asked()).toEqual([['past']]);
    expect(view().exporting).toBe(true);
    exports.nth(0).fail(new Error('Your session has ended. Sign in again.'));
    await flush();
    expect(view()).toMatchObject({ exporting: false, exportError: 'Your session has ended. Sign in again.' });
    expect(view().answer?.page).toBe(1);

    actor.send({ type: 'orders.show', key: key('running') });
    actor.send({ type: 'orders.export' });
    expect(exports.asked()[1]).toEqual(['running']);
    expect(view().exportError).toBeNull();
    exports.nth(1).answer(undefined);
    await flush();
    expect(view()).toMatchObject({ exporting: false, exportError: null });
  });

  it('books a past order again from its row, one at a time, and opens the cart it went into', async () => {
    const { actor, api, bookings, carts, view } = start(key('past'));
    api.nth(0).answer(pastAnswer());
    await flush();
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000008' });
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000007' });
    expect(bookings.asked()).toEqual([['AD-26-000008']]);
    expect(view()).toMatchObject({ bookingAgain: 'AD-26-000008', committing: true, bookAgainError: null });
    bookings.nth(0).answer(bookedCart('cart-1'));
    await flush();
    expect(carts).toEqual(['cart-1']);
    expect(view()).toMatchObject({ bookingAgain: null, committing: false, bookAgainError: null });
  });

  it('books nothing for an order not listed, or one still to run', async () => {
    const { actor, api, bookings } = start(key('past'));
    api.nth(0).answer({
      ...pastAnswer(),
      orders: [...pastAnswer().orders, orderOf({ number: 'AD-26-000009', status: 'upcoming' })],
    });
    await flush();
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000001' });
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000009' });
    expect(bookings.asked()).toEqual([]);
  });

  it("says a book-again not answered in time in the configured product's name", async () => {
    const { actor, api, clock, view } = start(key('past'), 'Mailbox Media');
    api.nth(0).answer(pastAnswer());
    await flush();
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000007' });
    clock.increment(30_000);
    expect(view().bookAgainError).toBe(
      'Mailbox Media did not answer in time. Open your cart to see whether the placement is in it.',
    );
  });

  it('says on its row why a book-again failed, or that it was not answered in time, and lets it be tried again', async () => {
    const { actor, api, bookings, carts, clock, view } = start(key('past'));
    api.nth(0).answer(pastAnswer());
    await flush();
    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000007' });
    bookings.nth(0).fail(new Error('Golf Digest has no open dates left.'));
    await flush();
    expect(view()).toMatchObject({
      bookingAgain: null,
      lastBooked: 'AD-26-000007',
      bookAgainError: 'Golf Digest has no open dates left.',
    });

    actor.send({ type: 'orders.bookAgain', number: 'AD-26-000008' });
    expect(view()).toMatchObject({ bookingAgain: 'AD-26-000008', bookAgainError: null });
    clock.increment(29_999);
    expect(view().bookingAgain).toBe('AD-26-000008');
    clock.increment(1);
    expect(view()).toMatchObject({
      bookingAgain: null,
      bookAgainError: 'Adlane did not answer in time. Open your cart to see whether the placement is in it.',
    });
    // A late answer changes nothing.
    bookings.nth(1).answer(bookedCart('cart-late'));
    await flush();
    expect(carts).toEqual([]);
  });
});
