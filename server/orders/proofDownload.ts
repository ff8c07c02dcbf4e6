import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { FILE_ID } from '../../contract/adFiles';
import type { Db } from '../db/client';
import { runProofs } from '../db/schema';
import type { AppEnv } from '../env';
import { cleanFileName } from '../files/fileName';
import { webStreamOf } from '../http/webStream';

/** A proof of one run of an order, by id; null for another run's, another order's or a malformed id. */
export async function findProof(db: Db, orderId: number, run: string, id: string) {
  const lower = id.toLowerCase();
  if (!FILE_ID.test(lower)) return null;
  const [found] = await db
    .select()
    .from(runProofs)
    .where(and(eq(runProofs.id, lower), eq(runProofs.orderId, orderId), eq(runProofs.run, run)))
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
  const bytes = await (await c.var.uploads()).read(proof.storageKey);
  const name = cleanFileName(proof.fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = proof.kind === 'delivery-report' ? 'attachment' : 'inline';
  return new Response(webStreamOf(bytes), {
    headers: {
      'Content-Type': proof.contentType,
      'Content-Length': String(proof.size),
      'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
