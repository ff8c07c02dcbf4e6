import { keepDecodesSmall } from '../preflight/pixelLimits';
import { type CheckWorkerOptions, createCheckWorkers } from './checkWorkers';

export type FileChecks = ReturnType<typeof createCheckWorkers>;

/** A whole number of at least 1 from the environment, or a start-up error naming the setting. */
function setting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${value}".`);
  return parsed;
}

/**
 * The checks' settings: `FILE_CHECKS_AT_ONCE` (1: with one server process per core, one check each
 * leaves the rest of each core to requests). The files waiting for a check wait in the job queue
 * (`files.check`), which takes this many at a time in each process.
 */
export const fileCheckOptions = (env: NodeJS.ProcessEnv): CheckWorkerOptions => ({
  threads: setting(env, 'FILE_CHECKS_AT_ONCE', 1),
  // A 100 MB PDF or a 500 MB video's header takes a few seconds on a busy core; a file that takes
  // ten times that is built to.
  timeLimitMs: 30_000,
  // pdf-lib holds about 50 MB for the most objects a PDF may have (preflight/pdfLimits.ts).
  heapMb: 256,
});

/**
 * The process's check threads: the bound is the machine's cores and memory, which every app a
 * process builds (tests build several) shares. Built on first use from the environment.
 */
let shared: FileChecks | null = null;
export function fileChecks(): FileChecks {
  if (!shared) {
    // sharp must be loaded by the main thread before any worker loads it (its libvips stays loaded).
    keepDecodesSmall();
    shared = createCheckWorkers(fileCheckOptions(process.env));
  }
  return shared;
}
