import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * A pause after the answer has gone out, so work that follows does not compete (for this thread, or
 * for the CPU) with the answer still being read at the other end.
 */
const SETTLE_MS = 10;

/**
 * Resolves a moment after the answer to this request has been handed to the network (the Node
 * response has finished, or the connection closed); for requests handled in-process (tests), which
 * have no response object, on the next turn of the event loop.
 */
export function answerSent(c: Context): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return new Promise((resolve) => {
    if (!outgoing) {
      setImmediate(resolve);
      return;
    }
    if (outgoing.writableFinished || outgoing.destroyed) {
      setTimeout(resolve, SETTLE_MS);
      return;
    }
    const done = () => {
      outgoing.off('finish', done);
      outgoing.off('close', done);
      setTimeout(resolve, SETTLE_MS);
    };
    outgoing.once('finish', done);
    outgoing.once('close', done);
  });
}
