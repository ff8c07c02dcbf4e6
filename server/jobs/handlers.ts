import type { Db } from '../db/client';
import type { UploadStorage } from '../files/storage';
import { sweepAbandonedUploads, type UploadLocks } from '../files/sweep';
import type { Logger } from '../log';

/*
 * Stand-in for the job registry of issue 29's part 2 (server/jobs/, pg-boss), which owns this file:
 * only the entry of part 3 is here. The merge keeps part 2's file and adds the `uploads.sweep` line
 * and `uploadLocks` to its dependencies.
 */

/** What a job's handler is given by the process that runs it. */
export interface JobDeps {
  db: Db;
  storage: UploadStorage;
  logger: Logger;
  clock: () => Date;
  /**
   * PostgreSQL's shared upload lock, the tus endpoint's own (`uploadLockerOf(database.session)`), so a
   * sweep never takes an upload in use.
   */
  uploadLocks?: UploadLocks | null;
}

export const jobHandlers = {
  /** Hourly (cron `17 * * * *`, one run at a time): uploads that took no byte for 24 hours go. */
  'uploads.sweep': (deps: JobDeps) => sweepAbandonedUploads({ ...deps, locks: deps.uploadLocks }),
} as const;
