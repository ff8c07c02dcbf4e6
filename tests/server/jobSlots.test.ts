import type { Clock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueCheck } from '../../server/files/checkJob';
import { jobHandlers } from '../../server/jobs/handlers';
import { startJobs } from '../../server/jobs/pgBossJobs';
import type { Jobs } from '../../server/jobs/queue';
import { silentLogger } from '../../server/log';
import { DRIVERS, type Harness } from './harness';

/*
 * A job queued while every worker of its kind is busy starts as soon as one of them is free, not at
 * that worker's next poll: here the queue's timers never fire, so its polls never come, and a job
 * that waited for one would never start. Five checks for two places (FILE_CHECKS_AT_ONCE=2), all
 * queued at once; each check runs until the test lets it end.
 */

/** Timers that never fire: the queue's polls (and its upkeep) never come. */
const noTimers: Clock = {
  now: () => Date.now(),
  setTimeout: () => null,
  clearTimeout: () => {},
  setInterval: () => null,
  clearInterval: () => {},
};

const AT_ONCE = 2;
const FILES = ['a', 'b', 'c', 'd', 'e'];

describe.each(DRIVERS)('the job queue’s workers on %s', (_name, open) => {
  let h: Harness;
  let jobs: Jobs;
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  let running = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    h = await open({});
    const handlers = jobHandlers({
      db: h.database.db,
      config: h.config,
      clock: () => new Date(),
      logger: silentLogger(),
      storage: async () => h.storage,
    });
    jobs = await startJobs({
      database: h.database,
      logger: silentLogger(),
      handlers: {
        ...handlers,
        'files.check': async ({ fileId }) => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          started.push(fileId);
          await new Promise<void>((end) => ends.set(fileId, end));
          running--;
        },
      },
      checksAtOnce: AT_ONCE,
      tuning: { timers: noTimers },
    });
  }, 60_000);
  afterAll(async () => {
    for (const end of ends.values()) end();
    await jobs?.stop();
    await h?.close();
  });

  it(`starts each of ${FILES.length} checks queued at once as soon as one of its ${AT_ONCE} places is free`, async () => {
    for (const id of FILES) await queueCheck(jobs, { id, uploadedAt: new Date(0) });
    for (let ended = 0; ended < FILES.length; ended++) {
      await vi.waitFor(
        () => expect(started, `${ended} ended`).toHaveLength(Math.min(ended + AT_ONCE, FILES.length)),
        { timeout: 10_000, interval: 20 },
      );
      ends.get(started[ended] ?? '')?.();
    }
    expect([...started].sort()).toEqual(FILES);
    expect(mostAtOnce).toBe(AT_ONCE);
  });
});
