import pLimit from 'p-limit';
import { type AdFileRow, claimCheck, filesLeftChecking, renewCheck } from '../data/adFiles';
import type { Db } from '../db/client';
import { keepDecodesSmall } from '../preflight/pixelLimits';
import { type CheckDeps, checkStoredFile } from './checking';
import { type CheckWorkerOptions, createCheckWorkers } from './checkWorkers';

export interface FileCheckOptions extends CheckWorkerOptions {
  /** Files that wait their turn in memory; past this they stay `checking` and are picked up later. */
  waiting: number;
}

/**
 * How long a process holds the check of a file unless it renews its hold, which it does every quarter
 * of that while the check runs: a check however long is never taken over, and one whose process died
 * is taken up by another within half a minute (the lease, then at most half a lease until the others
 * look again).
 */
export const CHECK_LEASE_MS = 20_000;

/**
 * The longest a process holds a check by renewing it: four times a check's time limit. A check whose
 * copy of the file stalls (a storage that stops sending) is then left to another process, not held
 * for as long as this one lives.
 */
export const CHECK_HOLD_AT_MOST_MS = 120_000;

/**
 * Renews this process's lease on a file's check every quarter lease while the check runs, as long as
 * the lease is still the one it set (another process that took the check over after a missed renewal
 * keeps it) and for at most `CHECK_HOLD_AT_MOST_MS`.
 */
function holdCheck(deps: CheckDeps, id: string, token: Date, lease: Date) {
  let held: Date | null = lease;
  const holdEnds = lease.getTime() - CHECK_LEASE_MS + CHECK_HOLD_AT_MOST_MS;
  // One renewal at a time, each from the lease the one before left: a slow database delays them, in turn.
  let renewals = Promise.resolve();
  const renew = async () => {
    const now = deps.clock();
    if (held === null) return;
    if (now.getTime() >= holdEnds) {
      held = null;
      clearInterval(renewal);
      deps.logger.warn(
        { file: id },
        'an ad file’s check has run too long to hold: another process may take it',
      );
      return;
    }
    const next = new Date(now.getTime() + CHECK_LEASE_MS);
    try {
      if (await renewCheck(deps.db, id, token, held, next)) held = next;
      else {
        held = null;
        clearInterval(renewal);
      }
    } catch (error) {
      deps.logger.warn({ err: error, file: id }, 'the hold on an ad file’s check was not renewed');
    }
  };
  const renewal = setInterval(() => {
    renewals = renewals.then(renew);
  }, CHECK_LEASE_MS / 4);
  return {
    release: () => {
      held = null;
      clearInterval(renewal);
    },
  };
}

/** A file is checked again once it is uploaded again or attached elsewhere (a new upload time). */
const keyOf = (file: AdFileRow) => `${file.id}@${file.uploadedAt?.getTime() ?? 0}`;

/**
 * Ad files' checks, `threads` at a time on worker threads, the rest waiting in the order they came.
 * Past `waiting`, a file is not queued: it stays `checking` in the database, and once nothing waits
 * the queue reads the files left checking and takes them in upload order. The database is the queue
 * that cannot overflow, so no upload is refused or lost for being one too many, and this process
 * holds at most `waiting` files in memory however many arrive.
 */
export function createFileChecks(options: FileCheckOptions) {
  // sharp must be loaded by the main thread before any worker loads it (its libvips stays loaded).
  keepDecodesSmall();
  const workers = createCheckWorkers(options);
  const limit = pLimit(options.threads);
  /** Files queued or being checked: one picked up from the database again is not queued twice. */
  const queued = new Set<string>();
  /** The databases holding files that found the queue full (or that a stopped server left checking). */
  const leftChecking = new Map<Db, CheckDeps>();
  /**
   * Checks queued or running, and picking up under way: counted here, as p-limit still counts a check
   * as running for a moment after it ends.
   */
  let unfinished = 0;
  let idleWaiters: (() => void)[] = [];

  const settle = () => {
    if (unfinished > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

  function check(deps: CheckDeps, file: AdFileRow): Promise<void> {
    const key = keyOf(file);
    if (queued.has(key)) return Promise.resolve();
    if (limit.pendingCount >= options.waiting) {
      leftChecking.set(deps.db, deps);
      return Promise.resolve();
    }
    queued.add(key);
    unfinished += 1;
    return limit(async () => {
      try {
        // Another process may hold it (picked up from the database as well), or have checked it already.
        const now = deps.clock();
        const token = file.uploadedAt;
        const lease = new Date(now.getTime() + CHECK_LEASE_MS);
        if (token && (await claimCheck(deps.db, file.id, token, now, lease))) {
          const hold = holdCheck(deps, file.id, token, lease);
          try {
            await checkStoredFile(deps, file, workers.preflight);
          } finally {
            hold.release();
          }
        }
      } finally {
        queued.delete(key);
        if (limit.pendingCount === 0 && leftChecking.size > 0) void pickUp();
        unfinished -= 1;
        settle();
      }
    });
  }

  async function pickUp(): Promise<void> {
    const sources = [...leftChecking.values()];
    leftChecking.clear();
    unfinished += 1;
    try {
      for (const deps of sources) {
        try {
          const files = await filesLeftChecking(deps.db, deps.clock());
          files.sort((a, b) => (a.uploadedAt?.getTime() ?? 0) - (b.uploadedAt?.getTime() ?? 0));
          for (const file of files)
            check(deps, file).catch((error: unknown) =>
              deps.logger.error({ err: error, file: file.id }, 'an ad file could not be checked'),
            );
        } catch (error) {
          leftChecking.set(deps.db, deps);
          deps.logger.error({ err: error }, 'the files left checking could not be read');
        }
      }
    } finally {
      unfinished -= 1;
      settle();
    }
  }

  return {
    /**
     * Checks the file in its turn; resolves once it is checked, or at once when the queue is full and
     * the file is left `checking` for later.
     */
    check,
    /** Queues the files of `deps.db` left `checking` (a server stopped while checking them). */
    pickUpLeftChecking(deps: CheckDeps): Promise<void> {
      leftChecking.set(deps.db, deps);
      return pickUp();
    },
    /** Resolves once nothing is being checked, waiting or being picked up. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settle();
      });
    },
    load: workers.load,
    close: workers.close,
  };
}

export type FileChecks = ReturnType<typeof createFileChecks>;

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
 * leaves the rest of each core to requests) and `FILE_CHECKS_WAITING` (100).
 */
export const fileCheckOptions = (env: NodeJS.ProcessEnv): FileCheckOptions => ({
  threads: setting(env, 'FILE_CHECKS_AT_ONCE', 1),
  waiting: setting(env, 'FILE_CHECKS_WAITING', 100),
  // A 100 MB PDF or a 500 MB video's header takes a few seconds on a busy core; a file that takes
  // ten times that is built to.
  timeLimitMs: 30_000,
  // pdf-lib holds about 50 MB for the most objects a PDF may have (preflight/pdfLimits.ts).
  heapMb: 256,
});

/**
 * The process's one queue: the bound is the machine's cores and memory, which every app a process
 * builds (tests build several) shares. Built on first use from the environment.
 */
let shared: FileChecks | null = null;
export function fileChecks(): FileChecks {
  shared ??= createFileChecks(fileCheckOptions(process.env));
  return shared;
}

/**
 * Starts the checks (worker.ts): queues the files left `checking` that nobody checks now, and looks
 * again every half lease, so the files of a server process that died while checking them (beside
 * others that go on, or before the spare that took its place) are checked once their lease has
 * passed. The database's leases keep two processes from checking one file.
 */
export function startFileChecks(deps: CheckDeps): void {
  const checks = fileChecks();
  void checks.pickUpLeftChecking(deps);
  setInterval(() => void checks.pickUpLeftChecking(deps), CHECK_LEASE_MS / 2).unref();
}
