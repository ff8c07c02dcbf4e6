import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env';
import type { ServerMetrics } from './registry';

/** Methods counted by name; anything else is `OTHER`, so a client cannot add labels at will. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every request by its route template (`/api/v1/media/:code`, never the code
 * asked for: labels stay few), read once the request has been routed; a path no route of its own
 * matched counts under the pattern that answered it (`/*` for the storefront's pages).
 */
export const countRequests = (metrics: Pick<ServerMetrics, 'requests' | 'requestSeconds'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
        route: routePath(c) || 'unmatched',
        status: String(c.res.status),
      };
      metrics.requests.inc(labels);
      metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
    }
  });
