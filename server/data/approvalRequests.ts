import { aliasedTable, and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, approvalRequests, companies, orderRuns, orders, users } from '../db/schema';
import type { FileRunKey } from './fileRuns';

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
export type Decision = NonNullable<ApprovalRequestRow['decision']>;

/** Whether the company's approvals need an admin or the owner (issue 33). */
export async function approvalsNeedAdmin(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: companies.approvalsNeedAdmin })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.on ?? false;
}

/**
 * The setting as a request is made, its row locked for share: a request and a change of the setting
 * meet in turn, so no member's approval slips through as the owner turns the setting on.
 */
export async function approvalsNeedAdminLocked(tx: Db, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ on: companies.approvalsNeedAdmin })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('share');
  return row?.on ?? false;
}

export async function setApprovalsNeedAdmin(db: Db, companyId: number, on: boolean): Promise<void> {
  await db.update(companies).set({ approvalsNeedAdmin: on }).where(eq(companies.id, companyId));
}

/** The open request for a file and run, if any. */
export async function openRequestOf(db: Db, key: FileRunKey): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.fileId, key.fileId),
        eq(approvalRequests.orderId, key.orderId),
        eq(approvalRequests.runValue, key.runValue),
        isNull(approvalRequests.decidedAt),
      ),
    );
  return row ?? null;
}

/** A new open request, or null when one is open already (the unique index says so, even at once). */
export async function createRequest(
  tx: Db,
  key: FileRunKey,
  userId: string,
  now: Date,
): Promise<ApprovalRequestRow | null> {
  // No error to catch: on PostgreSQL a failed insert would end the whole transaction.
  const [row] = await tx
    .insert(approvalRequests)
    .values({ ...key, requestedBy: userId, requestedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The file a request of the company is for (not locked), or null. */
export async function fileOfRequest(tx: Db, companyId: number, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ fileId: approvalRequests.fileId })
    .from(approvalRequests)
    .innerJoin(adFiles, eq(adFiles.id, approvalRequests.fileId))
    .where(and(eq(approvalRequests.id, id), eq(adFiles.companyId, companyId)));
  return row?.fileId ?? null;
}

/** A request of the company, with its file's name and company, locked for the decision. */
export async function lockRequest(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .select({
      request: approvalRequests,
      fileName: adFiles.name,
      fileReview: adFiles.review,
      fileUploadedAt: adFiles.uploadedAt,
    })
    .from(approvalRequests)
    .innerJoin(adFiles, eq(adFiles.id, approvalRequests.fileId))
    .where(and(eq(approvalRequests.id, id), eq(adFiles.companyId, companyId)))
    .for('update', { of: approvalRequests });
  return row ?? null;
}

/** Closes an open request; false when it was decided meanwhile. */
export async function decideRequest(
  tx: Db,
  id: number,
  decision: Exclude<Decision, 'accepted'>,
  by: string | null,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(approvalRequests)
    .set({ decision, decidedBy: by, decidedAt: now, reason })
    .where(and(eq(approvalRequests.id, id), isNull(approvalRequests.decidedAt)))
    .returning({ id: approvalRequests.id });
  return rows.length > 0;
}

const asker = aliasedTable(users, 'asker');
const decider = aliasedTable(users, 'decider');
const fullName = (u: typeof users) =>
  sql<string | null>`nullif(trim(${u.firstname} || ' ' || ${u.lastname}), '')`;

/** The columns a request is shown with: who asked, who decided, by name. */
const requestColumns = {
  request: approvalRequests,
  fileName: adFiles.name,
  orderNumber: orders.number,
  runLabel: orderRuns.label,
  askedBy: fullName(asker),
  decidedByName: fullName(decider),
};

const requestsJoined = (db: Db) =>
  db
    .select(requestColumns)
    .from(approvalRequests)
    .innerJoin(adFiles, eq(adFiles.id, approvalRequests.fileId))
    .innerJoin(orders, eq(orders.id, approvalRequests.orderId))
    .leftJoin(
      orderRuns,
      and(eq(orderRuns.orderId, approvalRequests.orderId), eq(orderRuns.run, approvalRequests.runValue)),
    )
    .leftJoin(asker, eq(asker.id, approvalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy));

export type ListedRequest = Awaited<ReturnType<ReturnType<typeof requestsJoined>['execute']>>[number];

/** The company's requests, newest first: open ones only, or all; one person's when `requestedBy`. */
export async function listRequests(
  db: Db,
  companyId: number,
  filter: { open: boolean; requestedBy?: string | undefined },
): Promise<ListedRequest[]> {
  const where: SQL[] = [eq(adFiles.companyId, companyId)];
  if (filter.open) where.push(isNull(approvalRequests.decidedAt));
  if (filter.requestedBy) where.push(eq(approvalRequests.requestedBy, filter.requestedBy));
  return requestsJoined(db)
    .where(and(...where))
    .orderBy(desc(approvalRequests.requestedAt), desc(approvalRequests.id))
    .limit(500);
}

/** One request of the company, as the list shows it. */
export async function findListedRequest(
  db: Db,
  companyId: number,
  id: number,
): Promise<ListedRequest | null> {
  const [row] = await requestsJoined(db).where(
    and(eq(approvalRequests.id, id), eq(adFiles.companyId, companyId)),
  );
  return row ?? null;
}

/**
 * The request each of several (file, order, run) of the company shows, in one query: its open one, or
 * else its most recently decided; at most one row a run, never a file's whole history. The keys go as
 * one JSON parameter, so a list of many files and runs stays within the driver's parameter limit.
 */
export async function requestsOfRuns(
  db: Db,
  companyId: number,
  keys: readonly FileRunKey[],
): Promise<ListedRequest[]> {
  if (keys.length === 0) return [];
  const wanted = JSON.stringify(
    keys.map((k) => ({ fileId: k.fileId, orderId: k.orderId, runValue: k.runValue })),
  );
  const shown = db
    .selectDistinctOn([approvalRequests.fileId, approvalRequests.orderId, approvalRequests.runValue], {
      id: approvalRequests.id,
    })
    .from(approvalRequests)
    .innerJoin(
      sql`json_to_recordset(${wanted}::json) as wanted("fileId" uuid, "orderId" integer, "runValue" text)`,
      sql`wanted."fileId" = ${approvalRequests.fileId} and wanted."orderId" = ${approvalRequests.orderId}
        and wanted."runValue" = ${approvalRequests.runValue}`,
    )
    .orderBy(
      approvalRequests.fileId,
      approvalRequests.orderId,
      approvalRequests.runValue,
      sql`${approvalRequests.decidedAt} is not null`,
      desc(approvalRequests.decidedAt),
      desc(approvalRequests.id),
    );
  return requestsJoined(db).where(and(eq(adFiles.companyId, companyId), inArray(approvalRequests.id, shown)));
}

/** A (file, order, run) as one string, to look runs up by. */
export const runKeyOf = (key: FileRunKey) => `${key.fileId} ${key.orderId} ${key.runValue}`;

/** The company's owner and admins still in it: who decides requests. */
export async function decidersOf(db: Db, companyId: number) {
  return db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        or(eq(users.role, 'owner'), eq(users.role, 'admin')),
        isNull(users.removedAt),
      ),
    );
}
