import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, fileComments, fileRuns, orders } from '../db/schema';
import type { AdFileRow, StoredCheck } from './adFiles';

type FileRunRow = typeof fileRuns.$inferSelect;

/* The file library as GET /files and an order's page list it: files with their runs, replacements and comments. */

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
