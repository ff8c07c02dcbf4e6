import { and, eq } from 'drizzle-orm';
import { adFiles, fileRuns, orders, users } from '../../server/db/schema';
import type { Harness } from './harness';
import { uploadWhole } from './tusClient';

/** The id of the account registered with this e-mail address. */
export async function userIdOf(h: Harness, email: string): Promise<string> {
  const [row] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

export async function orderIdOf(h: Harness, number: string): Promise<number> {
  const [row] = await h.database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`No order ${number}`);
  return row.id;
}

/** A PDF (by its name) sent whole through tus, checked against a sheet alone (`serveRuns` adds runs). */
export async function sentFile(
  h: Harness,
  token: string,
  bytes: Uint8Array,
  filename: string,
  sheet = 'magazine-print-ads',
): Promise<string> {
  const id = await uploadWhole(h, token, bytes, { filename, filetype: 'application/pdf', sheet });
  await h.background.settled();
  return id;
}

/**
 * Makes a file serve runs of an order, approved or not, as file_runs keeps them (issue 33). Written
 * straight to the table, so these tests stand whatever the attach and approve routes do.
 */
export async function serveRuns(
  h: Harness,
  fileId: string,
  orderNumber: string,
  runs: readonly string[],
  approved: { by: string; at: Date } | null,
): Promise<void> {
  const orderId = await orderIdOf(h, orderNumber);
  for (const runValue of runs) {
    if (approved)
      await h.database.db
        .update(fileRuns)
        .set({ approvedAt: null, approvedBy: null })
        .where(and(eq(fileRuns.orderId, orderId), eq(fileRuns.runValue, runValue)));
    await h.database.db
      .insert(fileRuns)
      .values({
        fileId,
        orderId,
        runValue,
        status: 'passed',
        attachedAt: approved?.at ?? new Date('2027-01-11T09:00:00Z'),
        approvedAt: approved?.at ?? null,
        approvedBy: approved?.by ?? null,
      })
      .onConflictDoUpdate({
        target: [fileRuns.fileId, fileRuns.orderId, fileRuns.runValue],
        set: { approvedAt: approved?.at ?? null, approvedBy: approved?.by ?? null },
      });
  }
}

/** Who the file's row says uploaded it. */
export async function uploaderOf(h: Harness, fileId: string): Promise<string | null> {
  const [row] = await h.database.db
    .select({ by: adFiles.uploadedBy })
    .from(adFiles)
    .where(eq(adFiles.id, fileId));
  return row?.by ?? null;
}
