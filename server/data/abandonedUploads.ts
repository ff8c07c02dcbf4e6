import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles } from '../db/schema';

/* Uploads that stopped taking bytes, for the sweep (server/files/sweep.ts). */

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
