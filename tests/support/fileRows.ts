import type { Db } from '../../server/db/client';
import { adFiles, fileRuns } from '../../server/db/schema';

/** A file row as tests wrote it before issue 33: the run it serves, and its approval, beside it. */
type RunFileRow = typeof adFiles.$inferInsert & {
  orderId: number;
  runValue: string;
  approvedAt?: Date | null;
  approvedBy?: string | null;
};

/** Writes a file and the one run it serves (issue 33: `file_runs`), with the file's verdict. */
export async function insertRunFile(db: Db, row: RunFileRow): Promise<void> {
  const { orderId, runValue, approvedAt = null, approvedBy = null, ...file } = row;
  await db.insert(adFiles).values(file);
  const status = file.status === undefined || file.status === 'uploading' ? 'checking' : file.status;
  await db.insert(fileRuns).values({
    fileId: file.id,
    orderId,
    runValue,
    status,
    checks: file.checks ?? [],
    attachedAt: file.createdAt instanceof Date ? file.createdAt : new Date(),
    approvedAt,
    approvedBy,
  });
}
