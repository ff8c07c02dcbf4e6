import { DetailedError, Upload } from 'tus-js-client';
import { type ActorRefFrom, createActor, fromCallback, fromPromise } from 'xstate';
import { uploadRefusal } from '../../contract/uploads';
import { type UploadEvent, uploadMachine } from '../../machines/upload/upload.machine';
import type { TransferInput, UploadTarget } from '../../machines/upload/upload.types';
import { uploadQueueMachine } from '../../machines/upload/uploadQueue.machine';
import { config } from '../config';
import { readStore } from '../lib/storage';
import type { AppSystem } from './app';
import { fileCalls } from './fileCalls';
import { watchCustomer } from './requests';

/** Chunks of 5 MB: a dropped connection costs at most that much again. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** The tus client's own retries of a chunk before the upload says it failed. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];
const ENDPOINT = `${config.apiBase}/uploads`;

const withToken = {
  onBeforeRequest(request: { setHeader(name: string, value: string): void }) {
    // Read at each request: a long upload outlives an access token the session renews.
    const token = readStore().token;
    if (token) request.setHeader('Authorization', `Bearer ${token}`);
  },
};

/** What went wrong, in the server's words when it answered (its refusals are sentences). */
function failureOf(error: Error): { message: string; retryable: boolean } {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return { message: 'The connection dropped. Check it, then try again.', retryable: true };
  const status = response.getStatus();
  const body = response.getBody() ?? '';
  let message = body.trim();
  try {
    message = (JSON.parse(body) as { message?: string }).message ?? message;
  } catch {
    // A tus refusal is plain text.
  }
  // A lapsed sign-in is not the file's fault: once signed in again, Retry sends the same file.
  const retryable = status >= 500 || status === 401 || status === 409 || status === 423 || status === 429;
  if (status === 401) message = 'Your sign-in ended: sign in again, then retry.';
  // A refusal offers no Retry, so its fallback does not ask for one.
  const fallback = retryable ? 'The upload was refused. Please try again.' : 'The upload was refused.';
  return { message: message || fallback, retryable };
}

/** A resumable upload's key in the browser's storage: the file as picked, and its target. */
const fingerprintOf = (file: File, target: UploadTarget) =>
  [
    'adlane',
    file.name,
    file.type,
    file.size,
    file.lastModified,
    'sheet' in target
      ? `sheet:${target.sheet}`
      : `order:${target.order}:${target.runs?.length ? target.runs.join(',') : (target.run ?? '')}`,
    ENDPOINT,
  ].join('/');

const metadataOf = (file: File, target: UploadTarget): Record<string, string> => ({
  filename: file.name,
  filetype: file.type,
  ...('sheet' in target
    ? { sheet: target.sheet }
    : {
        order: target.order,
        ...(target.runs?.length ? { runs: target.runs.join(',') } : target.run ? { run: target.run } : {}),
      }),
});

/**
 * The tus client as the upload machine's `transfer`: sends the file in chunks, reports progress and
 * the upload's address, and stops without terminating when the machine stops it (a pause). A file
 * picked again after a reload is found by its fingerprint and continues from the server's offset.
 */
function transferLogic(files: ReadonlyMap<string, File>) {
  return fromCallback<UploadEvent, TransferInput>(({ input, sendBack }) => {
    const file = files.get(input.file.key);
    if (!file) {
      sendBack({
        type: 'transfer.failed',
        message: 'This file is no longer open: pick it again.',
        retryable: false,
      });
      return () => {};
    }
    let stopped = false;
    const upload = new Upload(file, {
      endpoint: ENDPOINT,
      ...(input.uploadUrl ? { uploadUrl: input.uploadUrl } : {}),
      metadata: metadataOf(file, input.target),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      // The file and what it is for: the same file sent to another run is another upload.
      fingerprint: async (picked) => fingerprintOf(picked as File, input.target),
      removeFingerprintOnSuccess: true,
      ...withToken,
      onUploadUrlAvailable: () => {
        if (upload.url) sendBack({ type: 'transfer.created', uploadUrl: upload.url });
      },
      onProgress: (sent, total) => sendBack({ type: 'transfer.progress', sent, total }),
      onSuccess: () => sendBack({ type: 'transfer.done', fileId: (upload.url ?? '').split('/').pop() ?? '' }),
      onError: (error) => {
        if (!stopped) sendBack({ type: 'transfer.failed', ...failureOf(error) });
      },
    });
    void (async () => {
      if (!input.uploadUrl) {
        const previous = await upload.findPreviousUploads().catch(() => []);
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      }
      if (!stopped) upload.start();
    })();
    return () => {
      stopped = true;
      void upload.abort(false);
    };
  });
}

/** The app's upload queue, given its effects: the tus client, the file's checks, a cancel. */
export function uploadQueueLogic(files: ReadonlyMap<string, File>) {
  return uploadQueueMachine.provide({
    actors: {
      upload: uploadMachine.provide({
        actors: {
          transfer: transferLogic(files),
          fetchFile: fromPromise(({ input }) => fileCalls.fetchFile(input.fileId)),
          terminate: fromPromise(({ input }) => Upload.terminate(input.uploadUrl, withToken)),
        },
      }),
    },
  });
}

export type UploadQueueActor = ActorRefFrom<ReturnType<typeof uploadQueueLogic>>;

export interface Uploads {
  queue: UploadQueueActor;
  /** Adds files with what they are for; answers the ones refused at once, each with its sentence. */
  add(files: readonly File[], target: UploadTarget): string[];
}

const picked = new WeakMap<AppSystem, Map<string, File>>();
let keys = 0;

/** The uploads of the app: one queue for its life, so files go on while the customer moves on. */
export function uploadsOf(app: AppSystem): Uploads {
  let files = picked.get(app);
  if (!files) {
    files = new Map();
    picked.set(app, files);
  }
  const open = files;
  const queue = app.pageActor('uploads', () => {
    const actor = createActor(uploadQueueLogic(open), { ...app.actorOptions, systemId: 'uploads' }).start();
    // The files of one customer are never sent with another's sign-in: a change of customer stops them.
    let first = true;
    watchCustomer(app.session)(() => {
      if (first) {
        first = false;
        return;
      }
      actor.send({ type: 'queue.clear' });
      open.clear();
    });
    return actor;
  });
  return {
    queue,
    add(list, target) {
      const refused: string[] = [];
      const refs = [];
      for (const file of list) {
        const refusal = uploadRefusal({ name: file.name, type: file.type, size: file.size });
        if (refusal) {
          refused.push(refusal);
          continue;
        }
        keys += 1;
        const key = `file-${keys}`;
        open.set(key, file);
        refs.push({ key, name: file.name, size: file.size, type: file.type });
      }
      if (refs.length > 0) queue.send({ type: 'files.add', files: refs, target });
      return refused;
    },
  };
}
