import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CheckPlace } from '../../contract/adFiles';
import type { Db, DbOrTx } from '../db/client';
import { adFiles, approvalRequests, fileComments, fileRuns, orders } from '../db/schema';

type FileRunRow = typeof fileRuns.$inferSelect;

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

/**
 * What GET /files narrows the library to. Open for more conditions (issue 33's placement, sheet and
 * person filters add theirs to `where` in listAdFiles).
 */
export interface FileFilter {
  orderId?: number;
  view?: 'attention' | 'approved';
  /** More conditions on `ad_files` (issue 33: the library's filters, server/files/libraryFilter.ts). */
  where?: SQL[];
}

/** One run a listed file serves (issue 33), with its order's number. */
export interface ListedRun {
  orderId: number;
  orderNumber: string;
  runValue: string;
  status: FileRunRow['status'];
  checks: StoredCheck[];
  attachedAt: Date;
  approvedAt: Date | null;
  approvedBy: string | null;
  /** The name of the other file that is now this run's approved ad, or null. */
  replacedBy: string | null;
}

export interface ListedFile {
  file: AdFileRow;
  /** The runs it serves, by order number and run. */
  runs: ListedRun[];
  /** Every run it served has another file as its approved ad (the latest's name), or null. */
  replacedBy: string | null;
  /** The comments of its thread. */
  comments: number;
}

/**
 * The listed file's id, named in full: drizzle names a column of a query on one table alone without
 * its table, which in these subqueries would be another table's `id`.
 */
const thisFile = sql.raw('"ad_files"."id"');

/**
 * A file replaced on every run it served: it serves one, is approved for none, and each of its runs
 * has another approved file (the latest approved is named).
 */
const replacedBy = sql<
  string | null
>`case when exists (select 1 from ${fileRuns} mine where mine.file_id = ${thisFile})
  and not exists (select 1 from ${fileRuns} mine where mine.file_id = ${thisFile} and (mine.approved_at is not null
    or not exists (select 1 from ${fileRuns} other where other.order_id = mine.order_id and other.run_value = mine.run_value
      and other.file_id <> mine.file_id and other.approved_at is not null)))
  then (select newer.name from ${fileRuns} mine join ${fileRuns} other on other.order_id = mine.order_id
      and other.run_value = mine.run_value and other.file_id <> mine.file_id and other.approved_at is not null
    join ${adFiles} newer on newer.id = other.file_id
    where mine.file_id = ${thisFile} order by other.approved_at desc limit 1) end`;

const commentCount = sql<number>`(select count(*)::int from ${fileComments} c where c.file_id = ${thisFile})`;

const listedShape = { file: adFiles, replacedBy, comments: commentCount };

/** The run's approved ad when it is another file: the file was replaced on that run by it. */
const runReplacedBy = sql<
  string | null
>`(select newer.name from ${fileRuns} other join ${adFiles} newer on newer.id = other.file_id where other.order_id = ${fileRuns.orderId} and other.run_value = ${fileRuns.runValue} and other.file_id <> ${fileRuns.fileId} and other.approved_at is not null limit 1)`;

/** The runs the files serve, by file id, the first attached first. */
export async function runsOfFiles(db: Db, fileIds: readonly string[]): Promise<Map<string, ListedRun[]>> {
  const runs = new Map<string, ListedRun[]>();
  if (fileIds.length === 0) return runs;
  const rows = await db
    .select({
      fileId: fileRuns.fileId,
      orderId: fileRuns.orderId,
      orderNumber: orders.number,
      runValue: fileRuns.runValue,
      status: fileRuns.status,
      checks: fileRuns.checks,
      attachedAt: fileRuns.attachedAt,
      approvedAt: fileRuns.approvedAt,
      approvedBy: fileRuns.approvedBy,
      replacedBy: runReplacedBy,
    })
    .from(fileRuns)
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .where(inArray(fileRuns.fileId, [...fileIds]))
    .orderBy(asc(orders.number), asc(fileRuns.runValue));
  for (const { fileId, checks, ...run } of rows) {
    const list = runs.get(fileId) ?? [];
    list.push({ ...run, checks: checks as StoredCheck[] });
    runs.set(fileId, list);
  }
  return runs;
}

async function withRuns(
  db: Db,
  rows: { file: AdFileRow; replacedBy: string | null; comments: number }[],
): Promise<ListedFile[]> {
  const runs = await runsOfFiles(
    db,
    rows.map((row) => row.file.id),
  );
  return rows.map((row) => ({ ...row, comments: Number(row.comments), runs: runs.get(row.file.id) ?? [] }));
}

/**
 * A condition on the file's runs: one of them is such (`served` is the file_runs row), for the
 * library's filters.
 */
export const servesRun = (condition: SQL) =>
  sql`exists (select 1 from ${fileRuns} served where served.file_id = ${adFiles.id} and ${condition})`;

/**
 * The company's files, newest first, with the runs each serves. What needs attention is a file whose
 * checks failed and that other files have not replaced on every run it served.
 */
export async function listAdFiles(db: Db, companyId: number, filter: FileFilter): Promise<ListedFile[]> {
  const where: SQL[] = [eq(adFiles.companyId, companyId)];
  if (filter.orderId !== undefined) where.push(servesRun(sql`served.order_id = ${filter.orderId}`));
  if (filter.view === 'attention')
    where.push(sql`${adFiles.status} in ('attention', 'rejected')`, sql`(${replacedBy}) is null`);
  if (filter.view === 'approved') where.push(servesRun(sql`served.approved_at is not null`));
  where.push(...(filter.where ?? []));
  const rows = await db
    .select(listedShape)
    .from(adFiles)
    .where(and(...where))
    .orderBy(desc(adFiles.createdAt), desc(adFiles.id))
    .limit(500);
  return withRuns(db, rows);
}

/** The company's files of these ids as the library lists them (issue 33: the order page's run ads). */
export async function listedFilesByIds(
  db: Db,
  companyId: number,
  ids: readonly string[],
): Promise<ListedFile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listedShape)
    .from(adFiles)
    .where(and(eq(adFiles.companyId, companyId), inArray(adFiles.id, [...ids])));
  return withRuns(db, rows);
}

/** One file of the company as the library lists it; another company's id is as unknown as a made-up one. */
export async function findListedFile(db: Db, companyId: number, id: string): Promise<ListedFile | null> {
  const rows = await db
    .select(listedShape)
    .from(adFiles)
    .where(and(eq(adFiles.id, id), eq(adFiles.companyId, companyId)))
    .limit(1);
  const [listed] = await withRuns(db, rows);
  return listed ?? null;
}

/** A file sent for one of an order's runs, with that run's own verdict and approval. */
export interface OrderRunFile {
  id: string;
  name: string;
  runValue: string;
  status: string;
  approvedAt: Date | null;
  checks: { result: string; message: string }[];
  review: 'accepted' | 'returned' | null;
  reviewNote: string | null;
}

/** The files of an order's runs, for its page: per run, newest attached first (its approved ad wins). */
export async function filesOfOrder(db: Db, orderId: number): Promise<OrderRunFile[]> {
  return db
    .select({
      id: adFiles.id,
      name: adFiles.name,
      runValue: fileRuns.runValue,
      // Still arriving: the run has its bytes to wait for, then their check.
      status: sql<string>`case when ${adFiles.status} = 'uploading' then 'uploading' else ${fileRuns.status} end`,
      approvedAt: fileRuns.approvedAt,
      checks: fileRuns.checks,
      review: adFiles.review,
      reviewNote: adFiles.reviewNote,
    })
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .where(eq(fileRuns.orderId, orderId))
    .orderBy(desc(fileRuns.attachedAt), desc(adFiles.createdAt), desc(adFiles.id));
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

/** An upload's last byte, or its start when none came. */
const lastSign = sql`coalesce(${adFiles.lastByteAt}, ${adFiles.createdAt})`;
const abandonedBefore = (before: Date) =>
  and(eq(adFiles.status, 'uploading'), sql`${lastSign} < ${before.toISOString()}::timestamptz`);

/** The uploads that took no byte since `before`, oldest first, at most `limit`. */
export async function abandonedUploads(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: adFiles.id })
    .from(adFiles)
    .where(abandonedBefore(before))
    .orderBy(lastSign)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether an upload is still abandoned (no byte came since `before`, and it did not arrive). */
export async function isAbandoned(db: Db, id: string, before: Date): Promise<boolean> {
  const rows = await db
    .select({ id: adFiles.id })
    .from(adFiles)
    .where(and(eq(adFiles.id, id), abandonedBefore(before)));
  return rows.length > 0;
}

/** The runs with an approved ad, by order: `${orderId}` → the runs' date values. */
export async function approvedRunsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const runs = new Map<number, Set<string>>();
  if (orderIds.length === 0) return runs;
  const rows = await db
    .select({ orderId: fileRuns.orderId, runValue: fileRuns.runValue })
    .from(fileRuns)
    .where(and(inArray(fileRuns.orderId, [...orderIds]), isNotNull(fileRuns.approvedAt)));
  for (const { orderId, runValue } of rows) {
    const set = runs.get(orderId) ?? new Set<string>();
    set.add(runValue);
    runs.set(orderId, set);
  }
  return runs;
}
