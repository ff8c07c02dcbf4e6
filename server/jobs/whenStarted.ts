import type { AttemptOutcome, JobKind, Jobs } from './queue';

/**
 * The job queue of a process that serves before its queue has started: a spare that took a place
 * answers the requests that waited for it first (issue 27's 2 s), and starts the queue after. What
 * is sent meanwhile waits for the start; the queue counts as ready unless its start failed.
 */
export function jobsWhenStarted(starting: Promise<Jobs>): Jobs {
  let started: Jobs | null = null;
  let failed = false;
  const listeners: ((kind: JobKind, outcome: AttemptOutcome) => void)[] = [];
  const queue = starting.then(
    (jobs) => {
      started = jobs;
      for (const listener of listeners) jobs.attempts.on(listener);
      return jobs;
    },
    (error: unknown) => {
      failed = true;
      throw error;
    },
  );
  // Whoever started it hears of a failed start; a send meanwhile hears it too.
  queue.catch(() => {});
  return {
    send: async (kind, data, options) => (await queue).send(kind, data, options),
    inTransaction: async (db, work) => (await queue).inTransaction(db, work),
    counts: async () => (await queue).counts(),
    attempts: {
      on(listener) {
        if (started) started.attempts.on(listener);
        else listeners.push(listener);
      },
    },
    ready: () => (started ? started.ready() : !failed),
    stop: async () => {
      const jobs = await queue.catch(() => null);
      await jobs?.stop();
    },
  };
}
