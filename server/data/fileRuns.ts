import { and, eq, inArray, isNotNull, isNull, ne, or, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, approvalRequests, fileRuns } from '../db/schema';
import { lockFile } from './adFiles';

/** One run a file serves (issue 33): the file, the order and the run's value. */
export interface FileRunKey {
  fileId: string;
  orderId: number;
  runValue: string;
}

export type FileRunRow = typeof fileRuns.$inferSelect;

/**
 * Makes the file the run's approved ad, in place of any other file approved for that run; the file's
 * other runs are not touched. Only while the file and its run are as they were read: checked with
 * the status read (`status`, the run's own), not returned by production, and not approved for the
 * run already. False when anything changed meanwhile (nothing is written then). The open approval
 * requests of the run for other files are withdrawn, and this file's is accepted, by `userId`.
 */
export async function approveFileRun(
  db: Db,
  key: FileRunKey,
  read: { status: FileRunRow['status']; fileUploadedAt: Date | null },
  userId: string,
  now: Date,
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      // The file first, then the run rows, then the requests: the order attach and detach take too.
      await lockFile(tx, key.fileId);
      const sameRun = and(eq(fileRuns.orderId, key.orderId), eq(fileRuns.runValue, key.runValue));
      await tx
        .update(fileRuns)
        .set({ approvedAt: null, approvedBy: null })
        .where(and(sameRun, ne(fileRuns.fileId, key.fileId), isNotNull(fileRuns.approvedAt)));
      const file = tx
        .select({ id: adFiles.id })
        .from(adFiles)
        .where(
          and(
            eq(adFiles.id, key.fileId),
            read.fileUploadedAt === null
              ? isNull(adFiles.uploadedAt)
              : eq(adFiles.uploadedAt, read.fileUploadedAt),
            // Sent back by production since the customer read it: never approved after all.
            or(isNull(adFiles.review), ne(adFiles.review, 'returned')),
          ),
        );
      const approved = await tx
        .update(fileRuns)
        .set({ approvedAt: now, approvedBy: userId })
        .where(
          and(
            sameRun,
            eq(fileRuns.fileId, key.fileId),
            eq(fileRuns.status, read.status),
            isNull(fileRuns.approvedAt),
            inArray(fileRuns.fileId, file),
          ),
        )
        .returning({ fileId: fileRuns.fileId });
      // Nothing approved: the other file cleared above stays the run's approved ad.
      if (approved.length === 0) tx.rollback();
      const open = and(
        eq(approvalRequests.orderId, key.orderId),
        eq(approvalRequests.runValue, key.runValue),
        isNull(approvalRequests.decidedAt),
      );
      await tx
        .update(approvalRequests)
        .set({ decision: 'accepted', decidedBy: userId, decidedAt: now })
        .where(and(open, eq(approvalRequests.fileId, key.fileId)));
      await tx
        .update(approvalRequests)
        .set({
          decision: 'withdrawn',
          decidedAt: now,
          reason: 'Another file was approved for this run.',
        })
        .where(and(open, ne(approvalRequests.fileId, key.fileId)));
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
}
