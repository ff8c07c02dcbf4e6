import { and, asc, desc, eq, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { DESIGN_RUN } from '../../contract/design';
import type { Db } from '../db/client';
import { adFiles, approvalRequests, cartItems, companies, fileRuns, orders } from '../db/schema';
import { closeOpenRequests, settleRunRequests } from './fileRuns';
import type { OrderRecord } from './orders';

/** The back office's ad-file review (issue 31): the files production looks at, and its two answers. */

export interface ReviewedFile extends OrderRecord {
  file: typeof adFiles.$inferSelect;
  /** The run of the order it was sent for (issue 33: one of the runs it serves), and its approval. */
  run: { value: string; approvedAt: Date | null };
  company: string;
  /** The name of the run's approved ad when it is another file, else null. */
  approvedOther: string | null;
}

const approvedOther = sql<
  string | null
>`(select newer.name from ${fileRuns} other join ${adFiles} newer on newer.id = other.file_id where other.order_id = ${fileRuns.orderId} and other.run_value = ${fileRuns.runValue} and other.approved_at is not null and other.file_id <> ${fileRuns.fileId} limit 1)`;

const shape = {
  file: adFiles,
  run: { value: fileRuns.runValue, approvedAt: fileRuns.approvedAt },
  order: orders,
  item: cartItems,
  company: companies.name,
  approvedOther,
};

const joined = (db: Db) =>
  db
    .select(shape)
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(companies, eq(companies.id, orders.companyId));

/**
 * The newest file sent for each run of a live order, once it has arrived and been checked: what the
 * queue shows (a design order's approved proof is the studio's own work, never reviewed); `scope`:
 * a rep's companies only (issue 32).
 */
export async function newestFilesOfRuns(db: Db, scope?: SQL): Promise<ReviewedFile[]> {
  const rows = await db
    .selectDistinctOn([fileRuns.orderId, fileRuns.runValue], shape)
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(and(isNull(orders.cancelledAt), ne(fileRuns.runValue, DESIGN_RUN), scope))
    .orderBy(
      fileRuns.orderId,
      fileRuns.runValue,
      desc(fileRuns.attachedAt),
      desc(adFiles.createdAt),
      desc(adFiles.id),
    );
  // Still arriving or being checked: nothing to review yet (kept out after choosing the newest, so an
  // older file never stands in for one being checked).
  return rows.filter((row) => row.file.status !== 'uploading' && row.file.status !== 'checking');
}

/**
 * One file sent for a run (`which`, or the first it was attached to, of the runs it serves), locked
 * for its review when `tx` is a transaction.
 */
export async function reviewedFile(
  db: Db,
  id: string,
  lock = false,
  which?: { order?: string | undefined; run?: string | undefined },
): Promise<ReviewedFile | null> {
  const query = joined(db)
    .where(
      and(
        eq(adFiles.id, id),
        notInArray(fileRuns.runValue, [DESIGN_RUN]),
        // The run the queue row showed, when the review names it.
        which?.order ? eq(orders.number, which.order.toUpperCase()) : undefined,
        which?.run ? eq(fileRuns.runValue, which.run) : undefined,
      ),
    )
    .orderBy(asc(fileRuns.attachedAt), asc(fileRuns.orderId), asc(fileRuns.runValue))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: adFiles }) : query);
  return row ?? null;
}

/** A review's stamp: who, when, and the note the customer reads. */
export interface Review {
  note: string;
  staffId: string;
  now: Date;
}

/**
 * Accepted with a note; the run's approved ad too when `approve` says which (the run had none). The
 * run's open approval requests are closed then (this file's accepted, by production; others'
 * withdrawn): their ids are answered, for the e-mails to the members who asked.
 */
export async function acceptFile(
  tx: Db,
  id: string,
  review: Review,
  approve: { orderId: number; runValue: string } | null,
): Promise<number[]> {
  await tx
    .update(adFiles)
    .set({ review: 'accepted', reviewNote: review.note, reviewedBy: review.staffId, reviewedAt: review.now })
    .where(eq(adFiles.id, id));
  if (!approve) return [];
  await tx
    .update(fileRuns)
    .set({ approvedAt: review.now, approvedBy: null })
    .where(
      and(
        eq(fileRuns.fileId, id),
        eq(fileRuns.orderId, approve.orderId),
        eq(fileRuns.runValue, approve.runValue),
      ),
    );
  // Decided by production, not by a person of the company: no decider.
  return settleRunRequests(tx, { fileId: id, ...approve }, null, review.now);
}

/**
 * Sent back with a note: no longer the approved ad of any run, so its runs need a file again. Its open
 * approval requests are declined with production's note, so they no longer wait for an admin; their
 * ids are answered, for the e-mails to the members who asked.
 */
export async function returnFile(tx: Db, id: string, review: Review): Promise<number[]> {
  await tx
    .update(adFiles)
    .set({ review: 'returned', reviewNote: review.note, reviewedBy: review.staffId, reviewedAt: review.now })
    .where(eq(adFiles.id, id));
  await tx.update(fileRuns).set({ approvedAt: null, approvedBy: null }).where(eq(fileRuns.fileId, id));
  return closeOpenRequests(
    tx,
    eq(approvalRequests.fileId, id),
    { decision: 'declined', by: null, reason: review.note },
    review.now,
  );
}
