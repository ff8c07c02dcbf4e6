import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AdminPlacement } from '../../contract/adminCatalogue';
import { messageOf } from '../failures';
import { draftOf, sameValue } from './placementDraft';
import type {
  PlacementEditorContext,
  PlacementEditorEvent,
  PlacementEditorInput,
  SaveOutcome,
  SaveRequest,
} from './placementEditor.types';

export type * from './placementEditor.types';

const NO_ANSWER = 'We could not reach the server. Check your connection and try again.';
const editedWhileSaving = (context: PlacementEditorContext) =>
  context.sent !== null && !sameValue(context.draft, context.sent);
/** Typing goes on while a save runs or a conflict is open: the form keeps it. */
const keepTyping = { 'placement.edit': { actions: 'edit' } } as const;

/**
 * The back office's placement editor (issue 31): load, edit, save. A save claims the version it
 * started from; when someone else saved first the server answers 409 with their placement, and the
 * editor keeps both until the person chooses "Load their version" (the form becomes theirs) or "Keep
 * mine and save again" (the form is saved over their version). A 422 keeps the form with a message per
 * field; a failure to reach the server keeps it too, with "Try again".
 */
export const placementEditorMachine = setup({
  types: {
    context: {} as PlacementEditorContext,
    events: {} as PlacementEditorEvent,
    input: {} as PlacementEditorInput,
  },
  actors: {
    /** GET /admin/placements/{code}. */
    loadPlacement: fromPromise<AdminPlacement, { mediacode: string }>(async () => {
      throw new Error('loadPlacement is supplied in src/system');
    }),
    /** POST /admin/placements or PATCH /admin/placements/{code}; rejects only when the server is not reached. */
    savePlacement: fromPromise<SaveOutcome, SaveRequest>(async () => {
      throw new Error('savePlacement is supplied in src/system');
    }),
  },
  actions: {
    /** A new placement was saved: its page has its code from now on (supplied in src/system). */
    placementCreated: (_, _params: { mediacode: string }) => {},
    takeLoaded: assign((_, { placement }: { placement: AdminPlacement }) => ({
      saved: placement,
      draft: draftOf(placement),
      baseVersion: placement.version,
    })),
    edit: assign(({ context, event }) =>
      event.type === 'placement.edit' ? { draft: { ...context.draft, ...event.fields } } : {},
    ),
    rememberSent: assign(({ context }) => ({ sent: context.draft })),
    takeSaved: assign(({ context }, { outcome }: { outcome: SaveOutcome }) =>
      outcome.kind === 'saved'
        ? {
            saved: outcome.placement,
            mediacode: outcome.placement.mediacode,
            draft: editedWhileSaving(context) ? context.draft : draftOf(outcome.placement),
            baseVersion: outcome.placement.version,
            errors: {},
            message: null,
            theirs: null,
          }
        : {},
    ),
    takeRefusal: assign((_, { outcome }: { outcome: SaveOutcome }) =>
      outcome.kind === 'invalid' ? { errors: outcome.errors, message: outcome.message } : {},
    ),
    takeConflict: assign((_, { outcome }: { outcome: SaveOutcome }) =>
      outcome.kind === 'conflict' ? { theirs: outcome.theirs, message: outcome.message } : {},
    ),
    loadTheirs: assign(({ context }) =>
      context.theirs
        ? {
            saved: context.theirs,
            draft: draftOf(context.theirs),
            baseVersion: context.theirs.version,
            theirs: null,
            message: null,
            errors: {},
          }
        : {},
    ),
    keepMine: assign(({ context }) => ({
      baseVersion: context.theirs?.version ?? context.baseVersion,
      saved: context.theirs ?? context.saved,
      theirs: null,
      message: null,
    })),
    /** Pictures are saved on their own and never move the version: the form keeps what is typed. */
    takeImages: assign(({ context, event }) =>
      event.type === 'placement.imagesChanged' && context.saved
        ? { saved: { ...context.saved, images: event.placement.images, image: event.placement.image } }
        : {},
    ),
    showFailure: assign((_, { error }: { error: unknown }) => ({ message: messageOf(error, NO_ANSWER) })),
    forgetMessage: assign({ message: null }),
  },
  guards: {
    isNew: ({ context }) => context.mediacode === null,
    hasChanges: ({ context }) => context.saved === null || !sameValue(context.draft, draftOf(context.saved)),
    /** Saved, and nothing was typed while it saved: status "Saved". */
    isSavedAsTyped: ({ context }, { outcome }: { outcome: SaveOutcome }) =>
      outcome.kind === 'saved' && !editedWhileSaving(context),
    isSaved: (_, { outcome }: { outcome: SaveOutcome }) => outcome.kind === 'saved',
    isInvalid: (_, { outcome }: { outcome: SaveOutcome }) => outcome.kind === 'invalid',
    isConflict: (_, { outcome }: { outcome: SaveOutcome }) => outcome.kind === 'conflict',
    /** Saved for the first time: a new placement got its code. */
    isCreated: ({ context }, { outcome }: { outcome: SaveOutcome }) =>
      outcome.kind === 'saved' && context.saved === null,
  },
}).createMachine({
  id: 'placementEditor',
  context: ({ input }) => ({
    ...input,
    saved: null,
    draft: input.blank,
    baseVersion: null,
    errors: {},
    message: null,
    theirs: null,
    sent: null,
  }),
  initial: 'starting',
  on: {
    // A picture is saved apart from the form, so it is taken whatever the form is doing.
    'placement.imagesChanged': { actions: 'takeImages' },
  },
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadPlacement',
        input: ({ context }) => ({ mediacode: context.mediacode ?? '' }),
        onDone: {
          target: 'editing',
          actions: { type: 'takeLoaded', params: ({ event }) => ({ placement: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The placement could not be read: "Try again". */
    loadFailed: {
      on: { 'placement.retry': { target: 'loading', actions: 'forgetMessage' } },
    },
    editing: {
      initial: 'idle',
      on: {
        'placement.edit': { target: '.idle', actions: 'edit' },
        'placement.save': { guard: 'hasChanges', target: 'saving' },
      },
      states: {
        idle: {},
        /** Status "Saved". */
        saved: {},
        /** The server refused some fields: a message by each. */
        invalid: {},
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'rememberSent',
      on: keepTyping,
      invoke: {
        src: 'savePlacement',
        input: ({ context }) => ({
          mediacode: context.saved ? context.mediacode : null,
          draft: context.draft,
          version: context.baseVersion,
        }),
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing.saved',
            actions: [
              { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
              {
                type: 'placementCreated',
                params: ({ event }) => ({
                  mediacode: event.output.kind === 'saved' ? event.output.placement.mediacode : '',
                }),
              },
            ],
          },
          {
            guard: { type: 'isSavedAsTyped', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing.saved',
            actions: { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ outcome: event.output }) },
            target: 'conflicted',
            actions: { type: 'takeConflict', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'editing.invalid',
            actions: { type: 'takeRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** "Someone else saved this placement": load theirs, or keep mine and save again. */
    conflicted: {
      on: {
        ...keepTyping,
        'placement.loadTheirs': { target: 'editing', actions: 'loadTheirs' },
        'placement.keepMine': { target: 'saving', actions: 'keepMine' },
      },
    },
    /** The save did not reach the server: the form is kept, "Try again". */
    failed: {
      on: {
        'placement.retry': { target: 'saving', actions: 'forgetMessage' },
        // "Save placement" is on show too: it tries again like "Try again".
        'placement.save': { target: 'saving', actions: 'forgetMessage' },
        'placement.edit': { target: 'editing', actions: ['edit', 'forgetMessage'] },
      },
    },
  },
});

type PlacementEditorSnapshot = SnapshotFrom<typeof placementEditorMachine>;

/**
 * Whether leaving would lose typing: the form differs from the placement as saved, or, for a new
 * one, from its blank form. (`hasChanges` differs on purpose: a new placement may be saved as it is.)
 */
export const selectIsDirty = ({ context: { draft, saved, blank } }: PlacementEditorSnapshot): boolean =>
  saved === null ? !sameValue(draft, blank) : !sameValue(draft, draftOf(saved));
