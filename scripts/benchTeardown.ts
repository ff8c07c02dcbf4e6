/**
 * The undoing of what a bench run made (worktrees, data folders, servers): steps kept in a Teardown and
 * run once, at the end, on an error, and on Ctrl-C. Its own file because every bench uses it, with or
 * without a baseline or a server.
 */
import os from 'node:os';

/** Steps that undo what a run made, run once, newest first; one that fails does not stop the others. */
export class Teardown {
  private readonly steps: (() => unknown)[] = [];
  private running: Promise<void> | null = null;

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) {
        try {
          await step();
        } catch (error) {
          console.error(`While cleaning up: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.running;
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs `work` with a teardown that runs when the work ends or fails, and on Ctrl-C, SIGTERM or
 * SIGHUP (the process then exits 130, 143 or 129 once it has cleaned up).
 */
export async function withTeardown<T>(work: (teardown: Teardown) => Promise<T>): Promise<T> {
  const teardown = new Teardown();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // The terminal signals every process of the group, and tsx passes it on too: clean up once.
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the servers and removing what this run made...`);
    void teardown.run().finally(() => process.exit(128 + os.constants.signals[signal]));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    return await work(teardown);
  } finally {
    await teardown.run();
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
}
