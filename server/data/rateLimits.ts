import { and, count, eq, gt, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateEvents } from '../db/schema';
import { LONGEST_LIMIT_WINDOW_MS } from '../time';

/** An allowed use carries the id of its record, so it can be taken back (`forgetActions`). */
export type ActionSlot = { allowed: true; id: number } | { allowed: false; retryAfterMs: number };

/** Rate limits count over at most two days (parseLimit refuses longer); older rows count for nothing. */
const LONGEST_WINDOW_MS = LONGEST_LIMIT_WINDOW_MS;
const SWEEP_EVERY = 200;
let takenSinceSweep = 0;

/**
 * Allows a throttled action at most `limit` times in a window, counting this use when allowed. A
 * per-key advisory lock makes count-and-record one step, so uses at the same moment neither slip past
 * the limit nor block each other out. When the action is refused, says how long until the oldest use in the
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
    const [taken] = await tx.insert(rateEvents).values({ key, at: now }).returning({ id: rateEvents.id });
    if (!taken) throw new Error('The rate-limit record was not stored.');
    return { allowed: true, id: taken.id };
  });
}

/** Takes uses back: an attempt counted before it was judged that turned out to be a success. */
export async function forgetActions(db: Db, ids: number[]) {
  if (ids.length > 0) await db.delete(rateEvents).where(inArray(rateEvents.id, ids));
}

/** Forgets every use of the keys given, and of keys starting with the prefixes given. */
export async function clearActions(db: Db, keys: string[], prefixes: string[] = []) {
  const conditions = [
    ...(keys.length > 0 ? [inArray(rateEvents.key, keys)] : []),
    ...prefixes.map((prefix) => like(rateEvents.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)),
  ];
  if (conditions.length > 0) await db.delete(rateEvents).where(or(...conditions));
}

/** Records a use that no limit refuses: a lockout put on (`lockedOutFor` reads it back). */
export async function recordAction(db: Db, key: string, now: Date) {
  await db.insert(rateEvents).values({ key, at: now });
}

/** How long the key's newest use stays inside the window: a lockout's time left, or 0 when none is on. */
export async function lockedOutFor(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ newest: sql<Date | null>`max(${rateEvents.at})`.mapWith(rateEvents.at) })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(now.getTime() - windowMs))));
  const newest = row?.newest?.getTime();
  return newest === undefined ? 0 : newest + windowMs - now.getTime();
}
