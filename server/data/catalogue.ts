import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MarketSummary, Media, MediaSearchQuery } from '../../contract/media';
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

/** The markets of the given zip codes, and the zip codes we do not know. */
export async function marketsOfZips(db: Db, zipCodes: readonly string[]) {
  if (zipCodes.length === 0) return { markets: [] as MarketSummary[], unknown: [] as string[] };
  const rows = await db
    .select({ zip: zips.zip, prodcode: markets.prodcode, name: markets.name, state: markets.state })
    .from(zips)
    .innerJoin(markets, eq(markets.prodcode, zips.prodcode))
    .where(inArray(zips.zip, [...zipCodes]));
  const known = new Set(rows.map((r) => r.zip));
  const byCode = new Map(
    rows.map((r) => [r.prodcode, { prodcode: r.prodcode, name: r.name, state: r.state }]),
  );
  return { markets: [...byCode.values()], unknown: zipCodes.filter((z) => !known.has(z)) };
}

/**
 * The shop's search. With zip codes, placements of their markets come first, then national ones
 * (e-mail lists, design services); without, the largest markets first. Within that, widest reach first.
 */
export async function searchMedia(
  db: Db,
  query: MediaSearchQuery,
  prodcodes: readonly string[] | null,
): Promise<{ items: Media[]; total: number }> {
  const filters: SQL[] = [];
  const types = query.media_types.filter((t): t is MediaType => t !== 'all');
  if (types.length > 0) filters.push(inArray(media.mediaType, types));
  if (query.lifestyle !== 'all') filters.push(eq(media.lifestyle, query.lifestyle));
  if (prodcodes) {
    const local = or(inArray(media.prodcode, [...prodcodes]), isNull(media.prodcode));
    if (local) filters.push(local);
  }
  for (const word of query.search.toLowerCase().split(/\s+/).filter(Boolean)) {
    filters.push(ilike(media.searchText, `%${escapeLike(word)}%`));
  }

  const rows = await db
    .select({ ...mediaColumns, total: sql<number>`count(*) over ()::int` })
    .from(media)
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(sql`${media.prodcode} is null`, asc(media.prodcode), desc(media.reach), asc(media.mediacode))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);

  return {
    items: rows.map(toMedia),
    total: rows[0]?.total ?? (query.page > 1 ? await countOnly(db, filters) : 0),
  };
}

/** The total when the requested page is past the last one (no row carries the window count). */
async function countOnly(db: Db, filters: SQL[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(media)
    .where(filters.length ? and(...filters) : undefined);
  return row?.count ?? 0;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
