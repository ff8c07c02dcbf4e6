import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Media } from '../../contract/media';
import type { Placement } from '../catalogue/placement';
import type { Db } from '../db/client';
import { eddmCarts, media } from '../db/schema';
import { findMediaMany } from './catalogue';

export type EddmCartRow = typeof eddmCarts.$inferSelect;

/**
 * Placements by code in byte order, whatever the database's collation (en_US on hosted PostgreSQL
 * would put "EDDM-a" before "EDDM-B"): the order the map's shown price picks the first by
 * (server/directMail/shownPricing.ts compares codes with `<`, the same for ASCII codes).
 */
const byCode = sql`${media.mediacode} collate "C"`;

/**
 * The local placements of a media type, by code, optionally of one market. Read from the database
 * (not the in-memory catalogue), so a price changed there is the price quoted.
 */
export async function placementsOfType(
  db: Db,
  type: 'eddm' | 'abdm' | Media['media_type'],
  prodcode?: string,
): Promise<Placement[]> {
  const rows = await db
    .select({ mediacode: media.mediacode })
    .from(media)
    .where(
      and(
        eq(media.mediaType, type),
        prodcode ? eq(media.prodcode, prodcode) : isNotNull(media.prodcode),
        // Issue 31: the back office's unpublished placements are not sold.
        eq(media.published, true),
      ),
    )
    .orderBy(byCode);
  const codes = rows.map((r) => r.mediacode);
  const found = await findMediaMany(db, codes);
  return codes.flatMap((code) => found.get(code) ?? []);
}

/** The first placement (by code) of each market selling a media type: prodcode → mediacode. */
export async function marketsSelling(db: Db, type: Media['media_type']): Promise<Map<string, string>> {
  const rows = await db
    .select({ prodcode: media.prodcode, mediacode: media.mediacode })
    .from(media)
    .where(and(eq(media.mediaType, type), isNotNull(media.prodcode), eq(media.published, true)))
    .orderBy(byCode);
  const first = new Map<string, string>();
  for (const row of rows)
    if (row.prodcode && !first.has(row.prodcode)) first.set(row.prodcode, row.mediacode);
  return first;
}

export async function findEddmCart(db: Db, id: string): Promise<EddmCartRow | null> {
  const [row] = await db.select().from(eddmCarts).where(eq(eddmCarts.id, id)).limit(1);
  return row ?? null;
}

export async function createEddmCart(
  db: Db,
  selection: { routes: string[]; residentialOnly: boolean },
  now: Date,
): Promise<EddmCartRow> {
  const [row] = await db
    .insert(eddmCarts)
    .values({ ...selection, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('The every-door selection was not saved.');
  return row;
}

/** Replaces a selection's routes; null when there is no such selection. */
export async function updateEddmCart(
  db: Db,
  id: string,
  selection: { routes: string[]; residentialOnly: boolean },
  now: Date,
): Promise<EddmCartRow | null> {
  const [row] = await db
    .update(eddmCarts)
    .set({ ...selection, updatedAt: now })
    .where(eq(eddmCarts.id, id))
    .returning();
  return row ?? null;
}
