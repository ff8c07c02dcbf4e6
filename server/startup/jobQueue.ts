import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { queueFilesLeftChecking } from '../files/checkJob';
import { fileCheckOptions } from '../files/checkQueue';
import type { UploadStorage } from '../files/storage';
import type { UploadLocks } from '../files/sweep';
import { jobHandlers } from '../jobs/handlers';
import { startJobs } from '../jobs/pgBossJobs';
import { jobsStartedLater } from '../jobs/whenStarted';
import type { Logger } from '../log';
import type { PaymentGateway } from '../payments/gateway';

/*
 * A server process's job queue (issue 29): background work is jobs on the database, worked by every
 * serving process, started a moment after the process serves. Its own file: what the queue runs
 * with, and the files a first start queues, apart from the rest of a start.
 */

interface JobQueueDeps {
  database: Database;
  config: ServerConfig;
  logger: Logger;
  storage: UploadStorage;
  uploadLocker: UploadLocks;
  payments: PaymentGateway | null;
  firstStart: boolean;
  /** The queue could not start: the process stops. */
  onFailed: (error: unknown) => void;
}

/** The queue, started later (`begin`, or at the first job sent); on a first start, the files left checking are queued. */
export function serverJobQueue({
  database,
  config,
  logger,
  storage,
  uploadLocker,
  payments,
  firstStart,
  onFailed,
}: JobQueueDeps) {
  const startQueue = () =>
    startJobs({
      database,
      logger,
      handlers: jobHandlers({
        db: database.db,
        config,
        clock: () => new Date(),
        logger,
        storage: async () => storage,
        uploadLocks: uploadLocker,
        payments,
        ...(config.jobRunLog ? { runLog: config.jobRunLog } : {}),
      }),
      checksAtOnce: fileCheckOptions(process.env).threads,
      // Nothing queues the test kind without FAULT_INJECTION: no process polls for it.
      notWorked: config.faultInjection ? [] : ['test.record'],
    });
  // A process serves first and starts its queue QUEUE_AFTER_MS later (worker.ts; or at the first job sent):
  // pg-boss's start (a second of the embedded database's one connection, and of a core; half a
  // second of round trips on PostgreSQL) keeps neither the start nor the requests that waited for a
  // spare taking a place (issue 27's 2 s) waiting.
  const later = jobsStartedLater(startQueue, onFailed);
  const { jobs } = later;
  // Files a server left `checking` (stopped before their check, or from before checks were jobs)
  // get theirs, once each however many replicas start: queued once the queue has started.
  if (firstStart)
    queueFilesLeftChecking(database.db, jobs).then(
      (left) => {
        if (left > 0) logger.info(`Queued the checks of ${left} files left checking.`);
      },
      (error: unknown) => logger.error({ err: error }, 'the files left checking could not be queued'),
    );
  return later;
}
