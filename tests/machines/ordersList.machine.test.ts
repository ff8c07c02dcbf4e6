import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { OrderTab } from '../../contract/orders';
import {
  type OrdersListAnswer,
  type OrdersListKey,
  ordersListMachine,
  SEARCH_PAUSE_MS,
  selectOrdersAnswer,
  selectOrdersDraft,
  selectOrdersError,
  selectOrdersExportError,
  selectOrdersExporting,
  selectOrdersKey,
  selectOrdersLoading,
  selectOrdersStale,
} from '../../machines/orders/ordersList.machine';
import { heldCalls } from './heldCalls';
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

function start(first: OrdersListKey = key('upcoming')) {
  const clock = new SimulatedClock();
  const api = heldCalls<[OrdersListKey], OrdersListAnswer>();
  const exports = heldCalls<[OrderTab], void>();
  const opened: OrdersListKey[] = [];
  const actor = createActor(
    ordersListMachine.provide({
      actors: {
        loadOrders: fromPromise(({ input }) => api.call(input)),
        exportOrders: fromPromise(({ input }) => exports.call(input.tab)),
      },
      actions: { openKey: (_, { key: k }) => opened.push(k) },
    }),
    { clock, input: { key: first } },
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
    };
  };
  return { actor, clock, api, exports, opened, view };
}

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
});
