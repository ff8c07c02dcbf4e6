import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { fail } from './envelope';
import { declaredBody, incomingOf } from './incoming';

/**
 * A request whose body stops arriving is answered 408 and its connection closed, instead of holding
 * a socket, a handler and its memory for Node's five minutes. A request body of the API (a few
 * kilobytes, an avatar of 5 MB) must be in within `bodyMs` of its headers. An upload's part may take
 * longer on a slow line, so it only has to keep coming: fewer than `MIN_UPLOAD_BYTES` in any
 * `bodyMs` is a stall (the tus client then asks for the offset the server kept and goes on from it).
 */

/** At most this many bytes in one deadline's time is no longer an upload but a drip. */
export const MIN_UPLOAD_BYTES = 16 * 1024;

export interface BodyDeadlineOptions {
  bodyMs: number;
  /** Paths whose bodies are uploads, held to progress rather than to one deadline. */
  isUpload: (path: string) => boolean;
}

const TOO_SLOW = 'The request body did not arrive in time. Check the connection and send it again.';

/** Resolves once the body has stalled; never while it is arriving as it should. */
function stalled(incoming: IncomingMessage, { bodyMs }: BodyDeadlineOptions, upload: boolean) {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  const late = new Promise<'late'>((resolve) => {
    const socket = incoming.socket;
    let readBefore = socket.bytesRead;
    const check = () => {
      if (incoming.complete) return;
      const read = socket.bytesRead;
      // Bytes in waiting for the server to take them (a slow store behind an upload): not a stall.
      const serverBehind = incoming.readableLength > 0;
      if (!upload || (read - readBefore < MIN_UPLOAD_BYTES && !serverBehind)) {
        resolve('late');
        return;
      }
      readBefore = read;
      timer = setTimeout(check, bodyMs);
    };
    timer = setTimeout(check, bodyMs);
  });
  return { late, stop };
}

export const bodyDeadline = (options: BodyDeadlineOptions): MiddlewareHandler => {
  const withDeadline: MiddlewareHandler = async (c, next) => {
    const incoming = incomingOf(c.env);
    if (!incoming) return next();
    const deadline = stalled(incoming, options, options.isUpload(c.req.path));
    const handled = next();
    try {
      const first = await Promise.race([handled.then(() => 'answered' as const), deadline.late]);
      if (first === 'answered') return;
    } finally {
      deadline.stop();
    }
    // The route waits on a body that will not come: it fails once the answer has closed the connection.
    handled.catch(() => {});
    c.header('Connection', 'close');
    c.res = fail(c, 408, TOO_SLOW);
  };
  return (c, next) => {
    const incoming = incomingOf(c.env);
    // A request without a body (most of them) is complete with its headers: it is passed on as it is.
    if (!incoming || incoming.complete || declaredBody(incoming) === 0) return next();
    return withDeadline(c, next);
  };
};
