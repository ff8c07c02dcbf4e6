import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { markets, zips } from '../db/schema';
import type { ZipPoint } from '../market/poi';

export type MarketRow = typeof markets.$inferSelect;

export async function findMarket(db: Db, prodcode: string): Promise<MarketRow | null> {
  const [row] = await db.select().from(markets).where(eq(markets.prodcode, prodcode)).limit(1);
  return row ?? null;
}

/** How many zip codes the market has. */
export async function countZips(db: Db, prodcode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(zips).where(eq(zips.prodcode, prodcode));
  return row?.n ?? 0;
}

/** The market's largest places, by how many zip codes they have (ties by name). */
export async function largestPlaces(db: Db, prodcode: string, limit: number) {
  const zipCount = sql<number>`count(*)::int`;
  return db
    .select({ name: zips.city, state: zips.state, zip_count: zipCount })
    .from(zips)
    .where(eq(zips.prodcode, prodcode))
    .groupBy(zips.city, zips.state)
    .orderBy(desc(zipCount), asc(zips.city), asc(zips.state))
    .limit(limit);
}

/** Every zip code of the market with its place and coordinates, in zip order. */
export async function zipsOfMarket(db: Db, prodcode: string): Promise<ZipPoint[]> {
  return db
    .select({
      zip: zips.zip,
      city: zips.city,
      state: zips.state,
      latitude: zips.latitude,
      longitude: zips.longitude,
    })
    .from(zips)
    .where(eq(zips.prodcode, prodcode))
    .orderBy(asc(zips.zip));
}

export async function zipCodesOfMarket(db: Db, prodcode: string): Promise<string[]> {
  const rows = await db
    .select({ zip: zips.zip })
    .from(zips)
    .where(eq(zips.prodcode, prodcode))
    .orderBy(asc(zips.zip));
  return rows.map((r) => r.zip);
}
