import { createActor, fromPromise } from 'xstate';
import type { FileComment } from '../../contract/adFiles';
import {
  type CommentToPost,
  commentThreadMachine,
  type LoadedThread,
  type PostAnswer,
} from '../../machines/files/commentThread.machine';
import * as comments from '../api/fileComments';
import type { AppActorOptions } from './app';
import { dataOf, orApiSentence } from './results';

/** Whose thread: one file's (its page, its library card) or an order's (the comments on its files). */
export type ThreadSource = { file: string } | { order: string };

const THREAD_FAILED = 'The comments could not be loaded. Please try again.';

/** The comments' calls as the thread takes them: a thread, or why not (a post's refusal is a value). */
const api = {
  fetchFileThread: orApiSentence(comments.fetchFileThread, THREAD_FAILED),
  fetchOrderThread: orApiSentence(comments.fetchOrderThread, THREAD_FAILED),
  postComment: comments.postComment,
  deleteComment: async (fileId: string, commentId: string): Promise<void> => {
    dataOf(
      await comments.deleteComment(fileId, commentId),
      'The comment could not be deleted. Please try again.',
    );
  },
};

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

/**
 * A page's thread: its actor, and the page told of its comments each time they change (loaded, read
 * again, a comment posted or deleted), so its proof viewer draws their pins. Told by the actor's own
 * subscription, which lasts as long as the actor.
 */
export function createCommentThread(
  source: ThreadSource,
  options: AppActorOptions | undefined,
  onComments: (comments: readonly FileComment[]) => void,
  calls: typeof api = api,
) {
  const actor = createActor(commentThreadLogic(source, calls), {
    ...options,
    input: { fileId: 'file' in source ? source.file : null },
  });
  let told: readonly FileComment[] | null = null;
  actor.subscribe((snapshot) => {
    const comments = snapshot.context.thread?.comments ?? null;
    if (comments === null || comments === told) return;
    told = comments;
    onComments(comments);
  });
  return actor;
}
