import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  createRequestMachine,
  type RequestEvent,
  type RequestMachine,
  selectCurrentAnswer,
  selectRequestData,
  selectRequestError,
  selectRequestStatus,
} from '../../machines/request/request.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const lookup = createRequestMachine<string, string>({ id: 'lookup', debounceMs: 250 });
const load = createRequestMachine<string, string>({ id: 'load' });

function start(machine: RequestMachine<string, string>, key: string | null = null) {
  const clock = new SimulatedClock();
  const api = heldCalls<[string], string>();
  const reported: unknown[] = [];
  const keySources: Array<(event: RequestEvent<string>) => void> = [];
  const actor = createActor(
    machine.provide({
      actors: {
        load: fromPromise(({ input }) => api.call(input.key)),
        followKey: fromCallback(({ sendBack }) => {
          keySources.push(sendBack);
        }),
      },
      actions: { reportFailure: (_, { error }) => reported.push(error) },
    }),
    { clock, input: { key } },
  ).start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      status: selectRequestStatus(s),
      data: selectRequestData(s),
      current: selectCurrentAnswer(s),
      error: selectRequestError(s),
    };
  };
  const keyChanged = (next: string | null) => actor.send({ type: 'request.keyChanged', key: next });
  return { actor, clock, api, reported, keySources, view, keyChanged };
}

describe('a keyed request (machines/request)', () => {
  it('asks nothing without a key, and forgets its answer when the key goes', async () => {
    const { api, view, keyChanged } = start(load);
    expect(view()).toEqual({ status: 'idle', data: null, current: null, error: null });
    expect(api.asked()).toEqual([]);

    keyChanged('60614');
    expect(view().status).toBe('pending');
    expect(api.asked()).toEqual([['60614']]);
    api.nth(0).answer('Chicago');
    await flush();
    expect(view()).toEqual({ status: 'loaded', data: 'Chicago', current: 'Chicago', error: null });

    keyChanged(null);
    expect(view()).toEqual({ status: 'idle', data: null, current: null, error: null });
  });

  it('starts with the key it is given', () => {
    const { api, view } = start(load, 'u-1');
    expect(view().status).toBe('pending');
    expect(api.asked()).toEqual([['u-1']]);
  });

  it('debounced: asks 250 ms after the last change of key, once, for the last key', () => {
    const { api, clock, view, keyChanged } = start(lookup);
    keyChanged('ch');
    expect(view().status).toBe('pending');
    clock.increment(249);
    keyChanged('chi');
    clock.increment(249);
    expect(api.asked()).toEqual([]);
    clock.increment(1);
    expect(api.asked()).toEqual([['chi']]);
    clock.increment(10_000);
    expect(api.asked()).toEqual([['chi']]);
  });

  it('keeps the previous answer on show while the next key loads; the current answer is only its own key’s', async () => {
    const { api, clock, view, keyChanged } = start(lookup);
    keyChanged('chi');
    clock.increment(250);
    api.nth(0).answer('Chicago');
    await flush();

    keyChanged('chic');
    expect(view()).toEqual({ status: 'pending', data: 'Chicago', current: null, error: null });
    clock.increment(250);
    expect(view()).toEqual({ status: 'pending', data: 'Chicago', current: null, error: null });
    api.nth(1).answer('Chicago Heights');
    await flush();
    expect(view()).toEqual({
      status: 'loaded',
      data: 'Chicago Heights',
      current: 'Chicago Heights',
      error: null,
    });
  });

  it('drops an answer that comes for an older key: a new key cancels the load in flight', async () => {
    const { api, view, keyChanged } = start(load);
    keyChanged('a');
    keyChanged('b');
    expect(api.asked()).toEqual([['a'], ['b']]);
    api.nth(0).answer('answer to a');
    await flush();
    expect(view()).toEqual({ status: 'pending', data: null, current: null, error: null });
    api.nth(1).answer('answer to b');
    await flush();
    expect(view().current).toBe('answer to b');
    // A late failure of the cancelled load changes nothing either.
    api.nth(0).fail(new Error('late'));
    await flush();
    expect(view().status).toBe('loaded');
  });

  it('asks nothing again for the same key (fields compared, not identity)', async () => {
    const zips = createRequestMachine<{ prodcode: string; mediacode: string }, string[]>({ id: 'zips' });
    const api = heldCalls<[{ prodcode: string; mediacode: string }], string[]>();
    const actor = createActor(
      zips.provide({ actors: { load: fromPromise(({ input }) => api.call(input.key)) } }),
      { input: { key: null } },
    ).start();
    actor.send({ type: 'request.keyChanged', key: { prodcode: 'MKT508', mediacode: 'PM501-01' } });
    api.nth(0).answer(['60601', '60614']);
    await flush();
    actor.send({ type: 'request.keyChanged', key: { prodcode: 'MKT508', mediacode: 'PM501-01' } });
    expect(api.calls).toHaveLength(1);
    expect(selectRequestData(actor.getSnapshot())).toEqual(['60601', '60614']);
  });

  it('shows a failure’s message, reports it, shows no answer; Try again asks the same key again', async () => {
    const { api, view, reported, actor, keyChanged } = start(load);
    keyChanged('60614');
    const boom = new Error('The zip codes could not be loaded.');
    api.nth(0).fail(boom);
    await flush();
    expect(view()).toEqual({
      status: 'failed',
      data: null,
      current: null,
      error: 'The zip codes could not be loaded.',
    });
    expect(reported).toEqual([boom]);

    actor.send({ type: 'request.retry' });
    expect(view()).toEqual({ status: 'pending', data: null, current: null, error: null });
    expect(api.asked()).toEqual([['60614'], ['60614']]);
    api.nth(1).answer('ok');
    await flush();
    expect(view().current).toBe('ok');
  });

  it('a failure without a message reads as a general one; retry means nothing once loaded', async () => {
    const { api, view, actor, keyChanged } = start(load);
    keyChanged('x');
    api.nth(0).fail('not an Error');
    await flush();
    expect(view().error).toBe('Something went wrong. Please try again.');
    actor.send({ type: 'request.retry' });
    api.nth(1).answer('x!');
    await flush();
    actor.send({ type: 'request.retry' });
    expect(api.calls).toHaveLength(2);
  });

  it('follows a key source (followKey): the signed-in customer, say', async () => {
    const { api, keySources, view } = start(load);
    const [source] = keySources;
    if (!source) throw new Error('followKey was not started');
    source({ type: 'request.keyChanged', key: 'u-1' });
    expect(api.asked()).toEqual([['u-1']]);
    source({ type: 'request.keyChanged', key: 'u-2' });
    api.nth(0).answer('Kim');
    await flush();
    expect(view().current).toBe(null);
    api.nth(1).answer('Lee');
    await flush();
    expect(view().current).toBe('Lee');
    source({ type: 'request.keyChanged', key: null });
    expect(view()).toEqual({ status: 'idle', data: null, current: null, error: null });
  });
});
