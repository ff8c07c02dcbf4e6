import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AdminPlacement } from '../../contract/adminCatalogue';
import {
  type PlacementDraft,
  placementEditorMachine,
  type SaveOutcome,
  type SaveRequest,
  selectIsDirty,
} from '../../machines/admin/placementEditor.machine';
import { settle } from '../model/worldChecks';
import { heldCalls } from './heldCalls';
import { adminPlacementOf, BLANK } from './placementFixtures';

/* Issue 31: the placement editor's save, with a 422, a 409 between two staff, and no answer. */

function editor(mediacode: string | null = 'TV508-01', blank: PlacementDraft = BLANK) {
  const loads = heldCalls<[string], AdminPlacement>();
  const saves = heldCalls<[SaveRequest], SaveOutcome>();
  const created: string[] = [];
  const actor = createActor(
    placementEditorMachine.provide({
      actors: {
        loadPlacement: fromPromise(({ input }) => loads.call(input.mediacode)),
        savePlacement: fromPromise(({ input }) => saves.call(input)),
      },
      actions: { placementCreated: (_, { mediacode }) => created.push(mediacode) },
    }),
    { input: { mediacode, blank } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  return { actor, loads, saves, created, snapshot };
}

async function loaded(placement = adminPlacementOf()) {
  const world = editor(placement.mediacode);
  world.loads.nth(0).answer(placement);
  await settle();
  return world;
}

/** A loaded placement whose price was changed and whose save is on its way. */
async function saving() {
  const world = await loaded();
  world.actor.send({ type: 'placement.edit', fields: { unit_price: 4700 } });
  world.actor.send({ type: 'placement.save' });
  return world;
}

const IMAGE = {
  id: 'b6c1d1de-8c52-4c8e-9d8f-0d2f0f7d3a11',
  url: '/api/v1/media/images/b6c1d1de-8c52-4c8e-9d8f-0d2f0f7d3a11',
};

describe('placement editor', () => {
  it('loads the placement, saves nothing unchanged, and saves a change with the version it started from', async () => {
    const { actor, saves, snapshot, loads } = await loaded();
    expect(loads.asked()).toEqual([['TV508-01']]);
    expect(snapshot().value).toEqual({ editing: 'idle' });
    actor.send({ type: 'placement.save' });
    expect(saves.calls).toHaveLength(0);

    actor.send({ type: 'placement.edit', fields: { unit_price: 4700 } });
    actor.send({ type: 'placement.save' });
    expect(snapshot().value).toBe('saving');
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(saves.asked()[0]?.[0]).toMatchObject({
      mediacode: 'TV508-01',
      version: 3,
      draft: { unit_price: 4700 },
    });
    saves.nth(0).answer({ kind: 'saved', placement: adminPlacementOf({ unit_price: 4700, version: 4 }) });
    await settle();
    expect(snapshot().value).toEqual({ editing: 'saved' });
    expect(snapshot().context.baseVersion).toBe(4);
    // Saved: nothing to save again until the next change.
    actor.send({ type: 'placement.save' });
    expect(saves.calls).toHaveLength(1);
  });

  it('keeps the form and a message by field when the server refuses it', async () => {
    const { actor, saves, snapshot } = await loaded();
    actor.send({ type: 'placement.edit', fields: { name: '' } });
    actor.send({ type: 'placement.save' });
    saves.nth(0).answer({
      kind: 'invalid',
      message: 'Please check the highlighted fields.',
      errors: { name: 'Give the placement a name.' },
    });
    await settle();
    expect(snapshot().value).toEqual({ editing: 'invalid' });
    expect(snapshot().context.errors).toEqual({ name: 'Give the placement a name.' });
    expect(snapshot().context.draft.name).toBe('');
  });

  it('on a conflict, loads their version into the form', async () => {
    const { actor, saves, snapshot } = await loaded();
    actor.send({ type: 'placement.edit', fields: { unit_price: 4700 } });
    actor.send({ type: 'placement.save' });
    const theirs = adminPlacementOf({
      name: 'WCHI News at Six',
      version: 4,
      updated_by: 'dana@staff.example',
    });
    saves.nth(0).answer({
      kind: 'conflict',
      message: 'Someone else saved this placement at 14:03 (dana@staff.example).',
      theirs,
    });
    await settle();
    expect(snapshot().value).toBe('conflicted');
    expect(snapshot().context.message).toMatch(/^Someone else saved/);
    actor.send({ type: 'placement.loadTheirs' });
    expect(snapshot().value).toEqual({ editing: 'idle' });
    expect(snapshot().context.draft).toMatchObject({ name: 'WCHI News at Six', unit_price: 4620 });
    expect(snapshot().context.baseVersion).toBe(4);
  });

  it('on a conflict, saves mine over their version when asked', async () => {
    const { actor, saves, snapshot } = await loaded();
    actor.send({ type: 'placement.edit', fields: { unit_price: 4700 } });
    actor.send({ type: 'placement.save' });
    saves
      .nth(0)
      .answer({ kind: 'conflict', message: 'Someone else saved.', theirs: adminPlacementOf({ version: 5 }) });
    await settle();
    actor.send({ type: 'placement.keepMine' });
    expect(snapshot().value).toBe('saving');
    expect(saves.asked()[1]?.[0]).toMatchObject({ version: 5, draft: { unit_price: 4700 } });
  });

  it('keeps the form when the server is not reached, and tries the same save again ("Try again" or "Save placement")', async () => {
    const { actor, saves, snapshot } = await saving();
    saves.nth(0).fail(new Error('We could not reach the server.'));
    await settle();
    expect(snapshot().value).toBe('failed');
    expect(snapshot().context.message).toBe('We could not reach the server.');
    actor.send({ type: 'placement.retry' });
    expect(saves.asked()[1]).toEqual(saves.asked()[0]);
    saves.nth(1).fail(new Error('We could not reach the server.'));
    await settle();
    actor.send({ type: 'placement.save' });
    expect(snapshot().value).toBe('saving');
    expect(snapshot().context.message).toBeNull();
    expect(saves.asked()[2]).toEqual(saves.asked()[0]);
  });

  it('makes a new placement without loading, and says its code once saved', async () => {
    const { actor, saves, loads, created } = editor(null);
    expect(loads.calls).toHaveLength(0);
    actor.send({ type: 'placement.edit', fields: { name: 'Lakeshore Quilting Quarterly' } });
    actor.send({ type: 'placement.save' });
    expect(saves.asked()[0]?.[0]).toMatchObject({ mediacode: null, version: null });
    saves
      .nth(0)
      .answer({ kind: 'saved', placement: adminPlacementOf({ mediacode: 'PM508-09', version: 1 }) });
    await settle();
    expect(created).toEqual(['PM508-09']);
    actor.send({ type: 'placement.edit', fields: { unit_price: 1300 } });
    actor.send({ type: 'placement.save' });
    expect(saves.asked()[1]?.[0]).toMatchObject({ mediacode: 'PM508-09', version: 1 });
    saves
      .nth(1)
      .answer({ kind: 'saved', placement: adminPlacementOf({ mediacode: 'PM508-09', version: 2 }) });
    await settle();
    expect(created).toEqual(['PM508-09']);
  });

  it('offers to try loading again when the placement could not be read', async () => {
    const { actor, loads, snapshot } = editor();
    loads.nth(0).fail(new Error('offline'));
    await settle();
    expect(snapshot().value).toBe('loadFailed');
    actor.send({ type: 'placement.retry' });
    expect(loads.calls).toHaveLength(2);
  });

  it('takes a picture added apart from the form without touching what is typed', async () => {
    const { actor, snapshot } = await loaded();
    actor.send({ type: 'placement.edit', fields: { name: 'Typed, not saved' } });
    actor.send({
      type: 'placement.imagesChanged',
      placement: adminPlacementOf({ images: [IMAGE], image: IMAGE.url }),
    });
    expect(snapshot().context.saved?.images).toEqual([IMAGE]);
    expect(snapshot().context.draft.name).toBe('Typed, not saved');
    expect(snapshot().context.baseVersion).toBe(3);
  });

  it('keeps what is typed while a save runs, and saves it next', async () => {
    const { actor, saves, snapshot } = await saving();
    actor.send({ type: 'placement.edit', fields: { name: 'Typed while saving' } });
    saves.nth(0).answer({ kind: 'saved', placement: adminPlacementOf({ unit_price: 4700, version: 4 }) });
    await settle();
    expect(snapshot().value).toEqual({ editing: 'idle' });
    expect(snapshot().context.draft).toMatchObject({ unit_price: 4700, name: 'Typed while saving' });
    actor.send({ type: 'placement.save' });
    expect(saves.asked()[1]?.[0]).toMatchObject({ version: 4, draft: { name: 'Typed while saving' } });
  });

  it('keeps what is typed while a conflict is open, and saves it over their version', async () => {
    const { actor, saves, snapshot } = await saving();
    saves
      .nth(0)
      .answer({ kind: 'conflict', message: 'Someone else saved.', theirs: adminPlacementOf({ version: 5 }) });
    await settle();
    actor.send({ type: 'placement.edit', fields: { unit_price: 4800 } });
    expect(snapshot().value).toBe('conflicted');
    actor.send({ type: 'placement.keepMine' });
    expect(saves.asked()[1]?.[0]).toMatchObject({ version: 5, draft: { unit_price: 4800 } });
  });

  it('takes a picture added while a save runs', async () => {
    const { actor, saves, snapshot } = await saving();
    actor.send({
      type: 'placement.imagesChanged',
      placement: adminPlacementOf({ images: [IMAGE], image: IMAGE.url }),
    });
    expect(snapshot().context.saved?.images).toEqual([IMAGE]);
    saves.nth(0).fail(new Error('We could not reach the server.'));
    await settle();
    expect(snapshot().context.saved?.images).toEqual([IMAGE]);
  });

  it('counts a new placement as changed once it differs from its blank form, and a loaded one once it differs from the saved placement', async () => {
    const fresh = editor(null);
    await settle();
    expect(selectIsDirty(fresh.snapshot())).toBe(false);
    fresh.actor.send({ type: 'placement.edit', fields: { name: 'WCHI News at Six' } });
    expect(selectIsDirty(fresh.snapshot())).toBe(true);

    const { actor, saves, snapshot } = await loaded();
    expect(selectIsDirty(snapshot())).toBe(false);
    actor.send({ type: 'placement.edit', fields: { unit_price: 4700 } });
    expect(selectIsDirty(snapshot())).toBe(true);
    actor.send({ type: 'placement.save' });
    saves.nth(0).answer({ kind: 'saved', placement: adminPlacementOf({ unit_price: 4700, version: 4 }) });
    await settle();
    expect(selectIsDirty(snapshot())).toBe(false);
  });
});
