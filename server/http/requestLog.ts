import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';
import type { Logger } from '../log';
import { inRequest } from './requestContext';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or client may pass along: short, and only characters that are safe in any log. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Paths are logged, never their query strings; a path is cut at this length. */
const MAX_LOGGED_PATH = 256;

/** A path segment that is a capability or an identifier: a UUID, or a long token-like word. */
const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[\w-]{24,})$/i;

/**
 * The path as logged: the route it matched (`/api/v1/checkout/:cartId`, `/api/v1/orders/:number`),
 * so what a visitor typed or holds (an address searched, a cart id) stays out of the log; a path no
 * route of its own matched (a page of the SPA, a missing file) as sent, with id-like segments masked
 * (`/checkout/:id`).
 */
function loggedPath(c: Context<AppEnv>): string {
  const route = matchedRoutes(c).at(-1)?.path;
  if (route && route !== '*' && !route.endsWith('/*')) return route;
  return c.req.path
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

/** The request's id: the incoming `X-Request-Id` when it is sane, or a new one. */
function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id (`X-Request-Id` on the answer, `c.var.requestId`) and a logger that
 * stamps it on every line (`c.var.log`), and writes one access line per request when it is answered:
 * method, path (the route matched, never the query string), status, milliseconds and the id. Nothing else of the
 * request is logged: no query, headers, cookies or body. `quietPaths` (probes) are logged at debug.
 */
export const requestLog = (logger: Logger, quietPaths: readonly string[] = []) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    try {
      await inRequest(requestId, next);
    } finally {
      // On the answer itself: c.header() on a finished answer would rebuild it around a stream.
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
      const path = loggedPath(c);
      // A load balancer's probes and a scraper's visits come every few seconds: debug lines.
      log[quietPaths.includes(c.req.path) ? 'debug' : 'info'](
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
