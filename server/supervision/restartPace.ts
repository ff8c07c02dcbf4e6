import type { Logger } from '../log';

/*
 * How fast the supervisor starts server processes again while they keep failing: at once at first,
 * then after a pause that doubles. Its own file: a back-off with its own count and timers.
 */

/** A server process that ends within this long of starting is failing, not crashing now and then. */
const QUICK_FAILURE_MS = 10_000;
const LONGEST_BACKOFF_MS = 30_000;

export class RestartPace {
  /** Quick failures in a row, for the pause before the next start. */
  private failures = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly logger: Logger) {}

  /** A server process started at `startedAt` ended unasked. */
  ended(startedAt: number): void {
    const quick = Date.now() - startedAt < QUICK_FAILURE_MS;
    this.failures = quick ? this.failures + 1 : 0;
  }

  /** Runs `start` now, or after a pause that grows while processes keep failing quickly. */
  later(start: () => void): void {
    const pause = this.failures < 3 ? 0 : Math.min(LONGEST_BACKOFF_MS, 250 * 2 ** (this.failures - 3));
    if (pause === 0) {
      start();
      return;
    }
    this.logger.warn(`Server processes keep failing: starting another in ${pause / 1000} s.`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      start();
    }, pause);
    this.timers.add(timer);
  }

  /** The starts still waiting for their pause are dropped. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }
}
