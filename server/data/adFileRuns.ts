import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, approvalRequests, fileRuns } from '../db/schema';
import { type AdFileRow, lockFile, type StoredCheck } from './adFiles';

/* A file's preflight verdict and the runs it serves: attached, moved, detached, their requests withdrawn. */

/** Whether the locked row is the file as it was read: not sent, checked or moved meanwhile. */
const unchanged = (
  locked: Awaited<ReturnType<typeof lockFile>>,
  read: Pick<AdFileRow, 'status' | 'sheet' | 'uploadedAt'>,
) =>
  locked !== null &&
  locked.status === read.status &&
  locked.sheet === read.sheet &&
  (locked.uploadedAt?.getTime() ?? null) === (read.uploadedAt?.getTime() ?? null);

export interface Verdict {
  status: 'passed' | 'attention' | 'rejected';
  format: string | null;
  checks: StoredCheck[];
  thumbnail: string | null;
}

/**
 * The preflight's verdict, also each run's the file serves (they take the file's sheet). Only a file
 * still `checking` takes it: a check that finishes after the file was attached elsewhere (and is
 * being checked again) is dropped, not written over the new one.
 */
export async function saveVerdict(
  db: Db,
  id: string,
  token: Date,
  verdict: Verdict,
  now: Date,
  /** Runs checked against their own target (a placement's own trim): their verdicts. */
  ownVerdicts: readonly {
    runs: readonly { orderId: number; runValue: string }[];
    status: Verdict['status'];
    checks: Verdict['checks'];
  }[] = [],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(adFiles)
      .set({ ...verdict, checkedAt: now, checkLeaseUntil: null })
      .where(and(eq(adFiles.id, id), eq(adFiles.status, 'checking'), eq(adFiles.uploadedAt, token)))
      .returning({ id: adFiles.id });
    if (rows.length === 0) return false;
    await tx
      .update(fileRuns)
      .set({ status: verdict.status, checks: verdict.checks })
      .where(and(eq(fileRuns.fileId, id), isNull(fileRuns.approvedAt)));
    for (const own of ownVerdicts) {
      if (own.runs.length === 0) continue;
      await tx
        .update(fileRuns)
        .set({ status: own.status, checks: own.checks })
        .where(
          and(
            eq(fileRuns.fileId, id),
            isNull(fileRuns.approvedAt),
            or(
              ...own.runs.map((run) =>
                and(eq(fileRuns.orderId, run.orderId), eq(fileRuns.runValue, run.runValue)),
              ),
            ),
          ),
        );
    }
    return true;
  });
}

/**
 * Checks the file again from scratch against another sheet: the runs it served (of the old sheet)
 * are left, and it serves `runs` instead (none for a sheet alone).
 */
export async function retarget(
  db: Db,
  read: Pick<AdFileRow, 'id' | 'status' | 'sheet' | 'uploadedAt'>,
  target: { sheet: string; runs: readonly { orderId: number; runValue: string }[] },
  userId: string,
  now: Date,
): Promise<boolean> {
  const { id } = read;
  return db.transaction(async (tx) => {
    // Under the lock: approved for a run since it was read (or moved, sent again), it stays put.
    if (!unchanged(await lockFile(tx, id), read)) return false;
    const [approved] = await tx
      .select({ fileId: fileRuns.fileId })
      .from(fileRuns)
      .where(and(eq(fileRuns.fileId, id), isNotNull(fileRuns.approvedAt)))
      .limit(1);
    if (approved) return false;
    await tx.delete(fileRuns).where(eq(fileRuns.fileId, id));
    await withdrawRequests(tx, id, null, 'The file left this run.', now);
    await tx
      .update(adFiles)
      .set({ sheet: target.sheet, status: 'checking', checks: [], uploadedAt: now, checkLeaseUntil: null })
      .where(eq(adFiles.id, id));
    if (target.runs.length > 0)
      await tx
        .insert(fileRuns)
        .values(target.runs.map((run) => ({ fileId: id, ...run, attachedAt: now, attachedBy: userId })));
    return true;
  });
}

/**
 * The file serves these runs too (of its own sheet: its verdict stands for them, copied). Runs it
 * serves already are kept as they are. The runs it now serves that it did not.
 */
export async function addRuns(
  db: Db,
  file: AdFileRow,
  runs: readonly { orderId: number; runValue: string }[],
  userId: string,
  now: Date,
): Promise<number | null> {
  if (runs.length === 0) return 0;
  const status = file.status === 'uploading' ? 'checking' : file.status;
  return db.transaction(async (tx) => {
    // The verdict copied is the one read: null when the file was checked again or moved meanwhile.
    if (!unchanged(await lockFile(tx, file.id), file)) return null;
    const added = await tx
      .insert(fileRuns)
      .values(
        runs.map((run) => ({
          fileId: file.id,
          ...run,
          status,
          checks: file.checks,
          attachedAt: now,
          attachedBy: userId,
        })),
      )
      .onConflictDoNothing()
      .returning({ runValue: fileRuns.runValue });
    return added.length;
  });
}

/**
 * The file serves these runs too, but one of them is checked against another target than the file
 * was (a placement's own trim): the new runs wait for their own check, and the file is checked
 * again (a new upload time, so a check under way is dropped). The runs it now serves that it did not.
 */
export async function addRunsToCheck(
  db: Db,
  file: AdFileRow,
  runs: readonly { orderId: number; runValue: string }[],
  userId: string,
  now: Date,
): Promise<number | null> {
  if (runs.length === 0) return 0;
  return db.transaction(async (tx) => {
    if (!unchanged(await lockFile(tx, file.id), file)) return null;
    const added = await tx
      .insert(fileRuns)
      .values(runs.map((run) => ({ fileId: file.id, ...run, attachedAt: now, attachedBy: userId })))
      .onConflictDoNothing()
      .returning({ runValue: fileRuns.runValue });
    if (added.length > 0)
      await tx
        .update(adFiles)
        .set({ status: 'checking', uploadedAt: now, checkLeaseUntil: null })
        .where(eq(adFiles.id, file.id));
    return added.length;
  });
}

/** The file no longer serves the run (nor is its approved ad); its open request for it is withdrawn. */
export async function detachRun(
  db: Db,
  fileId: string,
  run: { orderId: number; runValue: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockFile(tx, fileId);
    const rows = await tx
      .delete(fileRuns)
      .where(
        and(
          eq(fileRuns.fileId, fileId),
          eq(fileRuns.orderId, run.orderId),
          eq(fileRuns.runValue, run.runValue),
        ),
      )
      .returning({ fileId: fileRuns.fileId });
    await withdrawRequests(tx, fileId, run, 'The file left this run.', now);
    return rows.length > 0;
  });
}

/** Withdraws the file's open approval requests, of one run or (null) all. */
async function withdrawRequests(
  db: Db,
  fileId: string,
  run: { orderId: number; runValue: string } | null,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(approvalRequests)
    .set({ decision: 'withdrawn', decidedAt: now, reason })
    .where(
      and(
        eq(approvalRequests.fileId, fileId),
        isNull(approvalRequests.decidedAt),
        ...(run
          ? [eq(approvalRequests.orderId, run.orderId), eq(approvalRequests.runValue, run.runValue)]
          : []),
      ),
    );
}
