import { type ActorRefFrom, assign, enqueueActions, setup, stopChild } from 'xstate';
import { uploadMachine } from './upload.machine';
import type { UploadFileRef, UploadTarget } from './upload.types';

/** At most this many files send bytes at once; the others wait their turn, in the order picked. */
export const MAX_PARALLEL = 3;

export type UploadQueueEvent =
  | { type: 'files.add'; files: readonly UploadFileRef[]; target: UploadTarget }
  | { type: 'upload.pause'; id: string }
  | { type: 'upload.resume'; id: string }
  | { type: 'upload.cancel'; id: string }
  | { type: 'upload.retry'; id: string }
  /** Forget a finished upload (its file stays in the library). */
  | { type: 'upload.dismiss'; id: string }
  /** From an upload: it freed a slot or wants one. */
  | { type: 'queue.changed'; id: string }
  /** From an upload: cancelled, to be dropped. */
  | { type: 'upload.cancelled'; id: string }
  /**
   * Another customer signed in on this page, or nobody is: every upload stops where it is, so no
   * file of one account is ever sent with another's sign-in.
   */
  | { type: 'queue.clear' };

export type UploadActor = ActorRefFrom<typeof uploadMachine>;

export interface UploadQueueContext {
  uploads: { id: string; actor: UploadActor }[];
  added: number;
}

const FINISHED = ['passed', 'attention', 'rejected', 'cancelled'] as const;

/**
 * The uploads of the session: files are added with what they are checked against, each becomes an
 * upload actor, and at most MAX_PARALLEL of them send bytes at once. Only sending holds a slot: a
 * file being checked is the server's work, and a paused or failed one waits for the customer. The
 * queue lives as long as the app, so uploads go on while the customer moves between pages.
 */
export const uploadQueueMachine = setup({
  types: { context: {} as UploadQueueContext, events: {} as UploadQueueEvent },
  actors: { upload: uploadMachine },
  actions: {
    /** Starts queued uploads, oldest first, while slots are free. */
    fill: enqueueActions(({ context, enqueue }) => {
      let busy = context.uploads.filter(({ actor }) => actor.getSnapshot().matches('uploading')).length;
      for (const { actor } of context.uploads) {
        if (busy >= MAX_PARALLEL) break;
        if (actor.getSnapshot().matches('queued')) {
          enqueue.sendTo(actor, { type: 'upload.start' });
          busy += 1;
        }
      }
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      if (!('id' in event)) return;
      const upload = context.uploads.find((u) => u.id === event.id);
      if (!upload) return;
      if (
        event.type === 'upload.pause' ||
        event.type === 'upload.resume' ||
        event.type === 'upload.cancel' ||
        event.type === 'upload.retry'
      )
        enqueue.sendTo(upload.actor, { type: event.type });
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: { uploads: [], added: 0 },
  on: {
    'files.add': {
      actions: [
        assign(({ context, event, spawn }) => {
          const uploads = event.files.map((file, i) => {
            const id = `upload-${context.added + i + 1}`;
            return { id, actor: spawn('upload', { id, input: { id, file, target: event.target } }) };
          });
          return { uploads: [...context.uploads, ...uploads], added: context.added + uploads.length };
        }),
        'fill',
      ],
    },
    'upload.pause': { actions: 'forward' },
    'upload.resume': { actions: 'forward' },
    'upload.retry': { actions: 'forward' },
    'upload.cancel': { actions: 'forward' },
    'queue.changed': { actions: 'fill' },
    'upload.cancelled': {
      actions: [
        stopChild(({ event }) => event.id),
        assign({ uploads: ({ context, event }) => context.uploads.filter((u) => u.id !== event.id) }),
        'fill',
      ],
    },
    'queue.clear': {
      actions: [
        enqueueActions(({ context, enqueue }) => {
          for (const { id } of context.uploads) enqueue.stopChild(id);
        }),
        assign({ uploads: [] }),
      ],
    },
    'upload.dismiss': {
      guard: ({ context, event }) =>
        context.uploads.some(
          (u) => u.id === event.id && FINISHED.some((s) => u.actor.getSnapshot().matches(s)),
        ),
      actions: [
        stopChild(({ event }) => event.id),
        assign({ uploads: ({ context, event }) => context.uploads.filter((u) => u.id !== event.id) }),
      ],
    },
  },
});
