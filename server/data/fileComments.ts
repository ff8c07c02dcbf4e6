import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, fileComments, fileRuns, users } from '../db/schema';

export type FileCommentRow = typeof fileComments.$inferSelect;

/** A comment with the file it is on and its author's name (null once their account is deleted). */
export interface CommentRecord {
  comment: FileCommentRow;
  file: { id: string; name: string };
  author: { id: string; name: string } | null;
}

/** The comments on some files, oldest first (ties in the order they were written). */
export async function commentsOnFiles(db: Db, fileIds: readonly string[]): Promise<CommentRecord[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({
      comment: fileComments,
      fileName: adFiles.name,
      authorFirst: users.firstname,
      authorLast: users.lastname,
    })
    .from(fileComments)
    .innerJoin(adFiles, eq(adFiles.id, fileComments.fileId))
    .leftJoin(users, eq(users.id, fileComments.authorId))
    .where(inArray(fileComments.fileId, [...fileIds]))
    .orderBy(asc(fileComments.createdAt), asc(fileComments.id));
  return rows.map((r) => ({
    comment: r.comment,
    file: { id: r.comment.fileId, name: r.fileName },
    author:
      r.comment.authorId && r.authorFirst !== null
        ? { id: r.comment.authorId, name: `${r.authorFirst} ${r.authorLast ?? ''}`.trim() }
        : null,
  }));
}

/** One comment on a file of the company, or null (another company's, another file's, a made-up id). */
export async function findComment(
  db: Db,
  companyId: number,
  fileId: string,
  commentId: string,
): Promise<FileCommentRow | null> {
  const [row] = await db
    .select({ comment: fileComments })
    .from(fileComments)
    .innerJoin(adFiles, eq(adFiles.id, fileComments.fileId))
    .where(
      and(eq(fileComments.id, commentId), eq(fileComments.fileId, fileId), eq(adFiles.companyId, companyId)),
    )
    .limit(1);
  return row?.comment ?? null;
}

export async function insertComment(db: Db, row: typeof fileComments.$inferInsert): Promise<void> {
  await db.insert(fileComments).values(row);
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.delete(fileComments).where(eq(fileComments.id, id));
}

/** Someone of the company a comment may name. */
export interface CompanyPerson {
  id: string;
  name: string;
}

/** The company's current people (not its former members), by name: whom a comment may mention. */
export async function companyPeople(db: Db, companyId: number): Promise<CompanyPerson[]> {
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.removedAt)))
    .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstname} ${r.lastname}`.trim() }));
}

/**
 * The files serving an order's runs (file_runs), for the post form, whose first is its default: the
 * files approved for a run first, then the most recently attached, so a file another has replaced
 * is not the one a comment lands on unless the person chooses it.
 */
export async function filesOfOrderRuns(
  db: Db,
  companyId: number,
  orderId: number,
): Promise<{ id: string; name: string }[]> {
  const approved = sql<boolean>`bool_or(${fileRuns.approvedAt} is not null)`;
  const attached = sql`max(${fileRuns.attachedAt})`;
  return db
    .select({ id: adFiles.id, name: adFiles.name })
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .where(and(eq(fileRuns.orderId, orderId), eq(adFiles.companyId, companyId)))
    .groupBy(adFiles.id, adFiles.name)
    .orderBy(desc(approved), desc(attached), asc(adFiles.name), asc(adFiles.id));
}
