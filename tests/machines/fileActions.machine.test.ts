import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import {
  fileActionsMachine,
  type RunChoice,
  type RunsChoice,
} from '../../machines/upload/fileActions.machine';
import { CHECK_POLL_MS } from '../../machines/upload/upload.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const record = (status: AdFile['status']) => ({ id: 'f1', status }) as AdFile;

/** Attach, approve and delete on one file of the library (issues 16 and 28), with the API held by the test. */
function fileActions(checking = false) {
  const clock = new SimulatedClock();
  const approvals = heldCalls<[string, RunChoice | undefined], AdFile>();
  const removals = heldCalls<[string], void>();
  const attachments = heldCalls<[string, RunsChoice], AdFile>();
  const detachments = heldCalls<[string, RunChoice], AdFile>();
  const reads = heldCalls<[string], AdFile>();
  let changes = 0;
  const actor = createActor(
    fileActionsMachine.provide({
      actors: {
        approve: fromPromise(({ input }) => approvals.call(input.id, input.run)),
        remove: fromPromise(({ input }) => removals.call(input.id)),
        attach: fromPromise(({ input }) => attachments.call(input.id, input.to)),
        detach: fromPromise(({ input }) => detachments.call(input.id, input.run)),
        fetchFile: fromPromise(({ input }) => reads.call(input.id)),
      },
      actions: { changed: () => (changes += 1) },
    }),
    { input: { id: 'f1', checking }, clock },
  ).start();
  return {
    actor,
    approvals,
    removals,
    attachments,
    detachments,
    reads,
    clock,
    changes: () => changes,
    state: () => actor.getSnapshot().value,
  };
}

describe('file actions', () => {
  it('approves, then has the library read again', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.approve' });
    expect(f.state()).toBe('approving');
    f.approvals.nth(0).answer({} as AdFile);
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(1);
  });

  it('attaches a file to the run chosen, has the library read again, and again once its new checks are done', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.attach', to: [{ order: 'AD-27-000001', runs: ['2027/03'] }] });
    expect(f.state()).toEqual({ attaching: 'calling' });
    expect(f.attachments.asked()).toEqual([['f1', { order: 'AD-27-000001', runs: ['2027/03'] }]]);
    f.attachments.nth(0).answer(record('checking'));
    await flush();
    expect(f.state()).toEqual({ watchingChecks: 'waiting' });
    expect(f.changes()).toBe(1);

    f.clock.increment(CHECK_POLL_MS);
    expect(f.reads.asked()).toEqual([['f1']]);
    f.reads.nth(0).answer(record('checking'));
    await flush();
    expect(f.state()).toEqual({ watchingChecks: 'waiting' });
    f.clock.increment(CHECK_POLL_MS - 1);
    expect(f.reads.calls).toHaveLength(1);
    f.clock.increment(1);
    f.reads.nth(1).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(2);
  });

  it('keeps the sentence of a refused attachment and changes nothing', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.attach', to: [{ order: 'AD-27-000002', runs: ['2027/04'] }] });
    f.attachments.nth(0).fail(new Error('Order AD-27-000002 is cancelled: it needs no ad.'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.actor.getSnapshot().context.error).toBe('Order AD-27-000002 is cancelled: it needs no ad.');
    expect(f.changes()).toBe(0);
  });

  it('attaches order by order, says which orders took the file and which refused, and reads the library (found by review)', async () => {
    const f = fileActions();
    const a = { order: 'AD-27-000001', runs: ['2027/03', '2027/04'] };
    const b = { order: 'AD-27-000002', runs: ['2027/05'] };
    const c = { order: 'AD-27-000003', runs: ['2027/06'] };
    f.actor.send({ type: 'file.attach', to: [a, b, c] });
    expect(f.attachments.asked()).toEqual([['f1', a]]);
    f.attachments.nth(0).answer(record('passed'));
    await flush();
    f.attachments.nth(1).fail(new Error('The ad for May 2027 issue is due already.'));
    await flush();
    expect(f.attachments.asked()).toEqual([
      ['f1', a],
      ['f1', b],
      ['f1', c],
    ]);
    f.attachments.nth(2).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(1);
    expect(f.actor.getSnapshot().context.error).toBe(
      'Attached to AD-27-000001 (2 runs). Attached to AD-27-000003 (1 run). Not attached to AD-27-000002: The ad for May 2027 issue is due already.',
    );
  });

  it('keeps what each order said, and a second attach of the refused order alone calls only it and clears the report (issue 33)', async () => {
    const f = fileActions();
    const a = { order: 'AD-27-000001', runs: ['2027/05'] };
    const b = { order: 'AD-27-000002', runs: ['2027/06', '2027/07'] };
    f.actor.send({ type: 'file.attach', to: [a, b] });
    f.attachments.nth(0).answer(record('passed'));
    await flush();
    f.attachments.nth(1).fail(new Error('The ad for the June 2027 issue is due already.'));
    await flush();
    expect(f.actor.getSnapshot().context).toMatchObject({
      attached: [a],
      failed: [{ order: b.order, message: 'The ad for the June 2027 issue is due already.' }],
      error:
        'Attached to AD-27-000001 (1 run). Not attached to AD-27-000002: The ad for the June 2027 issue is due already.',
    });
    expect(f.changes()).toBe(1);

    // The page offers the refused runs again (the others left its list): only they are sent.
    f.actor.send({ type: 'file.attach', to: [b] });
    expect(f.actor.getSnapshot().context.error).toBeNull();
    expect(f.attachments.asked().slice(2)).toEqual([['f1', b]]);
    f.attachments.nth(2).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.actor.getSnapshot().context).toMatchObject({ attached: [b], failed: [], error: null });
    expect(f.changes()).toBe(2);
  });

  it('says for each order that the attach request failed, and has nothing read again (issue 33)', async () => {
    const f = fileActions();
    const a = { order: 'AD-27-000001', runs: ['2027/05'] };
    const b = { order: 'AD-27-000002', runs: ['2027/06'] };
    f.actor.send({ type: 'file.attach', to: [a, b] });
    f.attachments.nth(0).fail(new TypeError(''));
    await flush();
    f.attachments.nth(1).fail(new TypeError(''));
    await flush();
    const lost = 'Something went wrong. Check your connection and try again.';
    expect(f.state()).toBe('idle');
    expect(f.actor.getSnapshot().context.error).toBe(
      `Not attached to AD-27-000001: ${lost} Not attached to AD-27-000002: ${lost}`,
    );
    expect(f.changes()).toBe(0);
  });

  it('watches a file the library finds being checked again, the card staying (found by review)', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.checking' });
    expect(f.state()).toEqual({ watchingChecks: 'waiting' });
    f.clock.increment(CHECK_POLL_MS);
    f.reads.nth(0).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(1);
  });

  it('attaches a file to runs of its own sheet without checking it again (issue 33)', async () => {
    const f = fileActions();
    const to = [{ order: 'AD-27-000001', runs: ['2027/04', '2027/05', '2027/06'] }];
    f.actor.send({ type: 'file.attach', to });
    expect(f.attachments.asked()).toEqual([['f1', to[0]]]);
    f.attachments.nth(0).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(1);
    expect(f.reads.calls).toHaveLength(0);
  });

  it('approves the file for the run named, and removes it from a run (issue 33)', async () => {
    const f = fileActions();
    const run = { order: 'AD-27-000001', run: '2027/04' };
    f.actor.send({ type: 'file.approve', run });
    expect(f.approvals.asked()).toEqual([['f1', run]]);
    f.approvals.nth(0).answer(record('passed'));
    await flush();
    f.actor.send({ type: 'file.detach', run });
    expect(f.state()).toBe('detaching');
    expect(f.detachments.asked()).toEqual([['f1', run]]);
    f.detachments
      .nth(0)
      .fail(new Error('This is the approved ad of April 2027 issue, which is past its deadline: it stays.'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.actor.getSnapshot().context.error).toMatch(/it stays\.$/);
    f.actor.send({ type: 'file.detach', run });
    f.detachments.nth(1).answer(record('passed'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.changes()).toBe(2);
  });

  it('watches a file shown while it is being checked, and still lets it be deleted', async () => {
    const f = fileActions(true);
    expect(f.state()).toEqual({ watchingChecks: 'waiting' });
    f.actor.send({ type: 'file.delete' });
    expect(f.state()).toBe('confirmingDelete');
    f.actor.send({ type: 'file.deleteDismissed' });
    expect(f.state()).toEqual({ watchingChecks: 'waiting' });
    f.clock.increment(CHECK_POLL_MS);
    f.reads.nth(0).fail(new Error('The file could not be read. Please try again.'));
    await flush();
    expect(f.state()).toBe('idle');
    expect(f.actor.getSnapshot().context.error).toBe('The file could not be read. Please try again.');
    expect(f.changes()).toBe(0);
  });

  it('keeps a refusal’s sentence and changes nothing', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.approve' });
    f.approvals.nth(0).fail(new Error('The ad for March 2027 issue was due on 2027-01-29.'));
    await flush();
    expect(f.actor.getSnapshot().context.error).toBe('The ad for March 2027 issue was due on 2027-01-29.');
    expect(f.changes()).toBe(0);
    // The next attempt starts without the old message.
    f.actor.send({ type: 'file.delete' });
    expect(f.actor.getSnapshot().context.error).toBeNull();
  });

  it('deletes only after a confirmation, and a dismissal keeps the file', async () => {
    const f = fileActions();
    f.actor.send({ type: 'file.delete' });
    expect(f.state()).toBe('confirmingDelete');
    expect(f.removals.calls).toHaveLength(0);
    f.actor.send({ type: 'file.deleteDismissed' });
    expect(f.state()).toBe('idle');
    f.actor.send({ type: 'file.delete' });
    f.actor.send({ type: 'file.deleteConfirmed' });
    expect(f.removals.asked()).toEqual([['f1']]);
    f.removals.nth(0).answer(undefined);
    await flush();
    expect(f.state()).toBe('deleted');
    expect(f.changes()).toBe(1);
  });
});
