import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BookedAgain, OrderDetail } from '../../contract/orders';
import {
  OrderNotFound,
  orderPageMachine,
  selectBooked,
  selectIsBooking,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectOrder,
  selectOrderActionError,
  selectOrderError,
  selectOrderPageStatus,
  selectOrderRefreshError,
} from '../../machines/orders/orderPage.machine';
import { heldCalls } from './heldCalls';
import { orderOf } from './ordersFixtures';
import { flush } from './sessionHarness';

const cancellable = orderOf({});
const cancelled = orderOf({
  status: 'cancelled',
  cancel_until: null,
  can_book_again: true,
  cancelled: { at: '2026-11-23T10:00:00.000Z', by: null },
});
const booked: BookedAgain = {
  cart: { uuid: 'cart-2', total: 1000, total_formatted: '$1,000', status: 'open', contents: { items: [] } },
  dates: ['January 2027 issue'],
};

function start(productName = 'Adlane') {
  const clock = new SimulatedClock();
  const load = heldCalls<[string], OrderDetail>();
  const cancel = heldCalls<[string], OrderDetail>();
  const again = heldCalls<[string], BookedAgain>();
  const effects: string[] = [];
  const actor = createActor(
    orderPageMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) => load.call(input.number)),
        cancelOrder: fromPromise(({ input }) => cancel.call(input.number)),
        bookAgain: fromPromise(({ input }) => again.call(input.number)),
      },
      actions: {
        announceCancelled: (_, { order }) => effects.push(`cancelled ${order.number}`),
        openBookedCart: (_, { booked: b }) => effects.push(`open ${b.cart.uuid}`),
        logFailure: () => effects.push('logged'),
      },
    }),
    { clock, input: { number: 'AD-26-000042', productName } },
  ).start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      status: selectOrderPageStatus(s),
      order: selectOrder(s),
      error: selectOrderError(s),
      actionError: selectOrderActionError(s),
      confirming: selectIsConfirmingCancel(s),
      cancelling: selectIsCancelling(s),
      booking: selectIsBooking(s),
      booked: selectBooked(s),
      refreshError: selectOrderRefreshError(s),
      committing: s.hasTag('committing'),
    };
  };
  return { actor, clock, load, cancel, again, effects, view };
}

describe("an order's page (machines/orders/orderPage)", () => {
  it('reads the order again when one of its runs’ ad files changes, keeping it on show meanwhile', async () => {
    const page = start();
    page.load.nth(0).answer(cancellable);
    await flush();
    page.actor.send({ type: 'order.refresh' });
    expect(page.load.calls).toHaveLength(2);
    expect(page.view()).toMatchObject({ status: 'shown', order: cancellable });
    const withAd = orderOf({ quantity: 2 });
    page.load.nth(1).answer(withAd);
    await flush();
    expect(page.view().order).toBe(withAd);
  });

  it('tells an order that is not the company’s from one that failed to load, which can be tried again', async () => {
    const missing = start();
    missing.load.nth(0).fail(new OrderNotFound('No order AD-26-000042 here.'));
    await flush();
    expect(missing.view().status).toBe('missing');

    const failing = start();
    failing.load.nth(0).fail(new Error('We could not reach Adlane.'));
    await flush();
    expect(failing.view()).toMatchObject({ status: 'failed', error: 'We could not reach Adlane.' });
    failing.actor.send({ type: 'order.retry' });
    expect(failing.load.calls).toHaveLength(2);
    failing.load.nth(1).answer(cancellable);
    await flush();
    expect(failing.view()).toMatchObject({ status: 'shown', error: null });
  });

  it('cancels only after the customer confirms, then shows the cancelled order and tells the app', async () => {
    const { actor, load, cancel, effects, view } = start();
    load.nth(0).answer(cancellable);
    await flush();

    actor.send({ type: 'order.cancel' });
    expect(view().confirming).toBe(true);
    actor.send({ type: 'order.cancelDismissed' });
    expect(view().confirming).toBe(false);
    expect(cancel.calls).toHaveLength(0);

    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirmed' });
    expect(view()).toMatchObject({ cancelling: true, committing: true, confirming: false });
    expect(cancel.asked()).toEqual([['AD-26-000042']]);
    cancel.nth(0).answer(cancelled);
    await flush();
    expect(view()).toMatchObject({ cancelling: false, committing: false, actionError: null });
    expect(view().order?.status).toBe('cancelled');
    expect(effects).toEqual(['cancelled AD-26-000042']);

    // A cancelled order cannot be cancelled again from the page.
    actor.send({ type: 'order.cancel' });
    expect(view().confirming).toBe(false);
  });

  it('shows the reason a cancel was refused and the order as it is now', async () => {
    const { actor, load, cancel, effects, view } = start();
    load.nth(0).answer(cancellable);
    await flush();
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirmed' });
    const refusal =
      'The ad for the January 2027 issue was due on Dec 1, 2026; the order can no longer be cancelled.';
    cancel.nth(0).fail(new Error(refusal));
    await flush();
    // The order is read again: its deadline passed meanwhile.
    expect(load.calls).toHaveLength(2);
    load.nth(1).answer(orderOf({ cancel_until: null }));
    await flush();
    expect(view()).toMatchObject({ status: 'shown', actionError: refusal, cancelling: false });
    expect(view().order?.cancel_until).toBeNull();
    expect(effects).toEqual(['logged']);
  });

  it("gives up waiting for a cancel after the commit time-out and says to reload, in the configured product's name", async () => {
    const { actor, clock, load, view } = start('Mailbox Media');
    load.nth(0).answer(cancellable);
    await flush();
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirmed' });
    clock.increment(30_000);
    expect(view().cancelling).toBe(false);
    expect(view().actionError).toBe(
      'Mailbox Media did not answer in time. Reload the page to see whether it went through.',
    );
  });

  it("gives up waiting for a book-again after the commit time-out too, in the configured product's name", async () => {
    const { actor, clock, load, view } = start('Mailbox Media');
    load.nth(0).answer(cancelled);
    await flush();
    actor.send({ type: 'order.bookAgain' });
    clock.increment(30_000);
    expect(view().booking).toBe(false);
    expect(view().actionError).toBe(
      'Mailbox Media did not answer in time. Reload the page to see whether it went through.',
    );
  });

  it('books a past order again into the cart, and opens that cart', async () => {
    const { actor, load, again, effects, view } = start();
    load.nth(0).answer(cancelled);
    await flush();
    actor.send({ type: 'order.bookAgain' });
    expect(view()).toMatchObject({ booking: true, committing: true });
    again.nth(0).answer(booked);
    await flush();
    expect(view().booked).toEqual(booked);
    expect(effects).toEqual(['open cart-2']);
  });

  it('does not book an upcoming order again, and keeps the page when booking fails', async () => {
    const upcoming = start();
    upcoming.load.nth(0).answer(cancellable);
    await flush();
    upcoming.actor.send({ type: 'order.bookAgain' });
    expect(upcoming.again.calls).toHaveLength(0);

    const past = start();
    past.load.nth(0).answer(cancelled);
    await flush();
    past.actor.send({ type: 'order.bookAgain' });
    past.again.nth(0).fail(new Error('No dates of Chicago Magazine are open right now.'));
    await flush();
    expect(past.view()).toMatchObject({
      booking: false,
      actionError: 'No dates of Chicago Magazine are open right now.',
      booked: null,
    });
    expect(past.view().order?.number).toBe('AD-26-000042');
  });

  it('reads the order once more when a change arrives while it is being read, so the last change is never dropped', async () => {
    const page = start();
    page.load.nth(0).answer(cancellable);
    await flush();
    // Run 1 approved: read again. Run 2 approved while that read is in flight: its answer may predate run 2.
    page.actor.send({ type: 'order.refresh' });
    page.actor.send({ type: 'order.refresh' });
    page.actor.send({ type: 'order.refresh' });
    expect(page.load.calls).toHaveLength(2);
    const stale = orderOf({ quantity: 2 });
    page.load.nth(1).answer(stale);
    await flush();
    expect(page.view().order).toBe(stale);
    // One more read (not one per event), after the first.
    expect(page.load.calls).toHaveLength(3);
    const fresh = orderOf({ quantity: 3 });
    page.load.nth(2).answer(fresh);
    await flush();
    expect(page.load.calls).toHaveLength(3);
    expect(page.view()).toMatchObject({ status: 'shown', order: fresh, refreshError: null });
  });

  it('reads the order again after a cancel or a book-again if a change arrived meanwhile', async () => {
    const page = start();
    page.load.nth(0).answer(cancelled);
    await flush();
    page.actor.send({ type: 'order.bookAgain' });
    page.actor.send({ type: 'order.refresh' });
    expect(page.load.calls).toHaveLength(1);
    page.again.nth(0).answer(booked);
    await flush();
    expect(page.load.calls).toHaveLength(2);

    const confirming = start();
    confirming.load.nth(0).answer(cancellable);
    await flush();
    confirming.actor.send({ type: 'order.cancel' });
    confirming.actor.send({ type: 'order.refresh' });
    expect(confirming.load.calls).toHaveLength(1);
    confirming.actor.send({ type: 'order.cancelDismissed' });
    expect(confirming.load.calls).toHaveLength(2);
  });

  it('says so when reading the order again fails, keeps the order shown, and tries again on request', async () => {
    const page = start();
    page.load.nth(0).answer(cancellable);
    await flush();
    page.actor.send({ type: 'order.refresh' });
    page.load.nth(1).fail(new Error('We could not reach Adlane.'));
    await flush();
    expect(page.view()).toMatchObject({
      status: 'shown',
      order: cancellable,
      refreshError: 'The order could not be read again, so it may be out of date. We could not reach Adlane.',
    });
    page.actor.send({ type: 'order.refresh' });
    expect(page.load.calls).toHaveLength(3);
    page.load.nth(2).answer(cancellable);
    await flush();
    expect(page.view().refreshError).toBeNull();
  });
});
