import { and, desc, eq, isNotNull, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { DESIGN_RUN } from '../../contract/design';
import type { Db } from '../db/client';
import { adFiles, cartItems, companies, orders } from '../db/schema';
import type { OrderRecord } from './orders';

/** The back office's ad-file review (issue 31): the files production looks at, and its two answers. */

export interface ReviewedFile extends OrderRecord {
  file: typeof adFiles.$inferSelect;
  company: string;
  /** The name of the run's approved ad when it is another file, else null. */
  approvedOther: string | null;
}

const approvedOther = sql<
  string | null
>`(select other.name from ${adFiles} other where other.order_id = ${adFiles.orderId} and other.run_value = ${adFiles.runValue} and other.approved_at is not null and other.id <> ${adFiles.id} limit 1)`;

const shape = { file: adFiles, order: orders, item: cartItems, company: companies.name, approvedOther };

const joined = (db: Db) =>
  db
    .select(shape)
    .from(adFiles)
    .innerJoin(orders, eq(orders.id, adFiles.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(companies, eq(companies.id, orders.companyId));

/**
 * The newest file sent for each run of a live order, once it has arrived and been checked: what the
 * queue shows (a design order's approved proof is the studio's own work, never reviewed); `scope`:
 * a rep's companies only (issue 32).
 */
export async function newestFilesOfRuns(db: Db, scope?: SQL): Promise<ReviewedFile[]> {
  const rows = await db
    .selectDistinctOn([adFiles.orderId, adFiles.runValue], shape)
    .from(adFiles)
    .innerJoin(orders, eq(orders.id, adFiles.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(
      and(isNull(orders.cancelledAt), isNotNull(adFiles.runValue), ne(adFiles.runValue, DESIGN_RUN), scope),
    )
    .orderBy(adFiles.orderId, adFiles.runValue, desc(adFiles.createdAt), desc(adFiles.id));
  // Still arriving or being checked: nothing to review yet (kept out after choosing the newest, so an
  // older file never stands in for one being checked).
  return rows.filter((row) => row.file.status !== 'uploading' && row.file.status !== 'checking');
}

/** One file sent for a run, locked for its review when `tx` is a transaction. */
export async function reviewedFile(db: Db, id: string, lock = false): Promise<ReviewedFile | null> {
  const query = joined(db)
    .where(and(eq(adFiles.id, id), isNotNull(adFiles.runValue), notInArray(adFiles.runValue, [DESIGN_RUN])))
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

/** Accepted with a note; the run's approved ad too when `approve` (the run had none). */
export async function acceptFile(tx: Db, id: string, review: Review, approve: boolean): Promise<void> {
  await tx
    .update(adFiles)
    .set({
      review: 'accepted',
      reviewNote: review.note,
      reviewedBy: review.staffId,
      reviewedAt: review.now,
      ...(approve ? { approvedAt: review.now, approvedBy: null } : {}),
    })
    .where(eq(adFiles.id, id));
}

/** Sent back with a note: no longer the run's approved ad, so the run needs a file again. */
export async function returnFile(tx: Db, id: string, review: Review): Promise<void> {
  await tx
    .update(adFiles)
    .set({
      review: 'returned',
      reviewNote: review.note,
      reviewedBy: review.staffId,
      reviewedAt: review.now,
      approvedAt: null,
      approvedBy: null,
    })
    .where(eq(adFiles.id, id));
}
