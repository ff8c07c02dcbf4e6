import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CheckPlace } from '../../contract/adFiles';
import type { Db, DbOrTx } from '../db/client';
import { adFiles } from '../db/schema';

/*
 * An ad file's row: written, found, marked, locked and removed. Its listing is adFileListing.ts, its
 * verdict and runs adFileRuns.ts, the sweep of abandoned uploads abandonedUploads.ts.
 */

export type AdFileRow = typeof adFiles.$inferSelect;
export interface StoredCheck {
  name: string;
  result: 'passed' | 'warning' | 'failed';
  message: string;
  /** Where on the proof the problem is (issue 33), when the check could say. */
  where?: CheckPlace[];
}

/** A new upload's row, written before any byte arrives. */
export async function createAdFile(db: DbOrTx, row: typeof adFiles.$inferInsert): Promise<void> {
  await db.insert(adFiles).values(row);
}

/** The bytes a company's files take, finished or not. */
export async function companyBytes(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${adFiles.size})` })
    .from(adFiles)
    .where(eq(adFiles.companyId, companyId));
  return Number(row?.total ?? 0);
}

/** A file of the company; another company's id is as unknown as a made-up one. */
export async function findAdFile(db: Db, companyId: number, id: string): Promise<AdFileRow | null> {
  const [row] = await db
    .select()
    .from(adFiles)
    .where(and(eq(adFiles.id, id), eq(adFiles.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** A file by its id alone: the upload store's own calls, after the owner was checked. */
export async function adFileById(db: Db, id: string): Promise<AdFileRow | null> {
  const [row] = await db.select().from(adFiles).where(eq(adFiles.id, id)).limit(1);
  return row ?? null;
}

/** The last byte arrived: the file is checked next. */
export async function markUploaded(db: Db, id: string, now: Date): Promise<void> {
  await db.update(adFiles).set({ status: 'checking', uploadedAt: now }).where(eq(adFiles.id, id));
}

/**
 * Locks the file's row for the rest of the transaction. Every change to a file's runs and approval
 * requests takes it first, then the run rows, then the requests, so two changes to one file never
 * wait on each other in opposite orders. Two files approved for the same run at the same moment can
 * still deadlock (each holds its own request while the other's approval closes it); PostgreSQL ends
 * one, and the app answers it 409 "try again" (server/db/errors.ts), so nothing is half written.
 * Null when the file is gone.
 */
export async function lockFile(tx: Db, id: string) {
  const [row] = await tx
    .select({
      status: adFiles.status,
      sheet: adFiles.sheet,
      uploadedAt: adFiles.uploadedAt,
      review: adFiles.review,
    })
    .from(adFiles)
    .where(eq(adFiles.id, id))
    .for('update');
  return row ?? null;
}

export async function deleteAdFile(db: Db, id: string): Promise<void> {
  await db.delete(adFiles).where(eq(adFiles.id, id));
}

/** The files still `checking`, longest waiting first: at a first start, each gets its check queued. */
export async function filesLeftChecking(db: Db): Promise<AdFileRow[]> {
  return db.select().from(adFiles).where(eq(adFiles.status, 'checking')).orderBy(asc(adFiles.uploadedAt));
}

/**
 * Bytes are coming to an upload (a PATCH, or its progress): it is not abandoned. A row another
 * transaction holds (the file being marked arrived, or removed) is left as it is: a PATCH never
 * waits on it before storing its bytes, and that transaction decides the upload's fate anyway.
 */
export async function touchUpload(db: Db, id: string, now: Date): Promise<void> {
  const free = db
    .select({ id: adFiles.id })
    .from(adFiles)
    .where(and(eq(adFiles.id, id), eq(adFiles.status, 'uploading')))
    .for('update', { skipLocked: true });
  await db.update(adFiles).set({ lastByteAt: now }).where(inArray(adFiles.id, free));
}
