import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { CHECK_POLL_MS } from './upload.machine';

/** An order's run a file serves, is approved for or leaves (POST /files/{id}/approve, /detach). */
export interface RunChoice {
  order: string;
  run: string;
}

/** Runs of one order a file is attached to at once (POST /files/{id}/attach, issue 33). */
export interface RunsChoice {
  order: string;
  runs: readonly string[];
}

export type FileActionsEvent =
  /** "Approve" for one of its runs (none: its only run). */
  | { type: 'file.approve'; run?: RunChoice }
  /**
   * "Attach": runs of its own sheet take its checks; another sheet's checks it again. Runs of several
   * orders are attached order by order.
   */
  | { type: 'file.attach'; to: readonly RunsChoice[] }
  /** "Remove from this run". */
  | { type: 'file.detach'; run: RunChoice }
  /** "Delete": asks first. */
  | { type: 'file.delete' }
  | { type: 'file.deleteConfirmed' }
  | { type: 'file.deleteDismissed' };

const FALLBACK = 'Something went wrong. Check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK);

/**
 * What a customer does to one file of the library: attach a file sent for a sheet to an order's run
 * (it is checked again), approve it as its run's ad, or delete it after a confirmation. A refusal
 * (its deadline passed, a colleague deleted it) is said next to the file, which stays as it was; the
 * library is told to read again after a change. A file still being checked (`checking`: attached
 * just now, or by a colleague) is read until its checks are done, and the library told then.
 */
export const fileActionsMachine = setup({
  types: {
    context: {} as { id: string; error: string | null; checking: boolean },
    events: {} as FileActionsEvent,
    input: {} as { id: string; checking?: boolean },
  },
  actors: {
    approve: fromPromise<AdFile, { id: string; run?: RunChoice | undefined }>(async () => {
      throw new Error('approve is supplied where the actor is created');
    }),
    remove: fromPromise<void, { id: string }>(async () => {
      throw new Error('remove is supplied where the actor is created');
    }),
    attach: fromPromise<AdFile, { id: string; to: readonly RunsChoice[] }>(async () => {
      throw new Error('attach is supplied where the actor is created');
    }),
    detach: fromPromise<AdFile, { id: string; run: RunChoice }>(async () => {
      throw new Error('detach is supplied where the actor is created');
    }),
    fetchFile: fromPromise<AdFile, { id: string }>(async () => {
      throw new Error('fetchFile is supplied where the actor is created');
    }),
  },
  guards: {
    isBeingChecked: ({ context }) => context.checking,
    stillChecking: (_, file: AdFile) => file.status === 'uploading' || file.status === 'checking',
  },
  delays: { checkPoll: CHECK_POLL_MS },
  actions: {
    /** The library reads its files again. */
    changed: () => {},
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    watchChecks: assign({ checking: true }),
  },
}).createMachine({
  id: 'fileActions',
  context: ({ input }) => ({ id: input.id, error: null, checking: input.checking ?? false }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isBeingChecked', target: 'watchingChecks' }, { target: 'idle' }],
    },
    /** The checks are running on the server: read the file until they are done. */
    watchingChecks: {
      initial: 'waiting',
      on: { 'file.delete': { target: 'confirmingDelete', actions: 'clearError' } },
      states: {
        waiting: { after: { checkPoll: 'reading' } },
        reading: {
          invoke: {
            src: 'fetchFile',
            input: ({ context }) => ({ id: context.id }),
            onDone: [
              { guard: { type: 'stillChecking', params: ({ event }) => event.output }, target: 'waiting' },
              { target: '#fileActions.idle', actions: 'changed' },
            ],
            onError: {
              target: '#fileActions.idle',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    idle: {
      on: {
        'file.approve': { target: 'approving', actions: 'clearError' },
        'file.attach': { target: 'attaching', actions: 'clearError' },
        'file.detach': { target: 'detaching', actions: 'clearError' },
        'file.delete': { target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    attaching: {
      invoke: {
        src: 'attach',
        input: ({ context, event }) => {
          assertEvent(event, 'file.attach');
          return { id: context.id, to: event.to };
        },
        // Checked again against another sheet: watched until that is done.
        onDone: [
          {
            guard: { type: 'stillChecking', params: ({ event }) => event.output },
            target: 'watchingChecks',
            actions: ['changed', 'watchChecks'],
          },
          { target: 'idle', actions: 'changed' },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    detaching: {
      invoke: {
        src: 'detach',
        input: ({ context, event }) => {
          assertEvent(event, 'file.detach');
          return { id: context.id, run: event.run };
        },
        onDone: { target: 'idle', actions: 'changed' },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    approving: {
      invoke: {
        src: 'approve',
        input: ({ context, event }) => {
          assertEvent(event, 'file.approve');
          return { id: context.id, run: event.run };
        },
        onDone: { target: 'idle', actions: 'changed' },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingDelete: {
      // Kept, a file still being checked is watched again.
      on: { 'file.deleteConfirmed': 'deleting', 'file.deleteDismissed': 'opening' },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'deleted', actions: 'changed' },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
