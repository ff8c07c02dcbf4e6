import type { Context } from 'hono';
import { takeAction } from '../data/rateLimits';
import type { AppEnv } from '../env';
import { describeWait, type Limit } from '../limits';
import { fail } from './envelope';

/** Answers 429 with `Retry-After` when the key has had its share of the window, or null. */
export async function throttled(
  c: Context<AppEnv>,
  key: string,
  max: number,
  windowMs: number,
  what: string,
): Promise<Response | null> {
  const slot = await takeAction(c.var.db, key, max, windowMs, c.var.clock());
  if (slot.allowed) return null;
  return tooMany(c, slot.retryAfterMs, what);
}

/** `throttled` with one of the configured limits (`c.var.config.limits`). */
export const overLimit = (c: Context<AppEnv>, key: string, limit: Limit, what: string) =>
  throttled(c, key, limit.max, limit.windowMs, what);

/** 429 with `Retry-After` in seconds, and the wait in words after `what` (then `after`, if any). */
export function tooMany(c: Context<AppEnv>, retryAfterMs: number, what: string, after = '') {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return fail(c, 429, `${what} Try again in ${describeWait(retryAfterMs)}${after}.`);
}
