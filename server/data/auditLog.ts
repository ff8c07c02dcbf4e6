import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

/** Appends one entry; the table's triggers refuse any later change to it. */
export async function appendAudit(db: Db, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}
