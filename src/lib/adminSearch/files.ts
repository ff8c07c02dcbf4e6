import { FILE_QUEUE_STATES, type FileQueueState } from '../../../contract/fileQueueStates';
import { oneOf, positiveInt, type RawSearch } from '../searchParams';

/*
 * The ad-file queue's view and page in the address (/admin/files?state=returned&page=2), read by the
 * back office's page picker (src/features/admin/shell/StaffPages.tsx) with the plain readers of
 * src/lib/searchParams: a hand-edited link degrades to the default view instead of failing.
 */

export interface FilesSearch {
  state?: FileQueueState | undefined;
  page?: number | undefined;
}

/** Whatever the address holds, a view and a page the queue can show: odd values are dropped. */
export const parseFilesSearch = (raw: RawSearch): FilesSearch => ({
  state: oneOf(raw.state, FILE_QUEUE_STATES),
  page: positiveInt(raw.page, 100_000),
});
