import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';
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
  /** The library read again says the file is being checked (a colleague attached it elsewhere). */
  | { type: 'file.checking' }
  | { type: 'file.deleteDismissed' };

/** An order whose runs the file could not be attached to, and the API's sentence why. */
export interface AttachFailure {
  order: string;
  message: string;
}

/**
 * What attaching to several orders did, in sentences: which orders took the file and why the others
 * did not (null when every order did). One order refused alone is its sentence as the API said it.
 */
export function attachReport(
  attached: readonly RunsChoice[],
  failed: readonly AttachFailure[],
): string | null {
  if (failed.length === 0) return null;
  if (attached.length === 0 && failed.length === 1) return failed[0]?.message ?? null;
  const done = attached.map(
    (to) => `Attached to ${to.order} (${to.runs.length} ${to.runs.length === 1 ? 'run' : 'runs'}).`,
  );
  const refused = failed.map((f) => `Not attached to ${f.order}: ${f.message}`);
  return [...done, ...refused].join(' ');
}

interface FileActionsContext {
  id: string;
  error: string | null;
  checking: boolean;
  /** While attaching: the orders still to call, those done, those refused, and the file as it ends up. */
  pending: readonly RunsChoice[];
  attached: readonly RunsChoice[];
  failed: readonly AttachFailure[];
  lastFile: AdFile | null;
}

/**
 * What a customer does to one file of the library: attach a file sent for a sheet to an order's run
 * (it is checked again), approve it as its run's ad, or delete it after a confirmation. A refusal
 * (its deadline passed, a colleague deleted it) is said next to the file, which stays as it was; the
 * library is told to read again after a change. A file still being checked (`checking`: attached
 * just now, or by a colleague) is read until its checks are done, and the library told then.
 */
export const fileActionsMachine = setup({
  types: {
    context: {} as FileActionsContext,
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
    /** One order's runs (the API takes one order a call); the machine calls it order by order. */
    attach: fromPromise<AdFile, { id: string; to: RunsChoice }>(async () => {
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
    moreToAttach: ({ context }) => context.pending.length > 0,
    noneAttached: ({ context }) => context.attached.length === 0,
    lastStillChecking: ({ context }) =>
      context.lastFile !== null &&
      (context.lastFile.status === 'uploading' || context.lastFile.status === 'checking'),
  },
  delays: { checkPoll: CHECK_POLL_MS },
  actions: {
    /** The library reads its files again. */
    changed: () => {},
    keepError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    clearError: assign({ error: null }),
    watchChecks: assign({ checking: true }),
    startAttach: assign(({ event }) => {
      assertEvent(event, 'file.attach');
      return { pending: event.to, attached: [], failed: [], lastFile: null };
    }),
    keepAttached: assign(({ context }, file: AdFile) => {
      const [done, ...rest] = context.pending;
      return {
        pending: rest,
        attached: done ? [...context.attached, done] : context.attached,
        lastFile: file,
      };
    }),
    keepFailed: assign(({ context }, params: { error: unknown }) => {
      const [refused, ...rest] = context.pending;
      return {
        pending: rest,
        failed: refused
          ? [
              ...context.failed,
              { order: refused.order, message: messageOf(params.error, SOMETHING_WENT_WRONG) },
            ]
          : context.failed,
      };
    }),
    reportAttach: assign(({ context }) => ({ error: attachReport(context.attached, context.failed) })),
  },
}).createMachine({
  id: 'fileActions',
  context: ({ input }) => ({
    id: input.id,
    error: null,
    checking: input.checking ?? false,
    pending: [],
    attached: [],
    failed: [],
    lastFile: null,
  }),
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
        'file.checking': { target: 'watchingChecks', actions: 'watchChecks' },
      },
    },
    /**
     * Order by order: a refusal of one does not stop the others, and what was attached is reported
     * with what was not, the library read again as soon as anything changed.
     */
    attaching: {
      entry: 'startAttach',
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'attach',
            input: ({ context }) => ({ id: context.id, to: context.pending[0] ?? { order: '', runs: [] } }),
            onDone: {
              target: 'deciding',
              actions: { type: 'keepAttached', params: ({ event }) => event.output },
            },
            onError: {
              target: 'deciding',
              actions: { type: 'keepFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        deciding: {
          always: [
            { guard: 'moreToAttach', target: 'calling' },
            { guard: 'noneAttached', target: '#fileActions.idle', actions: 'reportAttach' },
            // Checked again against another sheet: watched until that is done.
            {
              guard: 'lastStillChecking',
              target: '#fileActions.watchingChecks',
              actions: ['reportAttach', 'changed', 'watchChecks'],
            },
            { target: '#fileActions.idle', actions: ['reportAttach', 'changed'] },
          ],
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
