import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
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

/** What the customer may ask of one upload, forwarded to it as is. */
type UploadCommand = 'upload.pause' | 'upload.resume' | 'upload.cancel' | 'upload.retry';

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
    /** Each file picked becomes an upload, queued behind those already there. */
    addUploads: assign(
      ({ context, spawn }, params: { files: readonly UploadFileRef[]; target: UploadTarget }) => {
        const uploads = params.files.map((file, i) => {
          const id = `upload-${context.added + i + 1}`;
          return { id, actor: spawn('upload', { id, input: { id, file, target: params.target } }) };
        });
        return { uploads: [...context.uploads, ...uploads], added: context.added + uploads.length };
      },
    ),
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
    /** The customer's command goes to the upload it names. */
    forward: enqueueActions(({ context, enqueue }, params: { id: string; type: UploadCommand }) => {
      const upload = context.uploads.find((u) => u.id === params.id);
      if (upload) enqueue.sendTo(upload.actor, { type: params.type });
    }),
    /** An upload cancelled or dismissed: its actor stops and it leaves the list. */
    dropUpload: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      enqueue.stopChild(params.id);
      enqueue.assign({ uploads: context.uploads.filter((u) => u.id !== params.id) });
    }),
    dropAll: enqueueActions(({ context, enqueue }) => {
      for (const { id } of context.uploads) enqueue.stopChild(id);
      enqueue.assign({ uploads: [] });
    }),
  },
  guards: {
    /** Passed, attention, rejected or cancelled: nothing left for it to do. */
    isFinished: ({ context }, params: { id: string }) =>
      context.uploads.some(
        (u) => u.id === params.id && FINISHED.some((s) => u.actor.getSnapshot().matches(s)),
      ),
  },
}).createMachine({
  id: 'uploadQueue',
  context: { uploads: [], added: 0 },
  on: {
    'files.add': {
      actions: [
        { type: 'addUploads', params: ({ event }) => ({ files: event.files, target: event.target }) },
        'fill',
      ],
    },
    'upload.pause': { actions: { type: 'forward', params: ({ event }) => event } },
    'upload.resume': { actions: { type: 'forward', params: ({ event }) => event } },
    'upload.retry': { actions: { type: 'forward', params: ({ event }) => event } },
    'upload.cancel': { actions: { type: 'forward', params: ({ event }) => event } },
    'queue.changed': { actions: 'fill' },
    'upload.cancelled': { actions: [{ type: 'dropUpload', params: ({ event }) => event }, 'fill'] },
    'queue.clear': { actions: 'dropAll' },
    'upload.dismiss': {
      guard: { type: 'isFinished', params: ({ event }) => event },
      actions: { type: 'dropUpload', params: ({ event }) => event },
    },
  },
});
