import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import type { Logger } from '../log';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or client may pass along: short, and only characters that are safe in any log. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Paths are logged, never their query strings; a path is cut at this length. */
const MAX_LOGGED_PATH = 256;

/** The request's id: the incoming `X-Request-Id` when it is sane, or a new one. */
function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id (`X-Request-Id` on the answer, `c.var.requestId`) and a logger that
 * stamps it on every line (`c.var.log`), and writes one access line per request when it is answered:
 * method, path (without the query string), status, milliseconds and the id. Nothing else of the
 * request is logged: no query, headers, cookies or body.
 */
export const requestLog = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    try {
      await next();
    } finally {
      c.header(REQUEST_ID_HEADER, requestId);
      const path = c.req.path;
      log.info(
        {
          method: c.req.method,
          path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  });
