import { eq, inArray, sql } from 'drizzle-orm';
import type { MarketSummary, Media } from '../../contract/media';
import type { DigitalPartner, LifestyleValue, MediaType } from '../../contract/mediaTypes';
import type { Db } from '../db/client';
import { companies, markets, media, zips } from '../db/schema';

const mediaColumns = {
  mediacode: media.mediacode,
  name: media.name,
  mediaType: media.mediaType,
  partner: media.partner,
  prodcode: media.prodcode,
  lifestyle: media.lifestyle,
  issue: media.issue,
  dateStart: media.dateStart,
  unitPriceCents: media.unitPriceCents,
  unitLabel: media.unitLabel,
  reach: media.reach,
  reachLabel: media.reachLabel,
  image: media.image,
  description: media.description,
  marketName: markets.name,
  marketState: markets.state,
};

interface MediaRow {
  mediacode: string;
  name: string;
  mediaType: string;
  partner: string | null;
  prodcode: string | null;
  lifestyle: string;
  issue: string | null;
  dateStart: string | null;
  unitPriceCents: number;
  unitLabel: string;
  reach: number;
  reachLabel: string;
  image: string;
  description: string;
  /** Null for national placements (the left join finds no market). */
  marketName: string | null;
  marketState: string | null;
}

/** A database row as the wire shape of contract/media.ts. */
function toMedia(row: MediaRow): Media {
  return {
    mediacode: row.mediacode,
    name: row.name,
    media_type: row.mediaType as MediaType,
    partner: row.partner as DigitalPartner | null,
    prodcode: row.prodcode,
    market: row.marketName ?? 'National',
    state: row.marketState,
    lifestyle: row.lifestyle as LifestyleValue,
    issue: row.issue,
    date_start: row.dateStart,
    unit_price: row.unitPriceCents / 100,
    unit_label: row.unitLabel,
    reach: row.reach,
    reach_label: row.reachLabel,
    image: row.image,
    description: row.description,
  };
}

export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  return row?.count ?? 0;
}

export async function findMedia(db: Db, mediacode: string): Promise<Media | null> {
  const [row] = await db
    .select(mediaColumns)
    .from(media)
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(eq(media.mediacode, mediacode))
    .limit(1);
  return row ? toMedia(row) : null;
}

/** Several placements by code, keyed by code (codes not found are left out). */
export async function findMediaMany(db: Db, codes: readonly string[]): Promise<Map<string, Media>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select(mediaColumns)
    .from(media)
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(inArray(media.mediacode, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.mediacode, toMedia(row)]));
}

/** Everything the in-memory catalogue index (server/catalogue) is built from. */
export async function loadCatalogueRows(db: Db) {
  const [mediaRows, zipRows, marketRows] = await Promise.all([
    db
      .select({ ...mediaColumns, searchText: media.searchText })
      .from(media)
      .leftJoin(markets, eq(markets.prodcode, media.prodcode)),
    db
      .select({
        zip: zips.zip,
        prodcode: zips.prodcode,
        city: zips.city,
        state: zips.state,
        latitude: zips.latitude,
        longitude: zips.longitude,
      })
      .from(zips),
    db
      .select({
        prodcode: markets.prodcode,
        name: markets.name,
        state: markets.state,
        latitude: markets.latitude,
        longitude: markets.longitude,
        households: markets.households,
      })
      .from(markets),
  ]);
  return {
    media: mediaRows.map((row) => ({ media: toMedia(row), searchText: row.searchText })),
    zips: zipRows,
    markets: marketRows,
  };
}

/** The rows the catalogue's read models are built from. */
export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;

/** A market row as the wire's summary (what search answers list), without its geography. */
export const marketSummary = ({ prodcode, name, state }: MarketSummary): MarketSummary => ({
  prodcode,
  name,
  state,
});
