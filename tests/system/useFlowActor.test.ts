import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { stopWhenSettled } from '../../src/system/hooks/useFlowActor';
import { flush } from './fakeApp';
import { deferred } from './flowHarness';

/** A flow with one commit: `saving` is tagged committing while its request is on its way. */
function flowWithCommit(save: () => Promise<string>) {
  const machine = setup({
    types: { events: {} as { type: 'save' } | { type: 'edit' } },
    actors: { save: fromPromise(save) },
  }).createMachine({
    initial: 'editing',
    states: {
      editing: { on: { save: 'saving' } },
      saving: {
        tags: ['committing'],
        on: { edit: {} },
        invoke: { src: 'save', onDone: 'saved', onError: 'failed' },
      },
      saved: {},
      failed: {},
    },
  });
  return createActor(machine).start();
}

describe("useFlowActor's stop policy (stopWhenSettled): a page closing never throws away a commit's answer", () => {
  it('stops at once when nothing is being committed', () => {
    const actor = flowWithCommit(() => new Promise(() => {}));
    stopWhenSettled(actor);
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('waits for the answer of a commit on its way, through other changes, then stops', async () => {
    const answer = deferred<string>();
    const actor = flowWithCommit(() => answer.promise);
    actor.send({ type: 'save' });
    stopWhenSettled(actor);
    actor.send({ type: 'edit' });
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
    answer.resolve('stored');
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('a failed commit settles it too', async () => {
    const answer = deferred<string>();
    const actor = flowWithCommit(() => answer.promise);
    actor.send({ type: 'save' });
    stopWhenSettled(actor);
    answer.reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('called off (the page came back), the flow goes on after the answer', async () => {
    const answer = deferred<string>();
    const actor = flowWithCommit(() => answer.promise);
    actor.send({ type: 'save' });
    const callOff = stopWhenSettled(actor);
    callOff();
    answer.resolve('stored');
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().status).toBe('active');
  });
});
