import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { QueuedFile } from '../../contract/adminFiles';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/**
 * Production's answer to one ad file (issue 31): "Accept with a note" or "Send back" opens a dialog
 * for the note the customer reads; sending it waits for the server, whose refusal (a colleague was
 * first, the customer approved another file) is shown in the dialog. Once answered, the queue is read
 * again (`reviewed`).
 */

export type ReviewDecision = 'accept' | 'return';

export type FileReviewEvent =
  | { type: 'review.open'; file: QueuedFile; decision: ReviewDecision }
  | { type: 'review.note'; text: string }
  | { type: 'review.send' }
  | { type: 'review.cancel' };

export interface FileReviewContext {
  file: QueuedFile | null;
  decision: ReviewDecision;
  note: string;
  error: string | null;
  /** What the server said of the last review done. */
  done: string | null;
}

export const fileReviewMachine = setup({
  types: { context: {} as FileReviewContext, events: {} as FileReviewEvent },
  actors: {
    /** POST /admin/files/{id}/accept or /return: the server's sentence. */
    sendReview: fromPromise<
      string,
      { id: string; order: string; run: string; decision: ReviewDecision; note: string }
    >(async () => {
      throw new Error('sendReview is supplied where the actor is created');
    }),
  },
  actions: {
    /** The queue is read again: the file moved out of it, or its review shows. */
    reviewed: () => {},
    open: assign(({ event }) =>
      event.type === 'review.open'
        ? { file: event.file, decision: event.decision, note: '', error: null }
        : {},
    ),
    keepNote: assign(({ event }) => (event.type === 'review.note' ? { note: event.text } : {})),
    keepFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    keepDone: assign((_, params: { message: string }) => ({ done: params.message, file: null, note: '' })),
    close: assign({ file: null, note: '', error: null }),
  },
  guards: {
    hasNote: ({ context }) => context.note.trim().length > 0,
  },
}).createMachine({
  id: 'fileReview',
  context: { file: null, decision: 'accept', note: '', error: null, done: null },
  initial: 'idle',
  states: {
    idle: { on: { 'review.open': { target: 'writing', actions: 'open' } } },
    writing: {
      on: {
        'review.note': { actions: 'keepNote' },
        'review.send': { guard: 'hasNote', target: 'sending' },
        'review.cancel': { target: 'idle', actions: 'close' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendReview',
        input: ({ context }) => ({
          id: context.file?.id ?? '',
          // The run the row shows: a file serving several runs is listed once per run.
          order: context.file?.order ?? '',
          run: context.file?.run ?? '',
          decision: context.decision,
          note: context.note.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'keepDone', params: ({ event }) => ({ message: event.output }) }, 'reviewed'],
        },
        onError: {
          target: 'writing',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type FileReviewSnapshot = SnapshotFrom<typeof fileReviewMachine>;
export const selectReviewing = (s: FileReviewSnapshot) => s.context.file;
export const selectReviewDecision = (s: FileReviewSnapshot) => s.context.decision;
export const selectReviewNote = (s: FileReviewSnapshot) => s.context.note;
export const selectReviewError = (s: FileReviewSnapshot) => s.context.error;
export const selectReviewDone = (s: FileReviewSnapshot) => s.context.done;
export const selectReviewSending = (s: FileReviewSnapshot) => s.hasTag('busy');
