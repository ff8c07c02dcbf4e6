import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  cartItems,
  type EventProperties,
  logEvents,
  markets,
  media,
  orders,
  surveyAnswers,
  zips,
} from '../db/schema';

// ---- event log ------------------------------------------------------------------------------

export interface NewLogEvent {
  browserId: string;
  userId: string | null;
  event: string;
  path: string | null;
  properties: EventProperties;
}

export async function insertLogEvent(db: Db, event: NewLogEvent, now: Date): Promise<number> {
  const [row] = await db
    .insert(logEvents)
    .values({ ...event, createdAt: now })
    .returning({ id: logEvents.id });
  if (!row) throw new Error('The event was not stored.');
  return row.id;
}

/** The placement a `view_item` event names (its `mediacode` property). */
const viewedMediacode = sql<string>`${logEvents.properties}->>'mediacode'`;

/**
 * The placements a customer viewed lately (their `view_item` events naming an existing placement),
 * each once at its latest view, newest first.
 */
export async function recentViews(db: Db, userId: string, limit: number) {
  const viewedAt = sql<Date>`max(${logEvents.createdAt})`.mapWith(logEvents.createdAt);
  const rows = await db
    .select({
      mediacode: media.mediacode,
      name: media.name,
      mediaType: media.mediaType,
      market: markets.name,
      viewedAt,
    })
    .from(logEvents)
    .innerJoin(media, eq(media.mediacode, viewedMediacode))
    .leftJoin(markets, eq(markets.prodcode, media.prodcode))
    .where(and(eq(logEvents.userId, userId), eq(logEvents.event, 'view_item')))
    .groupBy(media.mediacode, media.name, media.mediaType, markets.name)
    .orderBy(desc(viewedAt), asc(media.mediacode))
    .limit(limit);
  return rows.map((r) => ({
    mediacode: r.mediacode,
    name: r.name,
    media_type: r.mediaType,
    market: r.market ?? 'National',
    viewed_at: r.viewedAt.toISOString(),
  }));
}

// ---- market preferences ---------------------------------------------------------------------

export interface PreferredMarket {
  prodcode: string;
  name: string;
  state: string;
  zip: string;
  label: string;
}

/** How many preferred markets a customer is shown, on the home page and in the preferences alike. */
export const PREFERRED_MARKETS = 3;

/**
 * The markets a customer buys and looks in, most used first: each ordered item counts once, and each
 * placement viewed (a `view_item` event) once however often it was viewed. Ties go to the market with
 * more orders, then by name. National placements have no market and do not count.
 */
export async function preferredMarkets(db: Db, userId: string, limit: number): Promise<PreferredMarket[]> {
  const ordered = await db
    .select({ prodcode: media.prodcode, n: count() })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(and(eq(orders.userId, userId), isNotNull(media.prodcode)))
    .groupBy(media.prodcode);
  const viewed = await db
    .select({ prodcode: media.prodcode, n: sql<number>`count(distinct ${media.mediacode})::int` })
    .from(logEvents)
    .innerJoin(media, eq(media.mediacode, viewedMediacode))
    .where(and(eq(logEvents.userId, userId), eq(logEvents.event, 'view_item'), isNotNull(media.prodcode)))
    .groupBy(media.prodcode);

  const tally = new Map<string, { total: number; orders: number }>();
  for (const { prodcode, n } of ordered) {
    if (prodcode) tally.set(prodcode, { total: Number(n), orders: Number(n) });
  }
  for (const { prodcode, n } of viewed) {
    if (!prodcode) continue;
    const entry = tally.get(prodcode) ?? { total: 0, orders: 0 };
    entry.total += Number(n);
    tally.set(prodcode, entry);
  }
  if (tally.size === 0) return [];

  const rows = await db
    .select({ prodcode: markets.prodcode, name: markets.name, state: markets.state })
    .from(markets)
    .where(inArray(markets.prodcode, [...tally.keys()]));
  const ranked = rows
    .map((m) => ({ ...m, ...(tally.get(m.prodcode) ?? { total: 0, orders: 0 }) }))
    .sort((a, b) => b.total - a.total || b.orders - a.orders || a.name.localeCompare(b.name))
    .slice(0, limit);

  const answer: PreferredMarket[] = [];
  for (const market of ranked) {
    const place = await shoppingZip(db, market.prodcode);
    if (!place) continue;
    answer.push({
      prodcode: market.prodcode,
      name: market.name,
      state: market.state,
      zip: place.zip,
      label: `${place.city}, ${place.state} ${place.zip}`,
    });
  }
  return answer;
}

/**
 * The zip code to shop a market by: in its largest place (the one with the most zip codes, ties by
 * name), the zip nearest the middle of that place's zips (ties to the lower zip), as the site search
 * picks a city's main zip. Post-office-box zips at the edge of the numbering (Chicago's 60290) are so
 * passed over for a central one. Null for a market without zips.
 */
async function shoppingZip(db: Db, prodcode: string) {
  const zipCount = sql<number>`count(*)`;
  const [largest] = await db
    .select({ city: zips.city, state: zips.state })
    .from(zips)
    .where(eq(zips.prodcode, prodcode))
    .groupBy(zips.city, zips.state)
    .orderBy(desc(zipCount), asc(zips.city), asc(zips.state))
    .limit(1);
  if (!largest) return null;
  const members = await db
    .select({ zip: zips.zip, latitude: zips.latitude, longitude: zips.longitude })
    .from(zips)
    .where(and(eq(zips.prodcode, prodcode), eq(zips.city, largest.city), eq(zips.state, largest.state)))
    .orderBy(asc(zips.zip));
  const latitude = members.reduce((sum, z) => sum + z.latitude, 0) / members.length;
  const longitude = members.reduce((sum, z) => sum + z.longitude, 0) / members.length;
  let central = members[0];
  let best = Number.POSITIVE_INFINITY;
  for (const z of members) {
    const d = (z.latitude - latitude) ** 2 + (z.longitude - longitude) ** 2;
    if (d < best) {
      best = d;
      central = z;
    }
  }
  return central ? { city: largest.city, state: largest.state, zip: central.zip } : null;
}

// ---- survey ---------------------------------------------------------------------------------

export type SurveyRow = typeof surveyAnswers.$inferSelect;

export async function surveyAnswerOf(db: Db, userId: string): Promise<SurveyRow | null> {
  const [row] = await db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, userId)).limit(1);
  return row ?? null;
}

/** Stores a customer's survey answer; null when they already have one (the survey is answered once). */
export async function saveSurveyAnswer(
  db: Db,
  values: Omit<SurveyRow, 'id' | 'createdAt'>,
  now: Date,
): Promise<SurveyRow | null> {
  const [row] = await db
    .insert(surveyAnswers)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing({ target: surveyAnswers.userId })
    .returning();
  return row ?? null;
}
