import { fromPromise } from 'xstate';
import { fileReviewMachine } from '../../../machines/admin/fileReview.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import { type FilesQueueKey, type FilesQueuePage, fetchFilesQueue, reviewFile } from '../../api/admin/files';

/** The back office's ad files (issue 31): the queue of a state and page, and production's answer to one. */
const filesQueueMachine = createRequestMachine<FilesQueueKey, FilesQueuePage>({ id: 'adminFiles' });

export const filesQueueLogic = (api = { fetchFilesQueue }) =>
  filesQueueMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: FilesQueueKey } }) => api.fetchFilesQueue(input.key)),
    },
  });

export const fileReviewLogic = (onReviewed: () => void, api = { reviewFile }) =>
  fileReviewMachine.provide({
    actors: {
      sendReview: fromPromise(({ input }) => api.reviewFile(input.id, input.decision, input.note, input)),
    },
    actions: { reviewed: () => onReviewed() },
  });
