import type { CommentBody, CommentThread, FileComment, OrderCommentThread } from '../../contract/adFiles';
import { call } from './client';
import { type Result, toResult } from './result';

/** The comments API (issue 33): a file's thread, an order's, posting and deleting one's own. */

const commentsPath = (fileId: string) => `/files/${encodeURIComponent(fileId)}/comments`;

/** GET /files/{id}/comments: the thread, oldest first, and the people a comment may mention. */
export const fetchFileThread = async (fileId: string): Promise<Result<CommentThread>> =>
  toResult(await call<CommentThread>(commentsPath(fileId), { auth: true }));

/** GET /orders/{number}/comments: the comments on the files serving the order's runs. */
export const fetchOrderThread = async (number: string): Promise<Result<OrderCommentThread>> =>
  toResult(await call<OrderCommentThread>(`/orders/${encodeURIComponent(number)}/comments`, { auth: true }));

/** POST /files/{id}/comments: the comment posted, or the API's refusal with a message per field. */
export async function postComment(fileId: string, body: CommentBody): Promise<Result<FileComment>> {
  return toResult(await call<FileComment>(commentsPath(fileId), { method: 'post', body, auth: true }));
}

/** DELETE /files/{id}/comments/{commentId}: only its author may. */
export const deleteComment = async (fileId: string, commentId: string): Promise<Result<{ id: string }>> =>
  toResult(
    await call<{ id: string }>(`${commentsPath(fileId)}/${encodeURIComponent(commentId)}`, {
      method: 'delete',
      auth: true,
    }),
  );
