/**
 * The queue of an app built without one: each job run at once in this process. Its own file because
 * only the in-process tests and the app's default use it, never a server process.
 */
import { randomUUID } from 'node:crypto';
import type { BackgroundWork } from '../background';
import { JOB_KINDS, type JobData, type JobKind } from './kinds';
import { attemptListeners, type JobCounts, type JobHandler, type JobHandlers, type Jobs } from './queue';

const noCounts = (): JobCounts[] =>
  JOB_KINDS.map((kind) => ({ kind, queued: 0, deferred: 0, active: 0, failed: 0, dead: 0 }));

/**
 * Jobs run at once in this process, once each, as after-answer work: what an app built without a
 * queue (the in-process tests) does, so `background.settled()` waits for e-mails and checks. A
 * failure is its job's last attempt.
 */
export function inlineJobs(handlers: JobHandlers, background: BackgroundWork): Jobs {
  const { attempts, emit } = attemptListeners();
  const start = <K extends JobKind>(kind: K, data: JobData[K], id = randomUUID()) => {
    const handler: JobHandler<K> = handlers[kind];
    background.run(async () => {
      try {
        await handler(data, { id, attempt: 0, last: true, signal: new AbortController().signal, jobs });
        emit(kind, 'completed');
      } catch (error) {
        emit(kind, 'failed');
        throw error;
      }
    });
    return id;
  };
  const jobs: Jobs = {
    send: async (kind, data) => start(kind, data),
    async inTransaction(db, work) {
      const queued: (() => void)[] = [];
      const result = await db.transaction((tx) =>
        work(tx, async (kind, data) => {
          const id = randomUUID();
          queued.push(() => start(kind, data, id));
          return id;
        }),
      );
      for (const run of queued) run();
      return result;
    },
    counts: async () => noCounts(),
    attempts,
    ready: () => true,
    stop: async () => {},
  };
  return jobs;
}
