import { fromPromise } from 'xstate';
import {
  type CommentToPost,
  commentThreadMachine,
  type LoadedThread,
  type PostAnswer,
} from '../../machines/files/commentThread.machine';
import { deleteComment, fetchFileThread, fetchOrderThread, postComment } from '../api/fileComments';

/** Whose thread: one file's (its page, its library card) or an order's (the comments on its files). */
export type ThreadSource = { file: string } | { order: string };

const api = { fetchFileThread, fetchOrderThread, postComment, deleteComment };

/** A comment thread over the API: loaded for its source, posting to the draft's file. */
export function commentThreadLogic(source: ThreadSource, calls: typeof api = api) {
  return commentThreadMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<LoadedThread> => {
        if ('order' in source) return calls.fetchOrderThread(source.order);
        return { ...(await calls.fetchFileThread(source.file)), files: [] };
      }),
      post: fromPromise(async ({ input }: { input: CommentToPost }): Promise<PostAnswer> => {
        const result = await calls.postComment(input.fileId, {
          body: input.body,
          pin: input.pin,
          mentions: input.mentions,
        });
        return result.ok
          ? { ok: true, comment: result.data }
          : { ok: false, message: result.message, fieldErrors: result.fieldErrors };
      }),
      remove: fromPromise(({ input }: { input: { fileId: string; id: string } }) =>
        calls.deleteComment(input.fileId, input.id),
      ),
    },
  });
}
