import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import { auditLog } from '../db/schema';
import { DAY_MS } from '../time';

export type AuditRow = typeof auditLog.$inferSelect;

/** Appends one entry; the table's triggers refuse any later change to it. */
export async function appendAudit(db: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

export const AUDIT_PER_PAGE = 50;

export interface AuditFilters {
  /** Part of the actor's e-mail (or `shell`, `setup`). */
  actor?: string;
  /** An action, or its record's part: `placement` finds every `placement.*`. */
  action?: string;
  type?: string;
  record?: string;
  /** Days, YYYY-MM-DD, in UTC, both included. */
  from?: string;
  to?: string;
  page: number;
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** One page of the log, newest first, with the number of entries the filters find. */
export async function auditPage(db: Db, f: AuditFilters): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.actor) where.push(ilike(auditLog.actor, `%${escapeLike(f.actor)}%`));
  if (f.action)
    where.push(
      f.action.includes('.')
        ? eq(auditLog.action, f.action)
        : ilike(auditLog.action, `${escapeLike(f.action)}.%`),
    );
  if (f.type) where.push(eq(auditLog.recordType, f.type));
  if (f.record) where.push(eq(auditLog.recordId, f.record));
  if (f.from) where.push(gte(auditLog.at, utcDay(f.from)));
  if (f.to) where.push(lt(auditLog.at, new Date(utcDay(f.to).getTime() + DAY_MS)));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PER_PAGE)
      .offset((f.page - 1) * AUDIT_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { rows, total: count?.total ?? 0 };
}
