/**
 * Work a request starts and does not wait for (an e-mail that must not slow down, or reveal anything
 * through, the answer). Tracked, so the server can finish it before it stops and tests can wait for
 * it instead of sleeping.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly report: (error: unknown) => void = (error) => console.error(error)) {}

  /** Starts `work` now; a failure is reported, never thrown into the request that started it. */
  run(work: () => Promise<void>): void {
    const running = work()
      .catch(this.report)
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every piece of work started so far (and any it started meanwhile) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
