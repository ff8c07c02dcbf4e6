import { and, eq, inArray, isNotNull, isNull, ne, or, type SQL, TransactionRollbackError } from 'drizzle-orm';
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
 * Closes the open requests `which` picks, all with one decision, and answers their ids: whoever closes
 * them on someone else's behalf (a direct approval, production's review) queues their e-mails.
 */
export async function closeOpenRequests(
  tx: Db,
  which: SQL | undefined,
  close: {
    decision: NonNullable<typeof approvalRequests.$inferSelect.decision>;
    by: string | null;
    reason: string | null;
  },
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .update(approvalRequests)
    .set({ decision: close.decision, decidedBy: close.by, decidedAt: now, reason: close.reason })
    .where(and(which, isNull(approvalRequests.decidedAt)))
    .returning({ id: approvalRequests.id });
  return rows.map((row) => row.id);
}

/** The reason a run's other open requests are closed with when a file is approved for it. */
export const ANOTHER_APPROVED = 'Another file was approved for this run.';

/**
 * The file is now the run's approved ad: its open request for the run is accepted and the other
 * files' are withdrawn, decided by `by` (null for production's review). Their ids, for the e-mails.
 */
export async function settleRunRequests(
  tx: Db,
  key: FileRunKey,
  by: string | null,
  now: Date,
): Promise<number[]> {
  const sameRun = and(eq(approvalRequests.orderId, key.orderId), eq(approvalRequests.runValue, key.runValue));
  const accepted = await closeOpenRequests(
    tx,
    and(sameRun, eq(approvalRequests.fileId, key.fileId)),
    { decision: 'accepted', by, reason: null },
    now,
  );
  const withdrawn = await closeOpenRequests(
    tx,
    and(sameRun, ne(approvalRequests.fileId, key.fileId)),
    { decision: 'withdrawn', by, reason: ANOTHER_APPROVED },
    now,
  );
  return [...accepted, ...withdrawn];
}

/**
 * Makes the file the run's approved ad, in place of any other file approved for that run; the file's
 * other runs are not touched. Only while the file and its run are as they were read: checked with
 * the status read (`status`, the run's own), not returned by production, and not approved for the
 * run already. Null when anything changed meanwhile (nothing is written then). The open approval
 * requests of the run for other files are withdrawn, and this file's is accepted, by `userId`: their
 * ids are answered, so the caller e-mails the members who asked, in the same transaction.
 */
export async function approveFileRun(
  db: Db,
  key: FileRunKey,
  read: { status: FileRunRow['status']; fileUploadedAt: Date | null },
  userId: string,
  now: Date,
): Promise<number[] | null> {
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
      // Closed by this person's approval: the asker is mailed unless they are the one who approved.
      return settleRunRequests(tx, key, userId, now);
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}
