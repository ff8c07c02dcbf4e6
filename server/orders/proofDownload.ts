import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { runProofs } from '../db/schema';
import type { AppEnv } from '../env';
import { storedFileResponse } from '../files/download';

/** A proof of one run of an order, by id (fileIdParam's); null for another run's, another order's or no id. */
export async function findProof(db: Db, orderId: number, run: string, id: string | null) {
  if (!id) return null;
  const [found] = await db
    .select()
    .from(runProofs)
    .where(and(eq(runProofs.id, id), eq(runProofs.orderId, orderId), eq(runProofs.run, run)))
    .limit(1);
  return found ?? null;
}

/**
 * A proof's bytes: a PDF or a picture opens in the browser (to view it, in a sandbox), a delivery
 * report downloads, as spreadsheets do.
 */
export async function proofResponse(
  c: Context<AppEnv>,
  proof: typeof runProofs.$inferSelect,
): Promise<Response> {
  return storedFileResponse(
    await c.var.uploads(),
    proof.storageKey,
    { name: proof.fileName, size: proof.size },
    { contentType: proof.contentType, inline: proof.kind !== 'delivery-report' },
  );
}
