import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adFiles, fileComments, users } from '../../db/schema';
import { eventKey, type MailEvent } from '../events';
import { composeMail, type Mail } from '../messages';
import type { Brand } from '../templates/brand';
import { dedupeKeyOf } from './write';

type CommentEvent = Extract<MailEvent, { event: 'file.commented' }>;

/**
 * The e-mails of a comment that names people: one to each person named who is still in the file's
 * company, never to its author, once however often the event is composed. A comment deleted before
 * its e-mails were written sends none.
 */
export async function composeCommentMentions(db: Db, brand: Brand, e: CommentEvent): Promise<Mail[]> {
  const [found] = await db
    .select({ comment: fileComments, file: adFiles })
    .from(fileComments)
    .innerJoin(adFiles, eq(adFiles.id, fileComments.fileId))
    .where(eq(fileComments.id, e.commentId));
  if (!found) return [];
  const { comment, file } = found;
  const named = [...new Set(comment.mentions)].filter((id) => id !== comment.authorId);
  if (named.length === 0) return [];
  const readers = await db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(inArray(users.id, named), eq(users.companyId, file.companyId), isNull(users.removedAt)));
  const [author] = comment.authorId
    ? await db
        .select({ firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, comment.authorId))
    : [];
  const commenter = author ? `${author.firstname} ${author.lastname}`.trim() : 'A colleague';
  const link = `${brand.url}/files/${file.id}`;
  const key = eventKey(e);
  return Promise.all(
    readers.map((reader) =>
      composeMail(
        reader.email,
        'comment-mention',
        { brand, firstname: reader.firstname, commenter, file: file.name, comment: comment.body, link },
        link,
        { dedupeKey: dedupeKeyOf(key, 'comment-mention', reader.email) },
      ),
    ),
  );
}
