import type { AttemptOutcome, JobKind, Jobs } from './queue';

export interface JobsStartedLater {
  jobs: Jobs;
  /** Starts the queue now, unless something sent to it started it already, or it was stopped. */
  begin(): void;
}

/**
 * The job queue of a process that serves before its queue has started (every server process: its
 * start, and a spare's taking a place within issue 27's 2 s, do not wait on pg-boss's), started after,
 * or as soon as a job is sent or counted. What is sent waits for the start; the queue counts as ready
 * unless its start failed, which `onFailure` hears once.
 */
export function jobsStartedLater(
  start: () => Promise<Jobs>,
  onFailure: (error: unknown) => void,
): JobsStartedLater {
  let starting: Promise<Jobs> | null = null;
  let started: Jobs | null = null;
  let failed = false;
  let stopped = false;
  const listeners: ((kind: JobKind, outcome: AttemptOutcome) => void)[] = [];
  const queue = () => {
    starting ??= start().then(
      (jobs) => {
        started = jobs;
        for (const listener of listeners) jobs.attempts.on(listener);
        return jobs;
      },
      (error: unknown) => {
        failed = true;
        onFailure(error);
        throw error;
      },
    );
    return starting;
  };
  const jobs: Jobs = {
    send: async (kind, data, options) => (await queue()).send(kind, data, options),
    inTransaction: async (db, work) => (await queue()).inTransaction(db, work),
    counts: async () => (await queue()).counts(),
    attempts: {
      on(listener) {
        if (started) started.attempts.on(listener);
        else listeners.push(listener);
      },
    },
    ready: () => (started ? started.ready() : !failed),
    // A queue never started has nothing to stop.
    stop: async () => {
      stopped = true;
      const running = await starting?.catch(() => null);
      await running?.stop();
    },
  };
  return {
    jobs,
    begin: () => {
      if (!stopped) void queue().catch(() => {});
    },
  };
}
