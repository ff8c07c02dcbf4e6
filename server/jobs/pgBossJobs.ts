/**
 * The job queue of a server process, on pg-boss: its options, its queues and their dead letters, and
 * the workers of every kind. Its own file because it is the one implementation of `Jobs` (queue.ts)
 * that talks to pg-boss.
 */
import { is, SQL, sql } from 'drizzle-orm';
import {
  type SendOptions as BossSendOptions,
  type Clock,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
} from 'pg-boss';
import type { Database, Tx } from '../db/client';
import type { Logger } from '../log';
import { deadLetterOf, JOB_KINDS, type JobData, type JobKind, KINDS } from './kinds';
import {
  attemptListeners,
  type JobHandler,
  type JobHandlers,
  type JobRun,
  type Jobs,
  type SendOptions,
} from './queue';

/** How long a job that failed its last attempt is kept for an operator to read. */
const DEAD_LETTERS = { retentionSeconds: 90 * 24 * 60 * 60 };

/** An id no job has. */
const NO_JOB = '00000000-0000-4000-8000-000000000000';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface StartJobsOptions {
  database: Pick<Database, 'pglite' | 'url'>;
  logger: Logger;
  handlers: JobHandlers;
  /** Checks at once in this process (FILE_CHECKS_AT_ONCE). */
  checksAtOnce: number;
  /** Kinds this process queues but does not work (no polling for them). */
  notWorked?: readonly JobKind[];
  /** Tests: quicker retries and polls, and the queue's timers (its polls among them). */
  tuning?: {
    retryDelaySeconds?: number;
    retryLimit?: number;
    pollingIntervalSeconds?: number;
    timers?: Clock;
  };
}

/**
 * Runs one of pg-boss's statements in a transaction. pg-boss builds them with the `sql` tag it was
 * given (drizzle's), and each driver answers with its rows: anything else is a mistake said loudly.
 */
async function executeIn(tx: Tx, query: unknown): Promise<{ rows: unknown[] }> {
  if (!is(query, SQL)) throw new TypeError('pg-boss sent a statement not made with drizzle’s sql tag.');
  const result: unknown = await tx.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return { rows: result.rows };
  throw new TypeError('The database answered a job statement without rows.');
}

const bossSendOptions = (options: SendOptions = {}): BossSendOptions => ({
  ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
  ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
});

/**
 * The job queue on the process's database (pg-boss): on PostgreSQL shared by every replica, which
 * fetch with `FOR UPDATE SKIP LOCKED` so no job runs in two at once; on the embedded database through
 * its one connection. Creates (or updates) every kind's queue and dead-letter queue, stores the cron
 * schedules once, and works every kind here.
 */
export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { database, logger, handlers, tuning = {} } = options;
  const connection = database.pglite
    ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
    : { connectionString: database.url ?? '', max: 2, application_name: 'adlane-jobs' };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    useListenNotify: true,
    supervise: true,
    schedule: true,
    // Lost leases and heartbeats are noticed within these, not the default minute.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    queueCacheIntervalSeconds: 10,
    ...(tuning.timers === undefined ? {} : { clock: tuning.timers }),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'the job queue failed'));
  boss.on('warning', (warning) => logger.warn({ data: warning.data }, `the job queue: ${warning.message}`));
  const { attempts, emit } = attemptListeners();
  await boss.start();
  let running = true;
  const jobs: Jobs = {
    send: (kind, data, sendOptions) => boss.send(kind, data, bossSendOptions(sendOptions)),
    inTransaction: (db, work) =>
      db.transaction((tx) => {
        // pg-boss writes its job with the transaction's own statements (drizzle's `sql` binds them).
        const inTx = fromDrizzle({ execute: (query) => executeIn(tx, query) }, sql);
        return work(tx, (kind, data, sendOptions) =>
          boss.send(kind, data, { ...bossSendOptions(sendOptions), db: inTx }),
        );
      }),
    async counts() {
      const names = JOB_KINDS.flatMap((kind) => [kind, deadLetterOf(kind)]);
      const queues = new Map((await boss.getQueues(names)).map((q) => [q.name, q]));
      return JOB_KINDS.map((kind) => {
        const queue = queues.get(kind);
        return {
          kind,
          queued: queue?.queuedCount ?? 0,
          deferred: queue?.deferredCount ?? 0,
          active: queue?.activeCount ?? 0,
          failed: queue?.failedCount ?? 0,
          dead: queues.get(deadLetterOf(kind))?.queuedCount ?? 0,
        };
      });
    },
    attempts,
    ready: () => running,
    async stop() {
      running = false;
      // An attempt still running after the wait keeps its lease until it ends: another process tries it then.
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };

  const register = async <K extends JobKind>(kind: K) => {
    const settings = KINDS[kind];
    const queue = {
      ...settings.queue,
      ...(tuning.retryDelaySeconds === undefined ? {} : { retryDelay: tuning.retryDelaySeconds }),
      ...(tuning.retryLimit === undefined ? {} : { retryLimit: tuning.retryLimit }),
      deadLetter: deadLetterOf(kind),
    };
    // Nothing works a dead-letter queue: its jobs stay (and count in the metrics) until they are 90
    // days old, not pg-boss's 14 days for jobs waiting to run.
    await boss.createQueue(deadLetterOf(kind), DEAD_LETTERS);
    await boss.updateQueue(deadLetterOf(kind), DEAD_LETTERS);
    // Created once by whichever process comes first; every start brings its options up to the code's.
    await boss.createQueue(kind, queue);
    const { policy: _policy, ...changeable } = queue;
    await boss.updateQueue(kind, changeable);
    if (settings.cron) await boss.schedule(kind, settings.cron, null, { tz: 'UTC' });
    if (options.notWorked?.includes(kind)) return;
    const handler: JobHandler<K> = handlers[kind];
    const workOptions = {
      ...settings.work,
      ...(tuning.pollingIntervalSeconds === undefined
        ? {}
        : {
            pollingIntervalSeconds: tuning.pollingIntervalSeconds,
            notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
          }),
      // One pg-boss worker per slot, each told apart by its id (below).
      localConcurrency: 1,
      includeMetadata: true as const,
      // Each job of a batch is settled on its own: one failure does not send the others round again.
      perJobResults: true as const,
    };
    // A batch's jobs run side by side: each finishes well within its own lease.
    const runBatch = (batch: JobWithMetadata<JobData[K]>[]) =>
      Promise.all(
        batch.map(async (job): Promise<JobResult> => {
          const run: JobRun = {
            id: job.id,
            attempt: job.retryCount,
            last: job.retryCount >= job.retryLimit,
            signal: job.signal,
            jobs,
          };
          try {
            await handler(job.data, run);
            emit(kind, 'completed');
            return { id: job.id, status: 'completed' };
          } catch (error) {
            emit(kind, 'failed');
            logger.warn({ err: error, job: job.id, attempt: job.retryCount }, `a ${kind} job failed`);
            return { id: job.id, status: 'failed', output: { message: messageOf(error) } };
          }
        }),
      );
    const slots = kind === 'files.check' ? options.checksAtOnce : (settings.work.localConcurrency ?? 1);
    for (let slot = 0; slot < slots; slot++) {
      // pg-boss wakes its workers when a job is queued, but a busy worker keeps one wake-up however
      // many jobs came meanwhile: it would leave all but one waiting for its next poll (5 s). A
      // worker that has just run a batch looks for the next at once, and goes back to polling only
      // after a look that found nothing.
      let worker: string | null = null;
      worker = await boss.work<JobData[K], JobResult[], typeof workOptions>(
        kind,
        workOptions,
        async (batch) => {
          try {
            return await runBatch(batch);
          } finally {
            if (worker) boss.notifyWorker(worker);
          }
        },
      );
    }
  };
  for (const kind of JOB_KINDS) await register(kind);
  // A job queued in a transaction must find its queue in pg-boss's cache (which creating and
  // updating the queues emptied until its next refresh): looking it up would, on the embedded
  // database, wait for the one connection the transaction holds. Reading a job warms the cache.
  for (const kind of JOB_KINDS) await boss.getJobById(kind, NO_JOB);
  return jobs;
}
