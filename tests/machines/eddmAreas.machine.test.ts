import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EddmArea } from '../../contract/directMail';
import { eddmAreasMachine } from '../../machines/eddm/eddmAreas.machine';
import { route } from './eddmFixtures';
import { flush } from './sessionHarness';

const areaOf = (id: string, name: string, codes: string[] = ['60614C001']): EddmArea => ({
  id,
  name,
  routes: codes.map((code) => route(code, 400, 20)),
  missing: [],
  counts_unavailable: false,
  residential_only: false,
  pieces: codes.length * 420,
  zips: ['60614'],
  created_by: 'Sam Shopper',
  may_change: true,
  created_at: '2027-01-11T09:00:00.000Z',
  updated_at: '2027-01-11T09:00:00.000Z',
});

const refused = (message: string) => new Error('Refused', { cause: { message } });

interface Options {
  loadFailures?: number;
  saveFails?: string;
  renameFails?: string;
  deleteFails?: string;
}

function start(stored: EddmArea[], options: Options = {}) {
  const calls: string[] = [];
  let loadFailures = options.loadFailures ?? 0;
  const machine = eddmAreasMachine.provide({
    actors: {
      loadAreas: fromPromise(async () => {
        calls.push('load');
        if (loadFailures > 0) {
          loadFailures -= 1;
          throw new Error('Error loading your saved areas');
        }
        return stored;
      }),
      createArea: fromPromise(async ({ input }) => {
        calls.push(
          `create ${input.name} [${input.routes.join(',')}]${input.residentialOnly ? ' homes' : ''}`,
        );
        if (options.saveFails) throw refused(options.saveFails);
        return areaOf('new', input.name, input.routes);
      }),
      renameArea: fromPromise(async ({ input }) => {
        calls.push(`rename ${input.id} ${input.name}`);
        if (options.renameFails) throw refused(options.renameFails);
        return { ...areaOf(input.id, input.name), updated_at: '2027-01-11T10:00:00.000Z' };
      }),
      deleteArea: fromPromise(async ({ input }) => {
        calls.push(`delete ${input.id}`);
        if (options.deleteFails) throw refused(options.deleteFails);
        return null;
      }),
    },
    actions: {
      applyArea: ({ context }, { id }) => {
        const area = context.areas.find((a) => a.id === id);
        calls.push(`apply ${area?.routes.map((r) => r.routecode).join(',')}`);
      },
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    calls,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

describe('saved every-door areas', () => {
  it('reads nothing signed out, then the company’s areas once signed in', async () => {
    const { actor, calls, state, context } = start([areaOf('a', 'Around the shop')]);
    expect(state()).toBe('signedOut');
    expect(calls).toEqual([]);
    actor.send({ type: 'areas.load' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(state()).toBe('ready');
    expect(context().areas.map((a) => a.name)).toEqual(['Around the shop']);
    actor.send({ type: 'areas.signedOut' });
    expect(state()).toBe('signedOut');
    expect(context().areas).toEqual([]);
  });

  it('says the list could not be read, and reads it again on retry', async () => {
    const { actor, calls, state, context } = start([areaOf('a', 'Around the shop')], { loadFailures: 1 });
    actor.send({ type: 'areas.load' });
    await flush();
    expect(state()).toBe('failed');
    expect(context().loadError).toBe('Your saved areas could not be loaded.');
    actor.send({ type: 'areas.retry' });
    await flush();
    expect(state()).toBe('ready');
    expect(context().loadError).toBeNull();
    expect(calls).toEqual(['load', 'load']);
  });

  it('saves the selection under a name, first in the list, and refuses a blank name or no routes', async () => {
    const { actor, calls, state, context } = start([areaOf('a', 'Old Town')]);
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({ type: 'areas.save', draft: { name: '  ', routes: ['60614C001'], residentialOnly: false } });
    actor.send({ type: 'areas.save', draft: { name: 'Empty', routes: [], residentialOnly: false } });
    expect(state()).toBe('ready');
    actor.send({
      type: 'areas.save',
      draft: { name: 'Around the shop', routes: ['60614C001', '60614C002'], residentialOnly: true },
    });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(calls.slice(1)).toEqual(['create Around the shop [60614C001,60614C002] homes']);
    expect(context().areas.map((a) => a.name)).toEqual(['Around the shop', 'Old Town']);
    expect(context().notice).toBe('“Around the shop” is saved for your team.');
    actor.send({ type: 'areas.noticeDismissed' });
    expect(context().notice).toBeNull();
  });

  it('says why a save was refused and keeps the list as it was', async () => {
    const taken =
      'Your company already has an area named "Old Town". Choose another name, or rename that one first.';
    const { actor, state, context } = start([areaOf('a', 'Old Town')], { saveFails: taken });
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({
      type: 'areas.save',
      draft: { name: 'Old Town', routes: ['60614C001'], residentialOnly: false },
    });
    await flush();
    expect(state()).toBe('ready');
    expect(context().actionError).toBe(taken);
    expect(context().areas.map((a) => a.name)).toEqual(['Old Town']);
  });

  it('renames an area in place at the top, and says why a rename was refused', async () => {
    const { actor, calls, context } = start([areaOf('a', 'First'), areaOf('b', 'Second')]);
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({ type: 'areas.rename', id: 'b', name: '' });
    expect(calls).toEqual(['load']);
    actor.send({ type: 'areas.rename', id: 'b', name: 'Near the shop' });
    await flush();
    expect(calls.at(-1)).toBe('rename b Near the shop');
    expect(context().areas.map((a) => a.name)).toEqual(['Near the shop', 'First']);
    expect(context().notice).toBe('Renamed “Near the shop”.');

    const failing = start([areaOf('a', 'First')], { renameFails: 'Only whoever saved this area…' });
    failing.actor.send({ type: 'areas.load' });
    await flush();
    failing.actor.send({ type: 'areas.rename', id: 'a', name: 'Mine' });
    await flush();
    expect(failing.context().actionError).toBe('Only whoever saved this area…');
    expect(failing.context().areas.map((a) => a.name)).toEqual(['First']);
  });

  it('deletes only after a confirmation; cancelling keeps it; a refusal is said', async () => {
    const { actor, calls, state, context } = start([areaOf('a', 'First'), areaOf('b', 'Second')]);
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({ type: 'areas.deleteRequested', id: 'nobody' });
    expect(state()).toBe('ready');
    actor.send({ type: 'areas.deleteRequested', id: 'a' });
    expect(state()).toBe('confirmingDelete');
    actor.send({ type: 'areas.deleteCancelled' });
    expect(state()).toBe('ready');
    expect(context().deleting).toBeNull();
    actor.send({ type: 'areas.deleteRequested', id: 'a' });
    actor.send({ type: 'areas.deleteConfirmed' });
    await flush();
    expect(calls).toEqual(['load', 'delete a']);
    expect(context().areas.map((a) => a.name)).toEqual(['Second']);
    expect(context().notice).toBe('“First” is deleted.');

    const failing = start([areaOf('a', 'First')], { deleteFails: 'Your company has no such saved area.' });
    failing.actor.send({ type: 'areas.load' });
    await flush();
    failing.actor.send({ type: 'areas.deleteRequested', id: 'a' });
    failing.actor.send({ type: 'areas.deleteConfirmed' });
    await flush();
    expect(failing.context().actionError).toBe('Your company has no such saved area.');
    expect(failing.context().areas).toHaveLength(1);
  });

  it('uses a listed area: its routes go to the page, and it says so', async () => {
    const { actor, calls, context } = start([areaOf('a', 'Around the shop', ['60614C002', '60614C003'])]);
    actor.send({ type: 'areas.use', id: 'a' });
    expect(calls).toEqual([]);
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({ type: 'areas.use', id: 'nobody' });
    actor.send({ type: 'areas.use', id: 'a' });
    expect(calls).toEqual(['load', 'apply 60614C002,60614C003']);
    expect(context().notice).toBe('Using “Around the shop”: its routes are your selection.');
  });

  it('reads the list again when asked (a sign-in, the page opened again)', async () => {
    const { actor, calls, state } = start([]);
    actor.send({ type: 'areas.load' });
    await flush();
    actor.send({ type: 'areas.load' });
    await flush();
    expect(calls).toEqual(['load', 'load']);
    expect(state()).toBe('ready');
  });
});
