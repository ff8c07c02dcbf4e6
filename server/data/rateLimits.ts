import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures, rateEvents } from '../db/schema';
import { DAY_MS } from '../time';

// ---- failed sign-ins, per e-mail address ------------------------------------------------------

/**
 * Records a sign-in attempt as a failure before the password is checked (a success removes it), so
 * attempts sent at the same moment all count: there is no window between counting and recording.
 * Answers the attempt's id and how many failures the window now holds, this one included.
 */
export async function recordAttempt(db: Db, email: string, now: Date, since: Date) {
  const [row] = await db
    .insert(loginFailures)
    .values({ email, failedAt: now })
    .returning({ id: loginFailures.id });
  const [window] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.failedAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)));
  return { id: row?.id ?? 0, count: window?.n ?? 0, oldest: window?.oldest ? new Date(window.oldest) : now };
}

/** Forgets one attempt (one refused by the limit must not extend the lock). */
export async function forgetAttempt(db: Db, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

// ---- throttled actions, per key ----------------------------------------------------------------

/**
 * Allows a throttled action at most `limit` times in a window, counting this use when allowed. A
 * per-key advisory lock makes count-and-record one step, so uses at the same moment neither slip past
 * the limit nor block each other out.
 */
export async function allowAction(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  return (await takeAction(db, key, limit, windowMs, now)).allowed;
}

export type ActionSlot = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Rate limits count over at most a day; older rows count for nothing. */
const LONGEST_WINDOW_MS = 2 * DAY_MS;
const SWEEP_EVERY = 200;
let takenSinceSweep = 0;

/**
 * `allowAction` that also says, when the action is refused, how long until the oldest use in the
 * window leaves it (for a `Retry-After`). Uses older than the window are forgotten on the way, so a
 * busy key (a browser's events) keeps at most `limit` rows.
 */
export async function takeAction(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ActionSlot> {
  const since = new Date(now.getTime() - windowMs);
  // Now and then, rows of every key past the longest window go: one-off keys would otherwise stay.
  takenSinceSweep += 1;
  if (takenSinceSweep >= SWEEP_EVERY) {
    takenSinceSweep = 0;
    await db.delete(rateEvents).where(lte(rateEvents.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    await tx.delete(rateEvents).where(and(eq(rateEvents.key, key), lte(rateEvents.at, since)));
    const [row] = await tx
      .select({ n: count(), oldest: sql<Date | null>`min(${rateEvents.at})`.mapWith(rateEvents.at) })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)));
    if ((row?.n ?? 0) >= limit) {
      const oldest = row?.oldest?.getTime() ?? now.getTime();
      return { allowed: false, retryAfterMs: Math.max(1000, oldest + windowMs - now.getTime()) };
    }
    await tx.insert(rateEvents).values({ key, at: now });
    return { allowed: true };
  });
}
