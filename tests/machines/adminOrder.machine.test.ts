import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AdminOrder } from '../../contract/adminOrders';
import {
  type AdminAction,
  adminOrderMachine,
  selectAdminActionError,
  selectAdminBusy,
  selectAdminOrder,
  selectAdminOrderError,
  selectAdminOrderStatus,
  selectAdminSaved,
  selectAdminSaves,
} from '../../machines/admin/adminOrder.machine';
import { OrderNotFound } from '../../machines/orders/orders.types';
import { heldCalls } from './heldCalls';
import { orderOf } from './ordersFixtures';
import { flush } from './sessionHarness';

/** An order as the back office's API answers it. */
const adminOrderOf = (fields: Partial<AdminOrder> = {}): AdminOrder => ({
  ...orderOf({}),
  company: { name: 'Lakeside Bakery', coid: 'c0' },
  notes: [],
  proof_kinds: ['tear-sheet', 'photo'],
  ...fields,
});

const PROOF = { name: 'march.pdf', size: 2048 };

function start() {
  const load = heldCalls<[string], AdminOrder>();
  const save = heldCalls<[string, AdminAction], AdminOrder>();
  const actor = createActor(
    adminOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) => load.call(input.number)),
        save: fromPromise(({ input }) => save.call(input.number, input.action)),
      },
    }),
    { input: { number: 'AD-27-000042' } },
  ).start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      status: selectAdminOrderStatus(s),
      order: selectAdminOrder(s),
      error: selectAdminOrderError(s),
      actionError: selectAdminActionError(s),
      busy: selectAdminBusy(s),
      saves: selectAdminSaves(s),
    };
  };
  return { actor, load, save, view };
}

async function shown() {
  const page = start();
  page.load.nth(0).answer(adminOrderOf());
  await flush();
  return page;
}

describe('an order in the back office (machines/admin/adminOrder)', () => {
  it('tells an unknown number from a failed load, which can be tried again', async () => {
    const missing = start();
    missing.load.nth(0).fail(new OrderNotFound('There is no order AD-27-000042.'));
    await flush();
    expect(missing.view().status).toBe('missing');
    const failing = start();
    failing.load.nth(0).fail(new Error('We could not reach Adlane.'));
    await flush();
    expect(failing.view()).toMatchObject({ status: 'failed', error: 'We could not reach Adlane.' });
    failing.actor.send({ type: 'adminOrder.retry' });
    failing.load.nth(1).answer(adminOrderOf());
    await flush();
    expect(failing.view().status).toBe('shown');
  });

  it.each([
    ['booking', { type: 'adminOrder.book', reference: 'CHI-4471' }],
    [
      'delivering',
      { type: 'adminOrder.deliver', proof: { run: '2027/03', kind: 'tear-sheet', file: PROOF } },
    ],
    ['noting', { type: 'adminOrder.note', body: 'Publisher wants a 15-second cut.' }],
    ['cancelling', { type: 'adminOrder.cancel' }],
  ] as const)('saves %s and shows the order its answer carries', async (state, action) => {
    const { actor, save, view } = await shown();
    actor.send(action);
    expect(view().busy).toBe(state);
    expect(save.asked()).toEqual([['AD-27-000042', action]]);
    const after = adminOrderOf({ notes: [{ at: '2027-01-12T10:00:00.000Z', by: 'Pat', body: 'done' }] });
    save.nth(0).answer(after);
    await flush();
    expect(view()).toMatchObject({ busy: null, order: after, actionError: null, saves: 1 });
  });

  it.each([
    [
      'booking',
      { type: 'adminOrder.book', reference: 'CHI-4471' },
      'Order AD-27-000042 is cancelled: there is nothing to book.',
    ],
    [
      'delivering',
      { type: 'adminOrder.deliver', proof: { run: '2027/03', kind: 'photo', file: PROOF } },
      'A photo is a JPEG or PNG file; this file is not.',
    ],
    ['noting', { type: 'adminOrder.note', body: 'x' }, 'Write the note.'],
    [
      'cancelling',
      { type: 'adminOrder.cancel' },
      'The ad for the March 2027 issue was due on Jan 29, 2027; after that date the order can no longer be cancelled.',
    ],
  ] as const)('shows the refusal of %s and keeps the order', async (_state, action, refusal) => {
    const { actor, save, view } = await shown();
    const before = view().order;
    actor.send(action);
    save.nth(0).fail(new Error(refusal));
    await flush();
    expect(view()).toMatchObject({ busy: null, order: before, actionError: refusal, saves: 0 });
    // The next action starts clean.
    actor.send({ type: 'adminOrder.note', body: 'Called the publisher.' });
    expect(view().actionError).toBeNull();
  });

  it('sends no second action while one is being saved, and says why', async () => {
    const { actor, save, view } = await shown();
    actor.send({ type: 'adminOrder.book', reference: 'CHI-4471' });
    actor.send({ type: 'adminOrder.cancel' });
    actor.send({ type: 'adminOrder.note', body: 'Too soon' });
    expect(save.calls).toHaveLength(1);
    expect(view()).toMatchObject({
      busy: 'booking',
      actionError: 'Wait a moment: the last change is still being saved.',
    });
    save.nth(0).answer(adminOrderOf());
    await flush();
    expect(view()).toMatchObject({ busy: null, actionError: null, saves: 1 });
    actor.send({ type: 'adminOrder.cancel' });
    expect(save.calls).toHaveLength(2);
  });

  it('says which action was saved last, so only its dialog closes', async () => {
    const { actor, save } = await shown();
    expect(selectAdminSaved(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'adminOrder.book', reference: 'CHI-4471' });
    save.nth(0).answer(adminOrderOf());
    await flush();
    expect(selectAdminSaved(actor.getSnapshot())).toEqual({ type: 'adminOrder.book', reference: 'CHI-4471' });
    actor.send({ type: 'adminOrder.note', body: 'Called the publisher' });
    save.nth(1).fail(new Error('The note is too long.'));
    await flush();
    expect(selectAdminSaved(actor.getSnapshot())).toEqual({ type: 'adminOrder.book', reference: 'CHI-4471' });
  });
});
