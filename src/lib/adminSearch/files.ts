import { FILE_QUEUE_STATES, type FileQueueState } from '../../../contract/fileQueueStates';
import { oneOf, positiveInt, type RawSearch } from '../searchParams';

/*
 * The ad-file queue's view and page in the address (/admin/files?state=returned&page=2). Zod-free:
 * the route's search parser is in the route tree, which the storefront's first bundle carries.
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
