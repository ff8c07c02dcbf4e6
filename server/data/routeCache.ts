import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eddmRouteCache } from '../db/schema';

/** A cached answer of a carrier route service (`eddm_route_cache`): what it said and when. */
export interface RouteCacheRow {
  payload: unknown;
  fetchedAt: Date;
}

/** The cached answer under `key` ("zip:60614", "near:41.922,-87.652,1.5"), or null. */
export async function readRouteCache(db: Db, key: string): Promise<RouteCacheRow | null> {
  const [row] = await db
    .select({ payload: eddmRouteCache.payload, fetchedAt: eddmRouteCache.fetchedAt })
    .from(eddmRouteCache)
    .where(eq(eddmRouteCache.key, key));
  return row ?? null;
}

/** Keeps an answer under `key`, replacing the one before (several processes may write it at once). */
export async function writeRouteCache(
  db: Db,
  entry: { key: string; source: string; payload: unknown; fetchedAt: Date },
): Promise<void> {
  await db
    .insert(eddmRouteCache)
    .values(entry)
    .onConflictDoUpdate({
      target: eddmRouteCache.key,
      set: { source: entry.source, payload: entry.payload, fetchedAt: entry.fetchedAt },
    });
}
