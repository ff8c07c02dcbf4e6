import { and, assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import type { TransferEvent, TransferInput, UploadFileRef, UploadRecord, UploadTarget } from './upload.types';

export type UploadEvent =
  /** From the queue: a slot is free, send the bytes. */
  | { type: 'upload.start' }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | TransferEvent;

export interface UploadContext {
  id: string;
  file: UploadFileRef;
  target: UploadTarget;
  sent: number;
  total: number;
  uploadUrl: string | null;
  fileId: string | null;
  /** The file as checked: its status and checks. */
  record: UploadRecord | null;
  error: string | null;
  /**
   * Whether the same file sent again may get through: a dropped connection or a busy server, or a lost
   * answer of the checks. False after a refusal (a run of another spec sheet, too large, a wrong type):
   * sending it again would only be refused again, so Retry is not offered.
   */
  retryable: boolean;
  /** Failed reads of the file's checks in a row. */
  misses: number;
}

/** How often a file being checked is asked about. */
export const CHECK_POLL_MS = 1_500;
/** Reads of a file being checked that may fail in a row before the upload says so. */
const MISSES_ALLOWED = 3;

const CHECK_LOST = 'The checks of this file could not be read. Check your connection, then try again.';

/** A cancel asks the server to drop what it has, when it has anything. */
const CANCEL = [{ guard: 'hasUploadUrl', target: 'cancelling' }, { target: 'cancelled' }] as const;

/**
 * One file on its way up and through the checks: queued until the queue gives it a slot, uploading
 * (progress), paused (the tus client stops; the upload's address is kept, so resuming sends only what
 * the server lacks), checking (its record is read until the verdict), then passed, attention or
 * rejected; failed with a message (and Retry, unless the server refused the file), or cancelled. It tells the queue (its parent) when it
 * stops holding a slot or wants one again, and when it is cancelled.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { id: string; file: UploadFileRef; target: UploadTarget },
  },
  actors: {
    /** The tus client: sends TransferEvents back; stopping it pauses the upload (no termination). */
    transfer: fromCallback<UploadEvent, TransferInput>(() => {
      throw new Error('transfer is supplied where the actor is created');
    }),
    /** GET /files/{id}: the file's status and checks. */
    fetchFile: fromPromise<UploadRecord, { fileId: string }>(async () => {
      throw new Error('fetchFile is supplied where the actor is created');
    }),
    /** DELETE on the tus upload: the server drops what it has (a cancel). */
    terminate: fromPromise<void, { uploadUrl: string }>(async () => {
      throw new Error('terminate is supplied where the actor is created');
    }),
  },
  delays: { checkPoll: CHECK_POLL_MS },
  actions: {
    /** The queue may start another file. */
    slotFreed: sendParent(({ context }) => ({ type: 'queue.changed' as const, id: context.id })),
    cancelled: sendParent(({ context }) => ({ type: 'upload.cancelled' as const, id: context.id })),
    /** The upload's address on the server: kept, so a resume continues instead of starting again. */
    keepUploadUrl: assign((_, params: { uploadUrl: string }) => ({ uploadUrl: params.uploadUrl })),
    showProgress: assign((_, params: { sent: number; total: number }) => ({
      sent: params.sent,
      total: params.total,
    })),
    /** The bytes are in: the file's id, to read its checks. */
    keepFileId: assign(({ context }, params: { fileId: string }) => ({
      fileId: params.fileId,
      sent: context.total,
    })),
    /** The tus client gave up: its sentence, and whether the server would take the same file later. */
    transferFailed: assign((_, params: { message: string; retryable: boolean }) => ({
      error: params.message,
      retryable: params.retryable,
    })),
    /** The checks as read; a read that answered ends a run of misses. */
    keepRecord: assign((_, params: { record: UploadRecord }) => ({ record: params.record, misses: 0 })),
    countMiss: assign(({ context }) => ({ misses: context.misses + 1 })),
    /** The bytes are in and only the checks' answer was lost: asking again may get it. */
    checksLost: assign({ error: CHECK_LOST, retryable: true, misses: 0 }),
    cleared: assign({ error: null, retryable: false }),
  },
  guards: {
    stillChecking: (_, record: UploadRecord) => record.status === 'uploading' || record.status === 'checking',
    hasPassed: ({ context }) => context.record?.status === 'passed',
    wasRejected: ({ context }) => context.record?.status === 'rejected',
    mayMissAgain: ({ context }) => context.misses + 1 < MISSES_ALLOWED,
    uploaded: ({ context }) => context.fileId !== null,
    hasUploadUrl: ({ context }) => context.uploadUrl !== null,
    mayRetry: ({ context }) => context.retryable,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    id: input.id,
    file: input.file,
    target: input.target,
    sent: 0,
    total: input.file.size,
    uploadUrl: null,
    fileId: null,
    record: null,
    error: null,
    retryable: false,
    misses: 0,
  }),
  initial: 'queued',
  on: {
    'transfer.created': {
      actions: { type: 'keepUploadUrl', params: ({ event }) => ({ uploadUrl: event.uploadUrl }) },
    },
  },
  states: {
    queued: {
      on: {
        'upload.start': 'uploading',
        'upload.pause': 'paused',
        'upload.cancel': CANCEL,
      },
    },
    uploading: {
      exit: 'slotFreed',
      invoke: {
        src: 'transfer',
        input: ({ context }) => ({
          file: context.file,
          target: context.target,
          uploadUrl: context.uploadUrl,
        }),
      },
      on: {
        'transfer.progress': {
          actions: {
            type: 'showProgress',
            params: ({ event }) => ({ sent: event.sent, total: event.total }),
          },
        },
        'transfer.done': {
          target: 'checking',
          actions: { type: 'keepFileId', params: ({ event }) => ({ fileId: event.fileId }) },
        },
        'transfer.failed': {
          target: 'failed',
          actions: {
            type: 'transferFailed',
            params: ({ event }) => ({ message: event.message, retryable: event.retryable }),
          },
        },
        'upload.pause': 'paused',
        'upload.cancel': CANCEL,
      },
    },
    paused: {
      on: {
        // Back in the queue: it waits for a slot like any other file.
        'upload.resume': { target: 'queued', actions: 'slotFreed' },
        'upload.cancel': CANCEL,
      },
    },
    checking: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            src: 'fetchFile',
            input: ({ context }) => ({ fileId: context.fileId ?? '' }),
            onDone: [
              {
                guard: { type: 'stillChecking', params: ({ event }) => event.output },
                target: 'waiting',
                actions: { type: 'keepRecord', params: ({ event }) => ({ record: event.output }) },
              },
              {
                target: '#upload.checked',
                actions: { type: 'keepRecord', params: ({ event }) => ({ record: event.output }) },
              },
            ],
            onError: [
              {
                guard: 'mayMissAgain',
                target: 'waiting',
                actions: 'countMiss',
              },
              { target: '#upload.failed', actions: 'checksLost' },
            ],
          },
        },
        waiting: { after: { checkPoll: 'reading' } },
      },
    },
    checked: {
      always: [
        { guard: 'hasPassed', target: 'passed' },
        { guard: 'wasRejected', target: 'rejected' },
        // A check failed: the file is kept, and the page shows which check to fix before sending it again.
        { target: 'attention' },
      ],
    },
    passed: { type: 'final' },
    attention: { type: 'final' },
    rejected: { type: 'final' },
    failed: {
      on: {
        // Not after a refusal: the same file would be refused again (`s.can` is then false, no Retry).
        'upload.retry': [
          // The bytes are in: only the checks' answer was lost.
          { guard: and(['mayRetry', 'uploaded']), target: 'checking', actions: 'cleared' },
          { guard: 'mayRetry', target: 'queued', actions: ['cleared', 'slotFreed'] },
        ],
        // Once the bytes are in there is no upload left to cancel: the file is deleted from the library.
        'upload.cancel': [
          { guard: 'uploaded' },
          { guard: 'hasUploadUrl', target: 'cancelling' },
          { target: 'cancelled' },
        ],
      },
    },
    cancelling: {
      invoke: {
        src: 'terminate',
        input: ({ context }) => ({ uploadUrl: context.uploadUrl ?? '' }),
        // Dropped here either way: a failed termination leaves bytes the server sweeps later.
        onDone: 'cancelled',
        onError: 'cancelled',
      },
    },
    cancelled: { type: 'final', entry: 'cancelled' },
  },
});
