import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { fileActionsMachine } from '../../machines/upload/fileActions.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

/** Approve and delete on one file of the library (issue 16), with the API held by the test. */
function fileActions() {
  const approvals = heldCalls<[string], AdFile>();
  const removals = heldCalls<[string], void>();
  let changes = 0;
  const actor = createActor(
    fileActionsMachine.provide({
      actors: {
        approve: fromPromise(({ input }) => approvals.call(input.id)),
        remove: fromPromise(({ input }) => removals.call(input.id)),
      },
      actions: { changed: () => (changes += 1) },
    }),
    { input: { id: 'f1' } },
  ).start();
  return { actor, approvals, removals, changes: () => changes, state: () => actor.getSnapshot().value };
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
