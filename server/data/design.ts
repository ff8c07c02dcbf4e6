import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { designBriefFiles, designBriefs, designProofs } from '../db/schema';
import { type NumberedOrder, orderByNumber } from './orders';

/** The design service's rows (issue 31, part 4): a design order's brief, its files and the proofs. */

export type BriefRow = typeof designBriefs.$inferSelect;
export type BriefFileRow = typeof designBriefFiles.$inferSelect;
export type ProofRow = typeof designProofs.$inferSelect;

/** Design work is sold as placements of the `custom` channel (server/db/seed/media/designServices.ts). */
export const DESIGN_CHANNEL = 'custom';

export interface DesignOrder extends NumberedOrder {
  /** Whether its placement is design work: only those take a brief. */
  isDesign: boolean;
}

/** An order by its number (orderByNumber's), telling whether it is design work. */
export async function findDesignOrder(
  db: Db,
  number: string,
  companyId: number | null,
): Promise<DesignOrder | null> {
  const found = await orderByNumber(db, number, companyId);
  return found ? { ...found, isDesign: found.mediaType === DESIGN_CHANNEL } : null;
}

export interface DesignRows {
  brief: BriefRow | null;
  files: BriefFileRow[];
  proofs: ProofRow[];
}

/** Everything of an order's design round, files and proofs oldest first. */
export async function designRowsOf(db: Db, orderId: number): Promise<DesignRows> {
  const [briefs, files, proofs] = await Promise.all([
    db.select().from(designBriefs).where(eq(designBriefs.orderId, orderId)).limit(1),
    db
      .select()
      .from(designBriefFiles)
      .where(eq(designBriefFiles.orderId, orderId))
      .orderBy(asc(designBriefFiles.createdAt), asc(designBriefFiles.id)),
    db.select().from(designProofs).where(eq(designProofs.orderId, orderId)).orderBy(asc(designProofs.number)),
  ]);
  return { brief: briefs[0] ?? null, files, proofs };
}

/**
 * The order's brief row, made empty on first use and locked for the rest of the transaction: every
 * write of a design round takes it first, so two writes of one order (a brief sent while the studio
 * uploads, two proofs at once) happen one after the other.
 */
export async function lockBrief(tx: Db, orderId: number, now: Date): Promise<BriefRow> {
  await tx.insert(designBriefs).values({ orderId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(designBriefs).where(eq(designBriefs.orderId, orderId)).for('update');
  if (!row) throw new Error(`design brief of order ${orderId} vanished`);
  return row;
}

export async function saveBrief(
  tx: Db,
  orderId: number,
  fields: { offer: string; colours: string; notes: string },
  submitted: { at: Date; by: string } | null,
  now: Date,
): Promise<void> {
  await tx
    .update(designBriefs)
    .set({
      ...fields,
      updatedAt: now,
      ...(submitted ? { submittedAt: submitted.at, submittedBy: submitted.by } : {}),
    })
    .where(eq(designBriefs.orderId, orderId));
}

export async function addBriefFile(tx: Db, row: typeof designBriefFiles.$inferInsert): Promise<void> {
  await tx.insert(designBriefFiles).values(row);
}

/** A brief's file by id (fileIdParam's: null when the address holds no UUID, so no file). */
export async function briefFile(db: Db, orderId: number, id: string | null): Promise<BriefFileRow | null> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(designBriefFiles)
    .where(and(eq(designBriefFiles.orderId, orderId), eq(designBriefFiles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function removeBriefFile(tx: Db, id: string): Promise<void> {
  await tx.delete(designBriefFiles).where(eq(designBriefFiles.id, id));
}

/** The largest number an integer column holds. */
const INT4_MAX = 2_147_483_647;

/** A proof by number; a number the integer column cannot hold is no proof, not a database error. */
export async function proofByNumber(db: Db, orderId: number, number: number): Promise<ProofRow | null> {
  if (!Number.isInteger(number) || number < 1 || number > INT4_MAX) return null;
  const [row] = await db
    .select()
    .from(designProofs)
    .where(and(eq(designProofs.orderId, orderId), eq(designProofs.number, number)))
    .limit(1);
  return row ?? null;
}

export async function addProof(tx: Db, row: typeof designProofs.$inferInsert): Promise<void> {
  await tx.insert(designProofs).values(row);
}

export async function decideProof(
  tx: Db,
  id: string,
  decision: {
    decision: 'approved' | 'changes';
    comment: string | null;
    by: string;
    at: Date;
    adFileId?: string;
  },
): Promise<void> {
  await tx
    .update(designProofs)
    .set({
      decision: decision.decision,
      comment: decision.comment,
      decidedBy: decision.by,
      decidedAt: decision.at,
      ...(decision.adFileId ? { adFileId: decision.adFileId } : {}),
    })
    .where(eq(designProofs.id, id));
}

/** The orders of `orderIds` whose brief is sent: their materials are in, nothing is due of them. */
export async function submittedBriefsOf(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: designBriefs.orderId })
    .from(designBriefs)
    .where(and(inArray(designBriefs.orderId, [...orderIds]), isNotNull(designBriefs.submittedAt)));
  return new Set(rows.map((row) => row.orderId));
}
