import type { Context } from 'hono';
import { takeAction } from '../data/rateLimits';
import type { AppEnv } from '../env';
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
  const seconds = Math.ceil(slot.retryAfterMs / 1000);
  c.header('Retry-After', String(seconds));
  return fail(c, 429, `${what} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
}
