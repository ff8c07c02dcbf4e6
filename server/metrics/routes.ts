import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
import type { Exposition } from './exposition';
import type { ServerMetrics } from './registry';

/** What createApp needs to serve `GET /metrics` and count requests. */
export interface AppMetrics {
  metrics: ServerMetrics;
  /** `METRICS_TOKEN`; null: no metrics on this port (404). */
  token: string | null;
  /** The figures to answer: this process's, or every server process's summed (supervised). */
  exposition(): Promise<Exposition>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an `Authorization` header carries the token (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

const NO_METRICS = 'There is no GET /metrics in this API.';
export const WRONG_TOKEN = 'The metrics need the bearer token METRICS_TOKEN: send it in Authorization.';

/**
 * `GET /metrics`: the Prometheus text format, for the bearer of METRICS_TOKEN; 404 without a token
 * set (there are no metrics on this port), 401 for a wrong one.
 */
export const metricsRoute = (metrics: AppMetrics | undefined) => async (c: Context<AppEnv>) => {
  if (!metrics || metrics.token === null) return fail(c, 404, NO_METRICS);
  if (!bearerMatches(c.req.header('authorization'), metrics.token)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return fail(c, 401, WRONG_TOKEN);
  }
  const { text, contentType } = await metrics.exposition();
  return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
};
