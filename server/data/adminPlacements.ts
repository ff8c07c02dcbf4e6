import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  isNotNull,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { PLACEMENTS_PER_PAGE, type PlacementRow, type placementsQuery } from '../../contract/adminCatalogue';
import type { MediaType } from '../../contract/mediaTypes';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import { cartItems, markets, media, staff } from '../db/schema';
import { findMedia } from './catalogue';

type ListQuery = z.output<typeof placementsQuery>;

const SORT_COLUMNS = {
  name: media.name,
  mediacode: media.mediacode,
  market: markets.name,
  price: media.unitPriceCents,
  updated: media.updatedAt,
} as const;

function filtersOf(asked: ListQuery): SQL | undefined {
  const q = asked.q ? `%${escapeLike(asked.q)}%` : null;
  return and(
    q ? or(ilike(media.name, q), ilike(media.mediacode, q), ilike(markets.name, q)) : undefined,
    asked.channel ? eq(media.mediaType, asked.channel) : undefined,
    asked.market ? eq(media.prodcode, asked.market.toUpperCase()) : undefined,
    asked.published ? eq(media.published, asked.published === 'yes') : undefined,
  );
}

/** A page of the back office's placements table (25 a page), every placement, published or not. */
export async function placementsPage(
  db: Db,
  asked: ListQuery,
): Promise<{ rows: PlacementRow[]; total: number }> {
  const where = filtersOf(asked);
  const column = SORT_COLUMNS[asked.sort];
  const order = asked.dir === 'desc' ? desc(column) : asc(column);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        mediacode: media.mediacode,
        name: media.name,
        mediaType: media.mediaType,
        market: markets.name,
        unitPriceCents: media.unitPriceCents,
        unitLabel: media.unitLabel,
        published: media.published,
        updatedAt: media.updatedAt,
      })
      .from(media)
      .leftJoin(markets, eq(markets.prodcode, media.prodcode))
      .where(where)
      // Ties (and never-edited placements) keep one order, page after page.
      .orderBy(sql`${order} nulls last`, asc(media.mediacode))
      .limit(PLACEMENTS_PER_PAGE)
      .offset((asked.page - 1) * PLACEMENTS_PER_PAGE),
    db
      .select({ total: count() })
      .from(media)
      .leftJoin(markets, eq(markets.prodcode, media.prodcode))
      .where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({
      mediacode: row.mediacode,
      name: row.name,
      media_type: row.mediaType as MediaType,
      market: row.market ?? 'National',
      unit_price: row.unitPriceCents / 100,
      unit_label: row.unitLabel,
      published: row.published,
      updated_at: row.updatedAt?.toISOString() ?? null,
    })),
  };
}

/** What the editor needs beyond the placement: its row version, images, last editor and orders. */
export interface EditedPlacement {
  version: number;
  images: string[];
  updatedAt: Date | null;
  updatedBy: string | null;
  orders: number;
}

export async function editedPlacement(db: Db, mediacode: string): Promise<EditedPlacement | null> {
  const [[row], [ordered]] = await Promise.all([
    db
      .select({
        version: media.version,
        images: media.images,
        updatedAt: media.updatedAt,
        updatedBy: staff.email,
      })
      .from(media)
      .leftJoin(staff, eq(staff.id, media.updatedBy))
      .where(eq(media.mediacode, mediacode))
      .limit(1),
    db
      .select({ orders: countDistinct(cartItems.orderId) })
      .from(cartItems)
      .where(and(eq(cartItems.mediacode, mediacode), isNotNull(cartItems.orderId))),
  ]);
  if (!row) return null;
  return { ...row, orders: ordered?.orders ?? 0 };
}

/** The placement and its editing state, or null. */
export async function placementForEditing(db: Db, mediacode: string) {
  const [placement, edited] = await Promise.all([findMedia(db, mediacode), editedPlacement(db, mediacode)]);
  return placement && edited ? { placement, edited } : null;
}

/** The next free code of a channel in a market: PM501-07 after PM501-06 (PM-07 for national ones). */
export async function nextMediacode(db: Db, prefix: string, prodcode: string | null): Promise<string> {
  const base = prodcode ? `${prefix}${prodcode.slice(3)}` : prefix;
  const taken = await db
    .select({ mediacode: media.mediacode })
    .from(media)
    .where(like(media.mediacode, `${escapeLike(base)}-%`));
  const numbers = taken.map((row) => Number.parseInt(row.mediacode.slice(base.length + 1), 10));
  const next = Math.max(0, ...numbers.filter(Number.isFinite)) + 1;
  return `${base}-${String(next).padStart(2, '0')}`;
}

/** Every market, by name: what a placement's market is chosen from. */
export const marketList = (db: Db) =>
  db
    .select({ prodcode: markets.prodcode, name: markets.name, state: markets.state })
    .from(markets)
    .orderBy(asc(markets.name), asc(markets.state));
