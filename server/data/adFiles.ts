import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
import type { CheckPlace } from '../../contract/adFiles';
import type { Db } from '../db/client';
import { adFiles, orders } from '../db/schema';

export type AdFileRow = typeof adFiles.$inferSelect;
export type AdFileStatus = AdFileRow['status'];
export interface StoredCheck {
  name: string;
  result: 'passed' | 'warning' | 'failed';
  message: string;
  /** Where on the proof the problem is (issue 33), when the check could say. */
  where?: CheckPlace[];
}

/** A new upload's row, written before any byte arrives. */
export async function createAdFile(db: Db, row: typeof adFiles.$inferInsert): Promise<void> {
  await db.insert(adFiles).values(row);
}

/** The bytes a company's files take, finished or not. */
export async function companyBytes(db: Db, companyId: number): Promise<number> {
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

export interface FileFilter {
  orderId?: number;
  view?: 'attention' | 'approved';
}

export interface ListedFile {
  file: AdFileRow;
  orderNumber: string | null;
  /** The name of the other file that is now its run's approved ad, or null. */
  replacedBy: string | null;
}

/** The other file that is the approved ad of a file's run: the file was replaced by it. */
const replacedBy = sql<
  string | null
>`(select other.name from ${adFiles} other where other.order_id = ${adFiles.orderId} and other.run_value = ${adFiles.runValue} and other.approved_at is not null and other.id <> ${adFiles.id} limit 1)`;

const listed = { file: adFiles, orderNumber: orders.number, replacedBy };

/**
 * The company's files, newest first, with the number of the order each is for. What needs attention
 * is a file whose checks failed and that no other file has replaced as its run's approved ad.
 */
export async function listAdFiles(db: Db, companyId: number, filter: FileFilter): Promise<ListedFile[]> {
  const where: SQL[] = [eq(adFiles.companyId, companyId)];
  if (filter.orderId !== undefined) where.push(eq(adFiles.orderId, filter.orderId));
  if (filter.view === 'attention')
    where.push(sql`${adFiles.status} in ('attention', 'rejected')`, sql`${replacedBy} is null`);
  if (filter.view === 'approved') where.push(isNotNull(adFiles.approvedAt));
  const rows = await db
    .select(listed)
    .from(adFiles)
    .leftJoin(orders, eq(orders.id, adFiles.orderId))
    .where(and(...where))
    .orderBy(desc(adFiles.createdAt), desc(adFiles.id))
    .limit(500);
  return rows;
}

/** One file of the company as the library lists it; another company's id is as unknown as a made-up one. */
export async function findListedFile(db: Db, companyId: number, id: string): Promise<ListedFile | null> {
  const [row] = await db
    .select(listed)
    .from(adFiles)
    .leftJoin(orders, eq(orders.id, adFiles.orderId))
    .where(and(eq(adFiles.id, id), eq(adFiles.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The files of an order's runs, for its page: each run's approved ad and its latest upload. */
export async function filesOfOrder(db: Db, orderId: number): Promise<AdFileRow[]> {
  return db
    .select()
    .from(adFiles)
    .where(eq(adFiles.orderId, orderId))
    .orderBy(desc(adFiles.createdAt), desc(adFiles.id));
}

/** The last byte arrived: the file is checked next. */
export async function markUploaded(db: Db, id: string, now: Date): Promise<void> {
  await db.update(adFiles).set({ status: 'checking', uploadedAt: now }).where(eq(adFiles.id, id));
}

export interface Verdict {
  status: 'passed' | 'attention' | 'rejected';
  format: string | null;
  checks: StoredCheck[];
  thumbnail: string | null;
}

/**
 * The preflight's verdict. Only a file still `checking` takes it: a check that finishes after the
 * file was attached elsewhere (and is being checked again) is dropped, not written over the new one.
 */
export async function saveVerdict(
  db: Db,
  id: string,
  token: Date,
  verdict: Verdict,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(adFiles)
    .set({ ...verdict, checkedAt: now, checkLeaseUntil: null })
    .where(and(eq(adFiles.id, id), eq(adFiles.status, 'checking'), eq(adFiles.uploadedAt, token)))
    .returning({ id: adFiles.id });
  return rows.length > 0;
}

/** Attach to another run or sheet: checked again from scratch. */
export async function retarget(
  db: Db,
  id: string,
  target: { orderId: number | null; runValue: string | null; sheet: string },
  now: Date,
): Promise<void> {
  await db
    .update(adFiles)
    .set({
      ...target,
      status: 'checking',
      checks: [],
      uploadedAt: now,
      approvedAt: null,
      approvedBy: null,
      checkLeaseUntil: null,
    })
    .where(eq(adFiles.id, id));
}

/**
 * Makes the file its run's approved ad, in place of any other. Only the file as it was checked: if it
 * was attached elsewhere or sent for checking again meanwhile, nothing changes and the answer is false.
 */
export async function approveFile(db: Db, file: AdFileRow, userId: string, now: Date): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      if (file.orderId !== null && file.runValue !== null)
        await tx
          .update(adFiles)
          .set({ approvedAt: null, approvedBy: null })
          .where(
            and(
              eq(adFiles.orderId, file.orderId),
              eq(adFiles.runValue, file.runValue),
              ne(adFiles.id, file.id),
              isNotNull(adFiles.approvedAt),
            ),
          );
      const approved = await tx
        .update(adFiles)
        .set({ approvedAt: now, approvedBy: userId })
        .where(
          and(
            eq(adFiles.id, file.id),
            eq(adFiles.status, file.status),
            file.orderId === null ? isNull(adFiles.orderId) : eq(adFiles.orderId, file.orderId),
            file.runValue === null ? isNull(adFiles.runValue) : eq(adFiles.runValue, file.runValue),
            file.uploadedAt === null ? isNull(adFiles.uploadedAt) : eq(adFiles.uploadedAt, file.uploadedAt),
            isNull(adFiles.approvedAt),
            // Sent back by production since the customer read it: never approved after all.
            or(isNull(adFiles.review), ne(adFiles.review, 'returned')),
          ),
        )
        .returning({ id: adFiles.id });
      // Nothing approved: the other run's ad cleared above stays as it was.
      if (approved.length === 0) tx.rollback();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
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
    .select({ orderId: adFiles.orderId, runValue: adFiles.runValue })
    .from(adFiles)
    .where(and(inArray(adFiles.orderId, [...orderIds]), isNotNull(adFiles.approvedAt)));
  for (const { orderId, runValue } of rows) {
    if (orderId === null || runValue === null) continue;
    const set = runs.get(orderId) ?? new Set<string>();
    set.add(runValue);
    runs.set(orderId, set);
  }
  return runs;
}
