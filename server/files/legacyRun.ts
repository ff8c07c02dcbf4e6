import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { AdFileRow } from '../data/adFiles';
import type { FileRunKey } from '../data/fileRuns';
import type { Db } from '../db/client';
import { adFiles, fileRuns } from '../db/schema';

/*
 * A bridge for the approvals branch of issue 33 only, while files still carry one run in ad_files'
 * own columns: the "runs" work writes file_runs on attach and check, and migration 0026 drops those
 * columns; then this file goes, with its two calls.
 */

/** The file's one run as file_runs must hold it (its verdict as ad_files has it), written if missing. */
export async function syncLegacyRun(db: Db, file: AdFileRow, now: Date): Promise<FileRunKey | null> {
  if (file.orderId === null || file.runValue === null || file.status === 'uploading') return null;
  const key = { fileId: file.id, orderId: file.orderId, runValue: file.runValue };
  await db
    .insert(fileRuns)
    .values({
      ...key,
      status: file.status,
      checks: file.checks,
      attachedAt: now,
      attachedBy: file.uploadedBy,
    })
    .onConflictDoUpdate({
      target: [fileRuns.fileId, fileRuns.orderId, fileRuns.runValue],
      set: { status: file.status, checks: file.checks },
    });
  return key;
}

/** Copies a run's approval to ad_files' columns, which the files' view still reads. */
export async function mirrorLegacyApproval(
  tx: Db,
  key: FileRunKey,
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(adFiles)
    .set({ approvedAt: null, approvedBy: null })
    .where(
      and(
        eq(adFiles.orderId, key.orderId),
        eq(adFiles.runValue, key.runValue),
        ne(adFiles.id, key.fileId),
        isNotNull(adFiles.approvedAt),
      ),
    );
  await tx
    .update(adFiles)
    .set({ approvedAt: now, approvedBy: userId })
    .where(
      and(eq(adFiles.id, key.fileId), eq(adFiles.orderId, key.orderId), eq(adFiles.runValue, key.runValue)),
    );
}
