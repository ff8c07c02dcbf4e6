import { assign, fromPromise, setup } from 'xstate';
import type { EddmArea } from '../../contract/directMail';
import { apiMessageOf } from '../failures';

/** A selection to save as an area. */
export interface AreaDraft {
  name: string;
  routes: string[];
  residentialOnly: boolean;
}

export type EddmAreasEvent =
  /** The page opened for a signed-in person (or they signed in on it): read the company's areas. */
  | { type: 'areas.load' }
  /** Signed out: the company's areas are no longer theirs to see. */
  | { type: 'areas.signedOut' }
  | { type: 'areas.retry' }
  /** Save the current selection under a name. */
  | { type: 'areas.save'; draft: AreaDraft }
  | { type: 'areas.rename'; id: string; name: string }
  /** Delete asks first; confirmed or cancelled. */
  | { type: 'areas.deleteRequested'; id: string }
  | { type: 'areas.deleteConfirmed' }
  | { type: 'areas.deleteCancelled' }
  /** Use an area: its routes replace the page's selection. */
  | { type: 'areas.use'; id: string }
  | { type: 'areas.noticeDismissed' };

export interface EddmAreasContext {
  areas: EddmArea[];
  loadError: string | null;
  /** Why the last save, rename or delete did not happen (the API's sentence). */
  actionError: string | null;
  /** What was just done, for a polite status line ("“Around the shop” is saved for your team."). */
  notice: string | null;
  /** The area a delete waits to be confirmed for. */
  deleting: string | null;
}

const supplied = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is supplied where the actor is created`);
};

/** An answered area in the list: in its place, or first (the most recently changed first). */
const withArea = (areas: readonly EddmArea[], area: EddmArea) => [
  area,
  ...areas.filter((a) => a.id !== area.id),
];

/**
 * A company's saved every-door areas on the every-door page (issue 34): the list read once signed in
 * (failure and retry), saving the selection under a name, renaming, deleting after a confirmation, and
 * using one (its routes replace the selection: `applyArea`, supplied where the actor is created, tells
 * the every-door actor). One request at a time; a failure is said and the list is left as it was.
 */
export const eddmAreasMachine = setup({
  types: {
    context: {} as EddmAreasContext,
    events: {} as EddmAreasEvent,
  },
  actors: {
    loadAreas: fromPromise<EddmArea[]>(supplied('loadAreas')),
    /** Each resolves with the area as answered, or rejects with the API's sentence as its cause. */
    createArea: fromPromise<EddmArea, AreaDraft>(supplied('createArea')),
    renameArea: fromPromise<EddmArea, { id: string; name: string }>(supplied('renameArea')),
    deleteArea: fromPromise<unknown, { id: string }>(supplied('deleteArea')),
  },
  actions: {
    keepAreas: assign((_, params: { areas: EddmArea[] }) => ({ areas: params.areas, loadError: null })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({
      loadError: apiMessageOf(params.error, 'Your saved areas could not be loaded.'),
    })),
    forgetAreas: assign({ areas: [], loadError: null, actionError: null, notice: null, deleting: null }),
    startAction: assign({ actionError: null, notice: null }),
    keepArea: assign(({ context }, params: { area: EddmArea; notice: string }) => ({
      areas: withArea(context.areas, params.area),
      notice: params.notice,
    })),
    askToDelete: assign((_, params: { id: string }) => ({
      deleting: params.id,
      actionError: null,
      notice: null,
    })),
    forgetDelete: assign({ deleting: null }),
    dropDeleted: assign(({ context }) => {
      const gone = context.areas.find((a) => a.id === context.deleting);
      return {
        areas: context.areas.filter((a) => a.id !== context.deleting),
        deleting: null,
        notice: gone ? `“${gone.name}” is deleted.` : null,
      };
    }),
    showActionFailure: assign((_, params: { error: unknown; fallback: string }) => ({
      actionError: apiMessageOf(params.error, params.fallback),
      deleting: null,
    })),
    useArea: assign(({ context }, params: { id: string }) => {
      const area = context.areas.find((a) => a.id === params.id);
      return {
        notice: area ? `Using “${area.name}”: its routes are your selection.` : null,
        actionError: null,
      };
    }),
    dismissNotice: assign({ notice: null }),
    // Effect, supplied where the actor is created: the every-door actor takes the area's routes.
    applyArea: (_, _params: { id: string }) => {},
  },
  guards: {
    /** A name and at least one route: anything else the API would refuse anyway. */
    isSavable: (_, params: { draft: AreaDraft }) =>
      params.draft.name.trim() !== '' && params.draft.routes.length > 0,
    isNamed: (_, params: { name: string }) => params.name.trim() !== '',
    isListed: ({ context }, params: { id: string }) => context.areas.some((a) => a.id === params.id),
  },
}).createMachine({
  id: 'eddmAreas',
  initial: 'signedOut',
  context: { areas: [], loadError: null, actionError: null, notice: null, deleting: null },
  on: {
    'areas.signedOut': { target: '.signedOut', actions: 'forgetAreas' },
    'areas.noticeDismissed': { actions: 'dismissNotice' },
  },
  states: {
    signedOut: { on: { 'areas.load': 'loading' } },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadAreas',
        onDone: {
          target: 'ready',
          actions: { type: 'keepAreas', params: ({ event }) => ({ areas: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'areas.retry': 'loading', 'areas.load': 'loading' } },
    ready: {
      on: {
        'areas.load': 'loading',
        'areas.save': {
          guard: { type: 'isSavable', params: ({ event }) => ({ draft: event.draft }) },
          target: 'saving',
          actions: 'startAction',
        },
        'areas.rename': {
          guard: { type: 'isNamed', params: ({ event }) => ({ name: event.name }) },
          target: 'renaming',
          actions: 'startAction',
        },
        'areas.deleteRequested': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: { type: 'askToDelete', params: ({ event }) => ({ id: event.id }) },
        },
        'areas.use': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          actions: [
            { type: 'useArea', params: ({ event }) => ({ id: event.id }) },
            { type: 'applyArea', params: ({ event }) => ({ id: event.id }) },
          ],
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'createArea',
        input: ({ event }) => {
          if (event.type !== 'areas.save') throw new Error('Saving starts from areas.save');
          return event.draft;
        },
        onDone: {
          target: 'ready',
          actions: {
            type: 'keepArea',
            params: ({ event }) => ({
              area: event.output,
              notice: `“${event.output.name}” is saved for your team.`,
            }),
          },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'showActionFailure',
            params: ({ event }) => ({ error: event.error, fallback: 'The area could not be saved.' }),
          },
        },
      },
    },
    renaming: {
      tags: ['busy'],
      invoke: {
        src: 'renameArea',
        input: ({ event }) => {
          if (event.type !== 'areas.rename') throw new Error('Renaming starts from areas.rename');
          return { id: event.id, name: event.name };
        },
        onDone: {
          target: 'ready',
          actions: {
            type: 'keepArea',
            params: ({ event }) => ({ area: event.output, notice: `Renamed “${event.output.name}”.` }),
          },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'showActionFailure',
            params: ({ event }) => ({ error: event.error, fallback: 'The area could not be renamed.' }),
          },
        },
      },
    },
    confirmingDelete: {
      on: {
        'areas.deleteConfirmed': 'deleting',
        'areas.deleteCancelled': { target: 'ready', actions: 'forgetDelete' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteArea',
        input: ({ context }) => ({ id: context.deleting ?? '' }),
        onDone: { target: 'ready', actions: 'dropDeleted' },
        onError: {
          target: 'ready',
          actions: {
            type: 'showActionFailure',
            params: ({ event }) => ({ error: event.error, fallback: 'The area could not be deleted.' }),
          },
        },
      },
    },
  },
});
