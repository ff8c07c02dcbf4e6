import { assign, fromPromise, setup } from 'xstate';
import type { AdFile } from '../../contract/adFiles';

export type FileActionsEvent =
  | { type: 'file.approve' }
  /** "Delete": asks first. */
  | { type: 'file.delete' }
  | { type: 'file.deleteConfirmed' }
  | { type: 'file.deleteDismissed' };

const FALLBACK = 'Something went wrong. Check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK);

/**
 * What a customer does to one file of the library: approve it as its run's ad, or delete it after a
 * confirmation. A refusal (its deadline passed, a colleague deleted it) is said next to the file,
 * which stays as it was; the library is told to read again after a change.
 */
export const fileActionsMachine = setup({
  types: {
    context: {} as { id: string; error: string | null },
    events: {} as FileActionsEvent,
    input: {} as { id: string },
  },
  actors: {
    approve: fromPromise<AdFile, { id: string }>(async () => {
      throw new Error('approve is supplied where the actor is created');
    }),
    remove: fromPromise<void, { id: string }>(async () => {
      throw new Error('remove is supplied where the actor is created');
    }),
  },
  actions: {
    /** The library reads its files again. */
    changed: () => {},
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'fileActions',
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.approve': { target: 'approving', actions: 'clearError' },
        'file.delete': { target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    approving: {
      invoke: {
        src: 'approve',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'idle', actions: 'changed' },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingDelete: {
      on: { 'file.deleteConfirmed': 'deleting', 'file.deleteDismissed': 'idle' },
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
