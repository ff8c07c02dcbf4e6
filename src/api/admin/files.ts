import type { FileQueueState, QueuedFile } from '../../../contract/adminFiles';
import { type Paged, pageOf, type Result, toDone, toResult } from '../result';
import { adminEnvelope } from './client';

export interface FilesQueueKey {
  state: FileQueueState;
  page: number;
  /** Bumped after a review, to read the queue again. */
  version: number;
}

export type FilesQueuePage = Paged<'files', QueuedFile>;

/** GET /admin/files?state=&page=: the files needing a look, soonest due first. */
export async function fetchFilesQueue(key: FilesQueueKey): Promise<Result<FilesQueuePage>> {
  const answer = await adminEnvelope<QueuedFile[]>('/files', { query: { state: key.state, page: key.page } });
  const result = toResult(answer);
  if (!result.ok) return result;
  const files = result.data;
  return { ...result, data: { files, ...pageOf(answer.meta, { page: key.page, total: files.length }) } };
}

/** POST /admin/files/{id}/accept or /return with the note: done (the server's sentence says what), or why not. */
export async function reviewFile(
  id: string,
  decision: 'accept' | 'return',
  note: string,
  which: { order: string; run: string } = { order: '', run: '' },
): Promise<Result<null>> {
  return toDone(
    await adminEnvelope<QueuedFile>(`/files/${encodeURIComponent(id)}/${decision}`, {
      method: 'post',
      body: { note, ...(which.order ? { order: which.order, run: which.run } : {}) },
    }),
  );
}
