import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type CommentThread,
  commentBody,
  type FileComment,
  type OrderCommentThread,
} from '../../contract/adFiles';
import { findListedFile } from '../data/adFileListing';
import {
  type CommentRecord,
  commentsOnFiles,
  companyPeople,
  deleteComment,
  filesOfOrderRuns,
  findComment,
  insertComment,
} from '../data/fileComments';
import { findOrder, peopleByIds } from '../data/orders';
import type { Db } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { invalidField } from '../http/body';
import { fail, ok, okEnvelope } from '../http/envelope';
import { jsonAnswer } from '../http/jsonAnswer';
import { fileIdParam, orderNumberParam } from '../http/params';
import { formBody } from '../http/validators';
import { queueMail } from '../mail/events';

const FILE_NOT_FOUND = 'There is no such file in your company’s files.';
const COMMENT_NOT_FOUND = 'There is no such comment on this file: it may have been deleted.';

/** The company's file of the address, or null (a malformed id, another company's, a deleted one). */
async function fileOf(c: Context<AppEnv>) {
  const id = fileIdParam(c, 'id');
  if (!id) return null;
  const { account } = signedInUser(c);
  return (await findListedFile(c.var.db, account.companyId, id))?.file ?? null;
}

/** The comments as the API shows them, each mention named (a deleted account's is left out). */
async function viewsOf(db: Db, records: CommentRecord[]): Promise<FileComment[]> {
  const people = await peopleByIds(
    db,
    records.flatMap((r) => r.comment.mentions),
  );
  return records.map(({ comment, file, author }) => ({
    id: comment.id,
    file,
    author,
    body: comment.body,
    pin:
      comment.pinPage !== null && comment.pinX !== null && comment.pinY !== null
        ? { page: comment.pinPage, x: comment.pinX, y: comment.pinY }
        : null,
    mentions: comment.mentions.flatMap((id) => {
      const person = people.get(id);
      return person ? [{ id, name: person.name }] : [];
    }),
    created_at: comment.createdAt.toISOString(),
  }));
}

/** What people say about a file of their company: its thread, a new comment, deleting one's own. */
export const fileCommentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/comments', async (c) => {
    const file = await fileOf(c);
    if (!file) return fail(c, 404, FILE_NOT_FOUND);
    const { account } = signedInUser(c);
    const thread: CommentThread = {
      comments: await viewsOf(c.var.db, await commentsOnFiles(c.var.db, [file.id])),
      people: await companyPeople(c.var.db, account.companyId),
    };
    return ok(c, thread);
  })
  .post('/:id/comments', formBody(commentBody), async (c) => {
    const file = await fileOf(c);
    if (!file) return fail(c, 404, FILE_NOT_FOUND);
    const { account } = signedInUser(c);
    const { body, pin, mentions } = c.req.valid('form');
    const named = [...new Set(mentions)];
    const people = new Set((await companyPeople(c.var.db, account.companyId)).map((p) => p.id));
    // Someone of another company (or who left) is as unknown as a made-up id: their name is not told.
    const stranger = named.find((id) => !people.has(id));
    if (stranger)
      throw invalidField(
        'mentions',
        `${stranger} is no one in your company: mention only the people the list offers.`,
      );
    // A pin is on a page of the file: an image or a video has only the one.
    if (pin && pin.page > 1 && file.format !== null && file.format !== 'pdf')
      throw invalidField('pin.page', `${file.name} has one page: pin the comment on page 1.`);
    const id = randomUUID();
    try {
      await c.var.jobs.inTransaction(c.var.db, async (tx, send) => {
        await insertComment(tx, {
          id,
          fileId: file.id,
          authorId: account.id,
          body,
          pinPage: pin?.page ?? null,
          pinX: pin?.x ?? null,
          pinY: pin?.y ?? null,
          mentions: named,
          createdAt: c.var.clock(),
        });
        if (named.some((person) => person !== account.id))
          await queueMail(send, { event: 'file.commented', commentId: id });
      });
    } catch (error) {
      // The file was deleted while the comment was written.
      if (isForeignKeyViolation(error)) return fail(c, 404, FILE_NOT_FOUND);
      throw error;
    }
    const [created] = await viewsOf(
      c.var.db,
      (await commentsOnFiles(c.var.db, [file.id])).filter((r) => r.comment.id === id),
    );
    return jsonAnswer(c, okEnvelope(created, {}, 'Your comment is posted.'), 201);
  })
  .delete('/:id/comments/:commentId', async (c) => {
    const file = await fileOf(c);
    if (!file) return fail(c, 404, FILE_NOT_FOUND);
    const { account } = signedInUser(c);
    const commentId = (c.req.param('commentId') ?? '').toLowerCase();
    const comment = fileIdParam(c, 'commentId')
      ? await findComment(c.var.db, account.companyId, file.id, commentId)
      : null;
    if (!comment) return fail(c, 404, COMMENT_NOT_FOUND);
    if (comment.authorId !== account.id)
      return fail(c, 403, 'Only the person who wrote a comment may delete it.');
    await deleteComment(c.var.db, comment.id);
    return ok(c, { id: comment.id }, {}, 'Your comment is deleted.');
  });

/** The thread of an order's page: the comments on every file serving its runs. */
export const orderCommentRoutes = new Hono<AppEnv>().use(requireUser).get('/:number/comments', async (c) => {
  const number = orderNumberParam(c, 'number');
  const { account } = signedInUser(c);
  const record = number ? await findOrder(c.var.db, account.companyId, number) : null;
  if (!record) return fail(c, 404, 'There is no such order in your company’s orders.');
  const files = await filesOfOrderRuns(c.var.db, account.companyId, record.order.id);
  const thread: OrderCommentThread = {
    comments: await viewsOf(
      c.var.db,
      await commentsOnFiles(
        c.var.db,
        files.map((f) => f.id),
      ),
    ),
    people: await companyPeople(c.var.db, account.companyId),
    files,
  };
  return ok(c, thread);
});
