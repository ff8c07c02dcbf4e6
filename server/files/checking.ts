import { asc, eq } from 'drizzle-orm';
import { type AdFileRow, saveVerdict } from '../data/adFiles';
import type { Db } from '../db/client';
import { fileRuns, orders } from '../db/schema';
import type { Logger } from '../log';
import type { PreflightInput, PreflightResult } from '../preflight/index';
import type { UploadStorage } from './storage';
import { runTarget, sheetTarget, type TargetOutcome } from './target';

export interface CheckDeps {
  db: Db;
  storage: UploadStorage;
  clock: () => Date;
  logger: Logger;
}

/** What a stored file is checked against: the first run it serves (issue 33), or its sheet alone. */
async function targetOf(db: Db, file: AdFileRow): Promise<TargetOutcome> {
  const [run] = await db
    .select({ number: orders.number, runValue: fileRuns.runValue })
    .from(fileRuns)
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .where(eq(fileRuns.fileId, file.id))
    .orderBy(asc(fileRuns.attachedAt), asc(orders.number), asc(fileRuns.runValue))
    .limit(1);
  if (!run) return sheetTarget(file.sheet ?? '');
  return runTarget(db, file.companyId, { order: run.number, run: run.runValue });
}

/** The verdict of a file that could not be checked at all: one failed check saying why. */
const refused = (name: string, message: string) => ({
  status: 'rejected' as const,
  format: null,
  checks: [{ name, result: 'failed' as const, message }],
  thumbnail: null,
});

/**
 * Preflights a file whose bytes are all in, with `run` (a check worker thread), and writes the verdict.
 * A file that cannot be read is `rejected` with what to do, never left `checking`.
 */
export async function checkStoredFile(
  deps: CheckDeps,
  file: AdFileRow,
  run: (input: PreflightInput) => Promise<PreflightResult>,
): Promise<void> {
  const token = file.uploadedAt;
  if (!token) return;
  const outcome = await targetOf(deps.db, file);
  if (!outcome.ok) {
    await saveVerdict(deps.db, file.id, token, refused('target', outcome.message), deps.clock());
    return;
  }
  const { target } = outcome;
  let copy: Awaited<ReturnType<UploadStorage['localCopy']>> | null = null;
  try {
    copy = await deps.storage.localCopy(file.id);
    const started = performance.now();
    const verdict = await run({
      path: copy.path,
      size: file.size,
      deliverables: target.deliverables,
      trim: target.trim,
      sheetTitle: target.sheetTitle,
    });
    await saveVerdict(
      deps.db,
      file.id,
      token,
      {
        status: verdict.status,
        format: verdict.format,
        checks: verdict.checks,
        thumbnail: verdict.thumbnail ? verdict.thumbnail.toString('base64') : null,
      },
      deps.clock(),
    );
    const ms = Math.round(performance.now() - started);
    deps.logger.info({ file: file.id, status: verdict.status, ms }, 'an ad file was checked');
  } catch (error) {
    deps.logger.warn({ err: error, file: file.id }, 'an ad file could not be checked');
    const unreadable = 'The file could not be read: export it again and send the new file.';
    await saveVerdict(deps.db, file.id, token, refused('readable', unreadable), deps.clock());
  } finally {
    await copy?.done();
  }
}
