import { eq, inArray, sql } from 'drizzle-orm';
import type { RateCard } from '../../contract/adminCatalogue';
import type { MarketSummary } from '../../contract/media';
import type { DigitalPartner, LifestyleValue, MediaType } from '../../contract/mediaTypes';
import type { Placement } from '../catalogue/placement';
import type { Db } from '../db/client';
import { catalogueVersion, companies, markets, media, zips } from '../db/schema';
import { salesRule } from '../pricing/rules';
import { plainSchedule } from '../pricing/schedule';

const mediaColumns = {
  mediacode: media.mediacode,
  name: media.name,
  mediaType: media.mediaType,
  partner: media.partner,
  prodcode: media.prodcode,
  lifestyle: media.lifestyle,
  schedule: media.schedule,
  unitPriceCents: media.unitPriceCents,
  unitLabel: media.unitLabel,
  reach: media.reach,
  reachLabel: media.reachLabel,
  image: media.image,
  description: media.description,
  rateCard: media.rateCard,
  published: media.published,
  specSheet: media.specSheet,
  marketName: markets.name,
  marketState: markets.state,
};

const zipColumns = {
  zip: zips.zip,
  prodcode: zips.prodcode,
  city: zips.city,
  state: zips.state,
  latitude: zips.latitude,
  longitude: zips.longitude,
};

const marketColumns = {
  prodcode: markets.prodcode,
  name: markets.name,
  state: markets.state,
  latitude: markets.latitude,
  longitude: markets.longitude,
  households: markets.households,
};

interface MediaRow {
  mediacode: string;
  name: string;
  mediaType: string;
  partner: string | null;
  prodcode: string | null;
  lifestyle: string;
  schedule: Placement['schedule'] | null;
  unitPriceCents: number;
  unitLabel: string;
  reach: number;
  reachLabel: string;
  image: string;
  description: string;
  rateCard: RateCard | null;
  published: boolean;
  specSheet: string | null;
  /** Null for national placements (the left join finds no market). */
  marketName: string | null;
  marketState: string | null;
}

/**
 * A database row as a placement: the wire shape of contract/media.ts without its dates, which follow
 * the clock (`mediaOn`), and with its schedule rules (the plain ones of its kind when it has none yet).
 */
function toPlacement(row: MediaRow): Placement {
  return {
    mediacode: row.mediacode,
    name: row.name,
    media_type: row.mediaType as MediaType,
    partner: row.partner as DigitalPartner | null,
    prodcode: row.prodcode,
    market: row.marketName ?? 'National',
    state: row.marketState,
    lifestyle: row.lifestyle as LifestyleValue,
    unit_price: row.unitPriceCents / 100,
    unit_label: row.unitLabel,
    reach: row.reach,
    reach_label: row.reachLabel,
    image: row.image,
    description: row.description,
    schedule: row.schedule ?? plainSchedule(salesRule(row.mediaType as MediaType).kind),
    rateCard: row.rateCard,
    published: row.published,
    specSheet: row.specSheet,
  };
}

export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  return row?.count ?? 0;
}

export async function findMedia(db: Db, mediacode: string): Promise<Placement | null> {
  const [row] = await db
    .select(mediaColumns)
    .from(media)
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(eq(media.mediacode, mediacode))
    .limit(1);
  return row ? toPlacement(row) : null;
}

/** Several placements by code, keyed by code (codes not found are left out). */
export async function findMediaMany(db: Db, codes: readonly string[]): Promise<Map<string, Placement>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select(mediaColumns)
    .from(media)
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(inArray(media.mediacode, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.mediacode, toPlacement(row)]));
}

const selectZips = (db: Db) => db.select(zipColumns).from(zips);
const selectMarkets = (db: Db) => db.select(marketColumns).from(markets);
type ZipRow = Awaited<ReturnType<typeof selectZips>>[number];
type MarketRow = Awaited<ReturnType<typeof selectMarkets>>[number];

/** Everything the in-memory catalogue index (server/catalogue) is built from. */
export interface CatalogueRows {
  media: { media: Placement; searchText: string }[];
  zips: ZipRow[];
  markets: MarketRow[];
  /**
   * What the zips and markets tables held when these rows were read, as the database sums them up
   * (absent for rows that did not come from a database).
   */
  placesDigest?: string;
}

/**
 * The catalogue's rows: the published placements only (issue 31: an unpublished one leaves the shop
 * and the site search at the next reading; its orders read it with `findMedia`). Given the rows an index holds (`held`), its zips and markets (nine rows in
 * ten, and unchanged by most catalogue changes) are kept when the database's digest of them is the
 * same, and only the placements are read again.
 */
export async function loadCatalogueRows(db: Db, held: CatalogueRows | null = null): Promise<CatalogueRows> {
  const [mediaRows, places] = await Promise.all([
    db
      .select({ ...mediaColumns, searchText: media.searchText })
      .from(media)
      .leftJoin(markets, eq(markets.prodcode, media.prodcode))
      .where(eq(media.published, true)),
    loadPlaces(db, held),
  ]);
  return {
    media: mediaRows.map((row) => ({ media: toPlacement(row), searchText: row.searchText })),
    ...places,
  };
}

async function loadPlaces(
  db: Db,
  held: CatalogueRows | null,
): Promise<Pick<CatalogueRows, 'zips' | 'markets' | 'placesDigest'>> {
  // Read before the rows, never after: a change between the two is then read again at the next
  // reading (its digest differs), rather than hidden behind a digest newer than the rows.
  const placesDigest = await placesDigestOf(db);
  if (held && held.placesDigest === placesDigest)
    return { zips: held.zips, markets: held.markets, placesDigest };
  const [zipRows, marketRows] = await Promise.all([selectZips(db), selectMarkets(db)]);
  return { zips: zipRows, markets: marketRows, placesDigest };
}

/**
 * A digest of every column of every zip and market, worked out by the database: how many rows and the
 * sum of their 64-bit hashes (a change goes unseen only if two hashes collide). Half the time of an
 * md5 over their ordered text, on PGlite as on PostgreSQL.
 */
async function placesDigestOf(db: Db): Promise<string> {
  const [row] = await db
    .select({
      zips: sql<string | null>`(select count(*) || ':' || sum(hashtextextended(z::text, 0)) from ${zips} z)`,
      markets: sql<
        string | null
      >`(select count(*) || ':' || sum(hashtextextended(m::text, 0)) from ${markets} m)`,
    })
    // Its one row: a FROM for the two subqueries.
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  // The columns read are part of it: rows kept by a server that read other columns are not these.
  return `${row?.zips ?? ''}/${row?.markets ?? ''}/${Object.keys(zipColumns)}/${Object.keys(marketColumns)}`;
}

/** A market row as the wire's summary (what search answers list), without its geography. */
export const marketSummary = ({ prodcode, name, state }: MarketSummary): MarketSummary => ({
  prodcode,
  name,
  state,
});
