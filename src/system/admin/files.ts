import { fromPromise } from 'xstate';
import { fileReviewMachine } from '../../../machines/admin/fileReview.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import type { FilesQueueKey, FilesQueuePage } from '../../api/admin/files';
import * as api from '../../api/admin/files';
import { dataOf, orApiSentence } from '../results';

const fetchFilesQueue = orApiSentence(api.fetchFilesQueue, 'The ad files could not be loaded.');

/** Production's answer to a file: the server's sentence, or why it could not be saved. */
async function reviewFile(...args: Parameters<typeof api.reviewFile>): Promise<string> {
  const result = await api.reviewFile(...args);
  dataOf(result, 'The review could not be saved. Please try again.');
  return result.message;
}

/** The back office's ad files (issue 31): the queue of a state and page, and production's answer to one. */
const filesQueueMachine = createRequestMachine<FilesQueueKey, FilesQueuePage>({ id: 'adminFiles' });

export const filesQueueLogic = (calls = { fetchFilesQueue }) =>
  filesQueueMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: FilesQueueKey } }) => calls.fetchFilesQueue(input.key)),
    },
  });

export const fileReviewLogic = (onReviewed: () => void, calls = { reviewFile }) =>
  fileReviewMachine.provide({
    actors: {
      sendReview: fromPromise(({ input }) => calls.reviewFile(input.id, input.decision, input.note, input)),
    },
    actions: { reviewed: () => onReviewed() },
  });
