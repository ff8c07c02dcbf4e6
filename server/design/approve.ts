import { randomUUID } from 'node:crypto';
import { DESIGN_RUN } from '../../contract/design';
import { type DesignOrder, decideProof, designRowsOf, lockBrief } from '../data/design';
import type { Db } from '../db/client';
import { adFiles, fileRuns } from '../db/schema';
import type { UploadStorage } from '../files/storage';
import type { Logger } from '../log';
import { decisionRefusal } from './brief';
import { formatOfContentType } from './files';
import { bytesOf } from './round';

/**
 * The customer approves proof `number`: it becomes the design run's approved ad file, a copy of its
 * bytes under a new ad file id, so the file library and its routes read it like any upload. The bytes
 * are copied before the transaction (it holds only the rows); a copy whose approval was refused is
 * removed again.
 */
export async function approveProof(
  deps: { db: Db; storage: UploadStorage; log: Logger; now: Date },
  order: DesignOrder,
  number: number,
  userId: string,
): Promise<{ refused: string | null }> {
  const { db, storage, now } = deps;
  const orderId = order.order.id;
  const first = await designRowsOf(db, orderId);
  const proof = first.proofs.find((p) => p.number === number);
  if (!proof) return { refused: `Order ${order.order.number} has no proof ${number}.` };
  const early = decisionRefusal(first, proof);
  if (early) return { refused: early };
  const adFileId = randomUUID();
  await storage.putBytes(adFileId, await bytesOf(storage, proof.storageKey), proof.contentType);
  const refused = await db.transaction(async (tx) => {
    await lockBrief(tx, orderId, now);
    const rows = await designRowsOf(tx, orderId);
    const fresh = rows.proofs.find((p) => p.number === number);
    const refusal = fresh ? decisionRefusal(rows, fresh) : 'The proof is gone.';
    if (refusal || !fresh) return refusal;
    await tx.insert(adFiles).values({
      id: adFileId,
      companyId: order.order.companyId,
      uploadedBy: userId,
      name: fresh.fileName,
      declaredType: fresh.contentType,
      size: fresh.size,
      status: 'passed',
      format: formatOfContentType(fresh.contentType),
      checks: [],
      uploadedAt: now,
      checkedAt: now,
      lastByteAt: now,
    });
    await tx.insert(fileRuns).values({
      fileId: adFileId,
      orderId,
      runValue: DESIGN_RUN,
      status: 'passed',
      attachedAt: now,
      attachedBy: userId,
      approvedAt: now,
      approvedBy: userId,
    });
    await decideProof(tx, fresh.id, { decision: 'approved', comment: null, by: userId, at: now, adFileId });
    return null;
  });
  if (refused)
    await storage.discard(adFileId).catch((error: unknown) => {
      deps.log.warn({ err: error, adFileId }, 'a refused design approval left its copied bytes');
    });
  return { refused };
}
