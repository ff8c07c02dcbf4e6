import { saveVerdict } from '../data/adFileRuns';
import { adFileById, filesLeftChecking } from '../data/adFiles';
import type { Db } from '../db/client';
import type { JobData, JobRun, Jobs } from '../jobs/queue';
import { type CheckDeps, checkStoredFile } from './checking';
import { fileChecks } from './checkQueue';

/**
 * Queues the check of a file whose bytes are all in, through the queue or a transaction's `send`:
 * once per upload (the queue's `stately` policy), and a file sent again (a new upload time) is
 * checked again.
 */
export async function queueCheck(
  jobs: Pick<Jobs, 'send'>,
  file: { id: string; uploadedAt: Date | null },
): Promise<void> {
  const uploadedAt = file.uploadedAt?.getTime() ?? 0;
  await jobs.send(
    'files.check',
    { fileId: file.id, uploadedAt },
    { singletonKey: `${file.id}@${uploadedAt}` },
  );
}

const COULD_NOT_CHECK = 'The file could not be checked: send it again.';

/**
 * One attempt of a `files.check` job. A file no longer waiting for this upload's check (checked,
 * deleted, sent again) needs nothing. A failure that is not the file's (the database, the storage)
 * is thrown for the queue to try again; after the last attempt the file says so, never `checking`
 * for good.
 */
export async function checkFileJob(
  deps: CheckDeps,
  data: JobData['files.check'],
  run: JobRun,
): Promise<void> {
  const file = await adFileById(deps.db, data.fileId);
  const token = file?.uploadedAt;
  if (!file || !token || file.status !== 'checking' || token.getTime() !== data.uploadedAt) return;
  try {
    await checkStoredFile(deps, file, fileChecks().preflight);
  } catch (error) {
    if (run.last)
      await saveVerdict(
        deps.db,
        file.id,
        token,
        {
          status: 'rejected',
          format: null,
          checks: [{ name: 'checked', result: 'failed', message: COULD_NOT_CHECK }],
          thumbnail: null,
        },
        deps.clock(),
      );
    throw error;
  }
}

/**
 * At a first start: a check for every file still `checking` (a server stopped or died while it
 * waited or ran). Every replica may do it: each upload's check is queued once.
 */
export async function queueFilesLeftChecking(db: Db, jobs: Jobs): Promise<number> {
  const files = await filesLeftChecking(db);
  for (const file of files) await queueCheck(jobs, file);
  return files.length;
}
