import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Readiness } from './readiness';

/** What a probe's answer says: now, for this process, and never kept by a cache on the way. */
const PROBE_HEADERS = { 'Cache-Control': 'no-store' } as const;

/** `GET /healthz`: the process answers (whether it should get requests is `/readyz`'s question). */
export const healthRoute = (c: Context<AppEnv>) => c.json({ ok: true }, 200, PROBE_HEADERS);

/**
 * `GET /readyz`: 200 `{ ready: true, parts }` when every part is in order; else 503 naming the
 * failing parts, with `Retry-After` (a load balancer asks again soon).
 */
export const readyRoute = (readiness: Readiness) => async (c: Context<AppEnv>) => {
  const report = await readiness.report();
  if (report.ready) return c.json(report, 200, PROBE_HEADERS);
  return c.json(report, 503, { ...PROBE_HEADERS, 'Retry-After': '1' });
};
