import { type Actor, createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { AdminPlacement } from '../../contract/adminCatalogue';
import {
  placementEditorMachine,
  type SaveOutcome,
  type SaveRequest,
} from '../../machines/admin/placementEditor.machine';
import { heldCalls } from '../machines/heldCalls';
import { adminPlacementOf, BLANK } from '../machines/placementFixtures';
import type { ModelParams } from './modelKit';
import type { placementEditorModel } from './placementEditorModel';
import { expectSame, settle } from './worldChecks';

const THEIRS = adminPlacementOf({ name: 'WCHI News at Six', version: 9, updated_by: 'dana@staff.example' });

/**
 * Adapter (a) of the placement editor model: the real editor machine on a loaded placement, every
 * save held until the stimulus answers it as the server would.
 */
export class PlacementEditorWorld {
  private readonly saves = heldCalls<[SaveRequest], SaveOutcome>();
  private readonly actor: Actor<typeof placementEditorMachine>;
  private edits = 0;
  private typed = 0;

  private constructor(inspect?: (event: InspectionEvent) => void) {
    this.actor = createActor(
      placementEditorMachine.provide({
        actors: {
          loadPlacement: fromPromise(async () => adminPlacementOf()),
          savePlacement: fromPromise(({ input }) => this.saves.call(input)),
        },
      }),
      { inspect, input: { mediacode: 'TV508-01', blank: BLANK } },
    ).start();
  }

  static async open(inspect?: (event: InspectionEvent) => void) {
    const world = new PlacementEditorWorld(inspect);
    await settle();
    return world;
  }

  private snapshot() {
    return this.actor.getSnapshot();
  }

  private lastSave() {
    return this.saves.nth(this.saves.calls.length - 1);
  }

  private async answer(outcome: SaveOutcome) {
    this.lastSave().answer(outcome);
    await settle();
  }

  /** Saving does nothing: the form is the placement as saved. */
  private expectNothingToSave() {
    const before = this.saves.calls.length;
    this.actor.send({ type: 'placement.save' });
    expectSame('saves asked of an unchanged form', this.saves.calls.length, before);
  }

  params(): ModelParams<typeof placementEditorModel> {
    const value = () => this.snapshot().value;
    const context = () => this.snapshot().context;
    return {
      states: {
        editing: () => {
          expectSame('the editor', value(), { editing: 'idle' });
          this.expectNothingToSave();
        },
        changed: () => expectSame('the price typed', context().draft.unit_price, 5000 + this.typed),
        saving: () => {
          expectSame('the editor', value(), 'saving');
          expectSame('the save sends', this.lastSave().args[0].draft.unit_price, 5000 + this.typed);
        },
        saved: () => {
          expectSame('the editor', value(), { editing: 'saved' });
          this.expectNothingToSave();
        },
        invalid: () => {
          expectSame('the editor', value(), { editing: 'invalid' });
          expectSame('the field messages', context().errors, { unit_price: 'The unit price is too high.' });
        },
        conflicted: () => {
          expectSame('the editor', value(), 'conflicted');
          expectSame('their version kept', context().theirs?.name, THEIRS.name);
        },
        theirsLoaded: () => {
          expectSame('the editor', value(), { editing: 'idle' });
          expectSame('the form', context().draft.name, THEIRS.name);
          this.expectNothingToSave();
        },
        mineResaved: () => {
          expectSame('the editor', value(), 'saving');
          expectSame('the version claimed', this.lastSave().args[0].version, THEIRS.version);
          expectSame('the price sent', this.lastSave().args[0].draft.unit_price, 5000 + this.typed);
        },
        failed: () => {
          expectSame('the editor', value(), 'failed');
          expectSame('the form kept', context().draft.unit_price, 5000 + this.typed);
        },
      },
      events: {
        'user.edits': () => {
          this.edits += 1;
          this.typed = this.edits;
          this.actor.send({ type: 'placement.edit', fields: { unit_price: 5000 + this.typed } });
        },
        'user.saves': () => this.actor.send({ type: 'placement.save' }),
        'server.saves': () => {
          const sent = this.lastSave().args[0];
          const saved: AdminPlacement = adminPlacementOf({
            ...sent.draft,
            version: (sent.version ?? 0) + 1,
          } as Partial<AdminPlacement>);
          return this.answer({ kind: 'saved', placement: saved });
        },
        'server.refuses422': () =>
          this.answer({
            kind: 'invalid',
            message: 'Please check the highlighted fields.',
            errors: { unit_price: 'The unit price is too high.' },
          }),
        'server.conflicts': () =>
          this.answer({ kind: 'conflict', message: 'Someone else saved this placement.', theirs: THEIRS }),
        'network.fails': async () => {
          this.lastSave().fail(new Error('offline'));
          await settle();
        },
        'user.loadsTheirs': () => this.actor.send({ type: 'placement.loadTheirs' }),
        'user.keepsMine': () => this.actor.send({ type: 'placement.keepMine' }),
        'user.retries': () => this.actor.send({ type: 'placement.retry' }),
      },
    };
  }
}
