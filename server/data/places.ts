import { and, asc, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import { zips } from '../db/schema';
import { STATE_NAMES } from '../geo/states';

export interface Place {
  kind: 'postcode' | 'place';
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  /** How many zip codes the place has: bigger places rank first. */
  size: number;
}

const STATE_BY_NAME = new Map(
  Object.entries(STATE_NAMES).flatMap(([code, name]) => [
    [code.toLowerCase(), code],
    [name.toLowerCase(), code],
  ]),
);

/**
 * Places for a typed text: a zip code (or its first digits) finds zip codes; anything else finds
 * cities by the start of their name, optionally narrowed by a state after a comma ("Springfield, IL").
 */
export async function searchPlaces(db: Db, text: string, limit: number): Promise<Place[]> {
  const query = text.trim().toLowerCase();
  const zipPrefix = query.match(/^(\d{1,5})(?:[\s-]\d{0,4})?$/)?.[1];
  if (zipPrefix) {
    const rows = await db
      .select()
      .from(zips)
      .where(like(zips.zip, `${zipPrefix}%`))
      .orderBy(asc(zips.zip))
      .limit(limit);
    return rows.map((r) => ({ kind: 'postcode', ...r, size: 1 }));
  }

  const [cityPart = '', statePart = ''] = query.split(',').map((p) => p.trim());
  const state = STATE_BY_NAME.get(statePart);
  if (!cityPart) return [];
  const city = sql`lower(${zips.city})`;
  const groups = await db
    .select({
      city: zips.city,
      state: zips.state,
      latitude: sql<number>`avg(${zips.latitude})::float8`,
      longitude: sql<number>`avg(${zips.longitude})::float8`,
      size: sql<number>`count(*)::int`,
    })
    .from(zips)
    .where(and(like(city, `${escapeLike(cityPart)}%`), state ? eq(zips.state, state) : undefined))
    .groupBy(zips.city, zips.state)
    .orderBy(desc(sql`count(*)`), asc(zips.city), asc(zips.state))
    .limit(limit);
  if (groups.length === 0) return [];

  // A place answers with its most central zip code (the one nearest the average of its zips).
  const members = await db
    .select({
      zip: zips.zip,
      city: zips.city,
      state: zips.state,
      latitude: zips.latitude,
      longitude: zips.longitude,
    })
    .from(zips)
    .where(or(...groups.map((g) => and(eq(zips.city, g.city), eq(zips.state, g.state)))));
  return groups.map((group) => {
    let central = '';
    let best = Number.POSITIVE_INFINITY;
    for (const z of members) {
      if (z.city !== group.city || z.state !== group.state) continue;
      const d = (z.latitude - group.latitude) ** 2 + (z.longitude - group.longitude) ** 2;
      if (d < best || (d === best && z.zip < central)) {
        best = d;
        central = z.zip;
      }
    }
    return { kind: 'place', ...group, zip: central };
  });
}
