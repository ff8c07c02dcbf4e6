import { abandonedUploads, isAbandoned } from '../data/abandonedUploads';
import { deleteAdFile } from '../data/adFiles';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import type { UploadStorage } from './storage';

/** An upload that took no byte for a day is abandoned: its bytes and its row go, and its room. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Uploads swept by one run at most; the next run takes the rest. */
const SWEEP_BATCH = 500;

/** The upload lock, taken only when nobody holds it (server/files/uploadLocker.ts). */
export interface UploadLocks {
  tryLock(id: string): Promise<(() => Promise<void>) | null>;
}

export interface SweepDeps {
  db: Db;
  storage: UploadStorage;
  clock: () => Date;
  logger: Logger;
  /** PostgreSQL's shared upload lock; on the embedded database the row's last byte decides alone. */
  locks?: UploadLocks | null;
}

export interface SweepOutcome {
  swept: number;
  /** In use at that moment (a PATCH holds its lock): left for the next run. */
  busy: number;
  /** The store could not remove them: their rows stay, and the next run tries again. */
  failed: number;
}

/**
 * The `uploads.sweep` job: removes every upload that took no byte for 24 hours (by the clock), its
 * bytes first (a folder's file, or a bucket's parts) and then its row, so the company's quota counts
 * it no more. Each is taken under its upload lock and looked at again there, so a PATCH that came
 * back meanwhile keeps its upload.
 */
export async function sweepAbandonedUploads(deps: SweepDeps): Promise<SweepOutcome> {
  const { db, storage, logger } = deps;
  const before = new Date(deps.clock().getTime() - ABANDONED_AFTER_MS);
  const outcome: SweepOutcome = { swept: 0, busy: 0, failed: 0 };
  for (const id of await abandonedUploads(db, before, SWEEP_BATCH)) {
    const release = deps.locks ? await deps.locks.tryLock(id) : async () => {};
    if (!release) {
      outcome.busy += 1;
      continue;
    }
    try {
      if (!(await isAbandoned(db, id, before))) continue;
      await storage.discard(id);
      await deleteAdFile(db, id);
      outcome.swept += 1;
    } catch (error) {
      outcome.failed += 1;
      logger.error(
        { err: error, upload: id },
        'An abandoned upload could not be removed: it is tried again next time.',
      );
    } finally {
      await release();
    }
  }
  if (outcome.swept + outcome.busy + outcome.failed > 0)
    logger.info(outcome, `Swept ${outcome.swept} uploads that took no byte for 24 hours.`);
  return outcome;
}
