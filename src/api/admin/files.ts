import type { FileQueueState, QueuedFile } from '../../../contract/adminFiles';
import type { ReviewDecision } from '../../../machines/admin/fileReview.machine';
import { dataOf, type Paged, pageOf } from '../result';
import { adminEnvelope } from './client';

export interface FilesQueueKey {
  state: FileQueueState;
  page: number;
  /** Bumped after a review, to read the queue again. */
  version: number;
}

export type FilesQueuePage = Paged<'files', QueuedFile>;

/** GET /admin/files?state=&page=: the files needing a look, soonest due first. */
export async function fetchFilesQueue(key: FilesQueueKey): Promise<FilesQueuePage> {
  const answer = await adminEnvelope<QueuedFile[]>('/files', { query: { state: key.state, page: key.page } });
  const files = dataOf(answer, 'The ad files could not be loaded.');
  return { files, ...pageOf(answer.meta, { page: key.page, total: files.length }) };
}

/** POST /admin/files/{id}/accept or /return with the note: the server's sentence. */
export async function reviewFile(
  id: string,
  decision: ReviewDecision,
  note: string,
  which: { order: string; run: string } = { order: '', run: '' },
): Promise<string> {
  const answer = await adminEnvelope<QueuedFile>(`/files/${encodeURIComponent(id)}/${decision}`, {
    method: 'post',
    body: { note, ...(which.order ? { order: which.order, run: which.run } : {}) },
  });
  if (!answer.success) throw new Error(answer.message || 'The review could not be saved. Please try again.');
  return answer.message;
}
