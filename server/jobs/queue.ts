/**
 * What the rest of the server knows of background work: the `Jobs` interface, a job's run and its
 * handlers. Its two implementations have files of their own, the pg-boss queue (pgBossJobs.ts) and
 * the run at once of the in-process tests (inlineJobs.ts).
 */
import type { Db, Tx } from '../db/client';
import type { JobData, JobKind } from './kinds';

export type { JobData, JobKind } from './kinds';

/** One attempt of a job, as its handler sees it. */
export interface JobRun {
  id: string;
  /** 0 for the first attempt. */
  attempt: number;
  /** No attempt follows this one if it fails: the handler records the failure for good. */
  last: boolean;
  /** Aborted when the attempt's lease ends (it is then another process's to try). */
  signal: AbortSignal;
  /** The queue, for a handler that enqueues more work. */
  jobs: Jobs;
}

export type JobHandler<K extends JobKind> = (data: JobData[K], run: JobRun) => Promise<void>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export interface SendOptions {
  /** Once-only: a second job with the key is not queued while the queue's policy says so. */
  singletonKey?: string;
  startAfter?: Date;
}

/** Queues a job in the transaction `inTransaction` runs: committed with its rows, or not at all. */
export type SendInTransaction = <K extends JobKind>(
  kind: K,
  data: JobData[K],
  options?: SendOptions,
) => Promise<string | null>;

export interface JobCounts {
  kind: JobKind;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
  /** Jobs that failed their last attempt, kept in the kind's dead-letter queue. */
  dead: number;
}

export type AttemptOutcome = 'completed' | 'failed';

/** The background work of a server process: a queue on its database, or (tests) a run at once. */
export interface Jobs {
  /** Queues a job; answers its id, or null when a once-only policy left it out. */
  send<K extends JobKind>(kind: K, data: JobData[K], options?: SendOptions): Promise<string | null>;
  /** Runs `work` in a transaction of `db` whose jobs are queued only if it commits. */
  inTransaction<T>(db: Db, work: (tx: Tx, send: SendInTransaction) => Promise<T>): Promise<T>;
  counts(): Promise<JobCounts[]>;
  /** Every attempt's outcome, as it ends (metrics). */
  attempts: { on(listener: (kind: JobKind, outcome: AttemptOutcome) => void): void };
  ready(): boolean;
  stop(): Promise<void>;
}

/** The listeners of every attempt's outcome, and how each implementation tells them. */
export function attemptListeners() {
  const listeners: ((kind: JobKind, outcome: AttemptOutcome) => void)[] = [];
  return {
    attempts: {
      on: (listener: (kind: JobKind, outcome: AttemptOutcome) => void) => listeners.push(listener),
    },
    emit: (kind: JobKind, outcome: AttemptOutcome) => {
      for (const listener of listeners) listener(kind, outcome);
    },
  };
}
