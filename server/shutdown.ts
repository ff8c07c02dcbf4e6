/*
 * What every part of a stop shares: the grace it gives the requests in flight, how a listener is
 * closed without resetting the connections the kernel still holds (the supervisor's and a server
 * process's alike), and the wait for after-answer work. Its own file because the supervisor and the
 * server process both need it, and neither needs the HTTP server of lifecycle.ts for it.
 */

/** How long a stopping server goes on answering the requests it has, before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Two turns of the event loop: at least one poll for connections and bytes the kernel already holds. */
export const pollOnce = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
/** Node accepts one waiting connection per poll; past this many, accepting would not end. */
export const MOST_WAITING = 1_000;

/**
 * Accepts the connections the kernel holds for `server` (one per poll, until a poll finds none),
 * then closes it: closing the listener first would reset them.
 */
export async function acceptWaitingThenClose(server: { close(): unknown }, accepted: () => number) {
  for (let polls = 0; polls < MOST_WAITING; polls++) {
    const before = accepted();
    await pollOnce();
    if (accepted() === before) break;
  }
  server.close();
}

/** Whether `work` (the app's after-answer work) finished within `ms`. */
export async function settledWithin(work: { settled(): Promise<void> }, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.settled().then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
