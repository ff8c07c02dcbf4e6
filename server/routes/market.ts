import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { type MarketGeo, type NearbyMarket, nearbyQuery } from '../../contract/directMail';
import {
  type Demographics,
  type MarketDetails,
  marketDetailsQuery,
  marketQuery,
  type Poi,
} from '../../contract/market';
import type { Media } from '../../contract/media';
import type { AppEnv } from '../app';
import { findMedia } from '../data/catalogue';
import { marketsSelling } from '../data/directMail';
import { countZips, findMarket, largestPlaces, zipCodesOfMarket, zipsOfMarket } from '../data/markets';
import { bboxOf } from '../directMail/geoJson';
import type { MarketPoint } from '../directMail/zipPoints';
import { milesBetween } from '../geo/distance';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { demographicsOf } from '../market/demographics';
import { poiOf } from '../market/poi';

const LARGEST_PLACES = 10;
const geoQuery = z.object({ prodcode: marketQuery.shape.prodcode });

/** The query with the codes upper-cased (codes are matched whatever their case, like GET /media). */
function codes(c: Context<AppEnv>): Record<string, string> {
  const query = { ...c.req.query() };
  for (const key of ['prodcode', 'mediacode'] as const) {
    const value = query[key];
    if (value !== undefined) query[key] = value.toUpperCase();
  }
  return query;
}

type Found<T> = { found: T } | { missing: Response };

/** The market of the query, and its placement when a media code is given; a 404 answer for either unknown. */
async function marketAndMedia(
  c: Context<AppEnv>,
  query: { prodcode: string; mediacode?: string | undefined },
): Promise<Found<{ market: NonNullable<Awaited<ReturnType<typeof findMarket>>>; placement: Media | null }>> {
  const market = await findMarket(c.var.db, query.prodcode);
  if (!market)
    return {
      missing: fail(
        c,
        404,
        `There is no market with the code ${query.prodcode}. Search for a zip code instead.`,
      ),
    };
  const placement = query.mediacode ? await findMedia(c.var.db, query.mediacode) : null;
  if (query.mediacode && !placement)
    return {
      missing: fail(
        c,
        404,
        `There is no placement with the code ${query.mediacode}. It may have been removed.`,
      ),
    };
  return { found: { market, placement } };
}

/** SPEC: GET /market/demographics, /market/details and /market/poi (prodcode, mediacode). */
export const marketRoutes = new Hono<AppEnv>()
  .get('/demographics', async (c) => {
    const query = parseOrThrow(marketQuery, codes(c));
    const result = await marketAndMedia(c, query);
    if ('missing' in result) return result.missing;
    const demographics: Demographics = demographicsOf(result.found.market);
    return ok(c, { demographics });
  })
  .get('/details', async (c) => {
    const query = parseOrThrow(marketDetailsQuery, codes(c));
    const result = await marketAndMedia(c, query);
    if ('missing' in result) return result.missing;
    const { market } = result.found;
    const expanded = query.zips_expanded === '1' || query.zips_expanded === 'true';
    const [zipCount, cities, zipList] = await Promise.all([
      countZips(c.var.db, market.prodcode),
      largestPlaces(c.var.db, market.prodcode, LARGEST_PLACES),
      expanded ? zipCodesOfMarket(c.var.db, market.prodcode) : Promise.resolve(null),
    ]);
    const details: MarketDetails = {
      prodcode: market.prodcode,
      name: market.name,
      state: market.state,
      households: market.households,
      zip_count: zipCount,
      center: { lat: market.latitude, lng: market.longitude },
      cities,
      ...(zipList ? { zips: zipList } : {}),
    };
    return ok(c, details);
  })
  .get('/poi', async (c) => {
    const query = parseOrThrow(marketQuery, codes(c));
    const result = await marketAndMedia(c, query);
    if ('missing' in result) return result.missing;
    const { market, placement } = result.found;
    const poi: Poi[] = poiOf(market.prodcode, await zipsOfMarket(c.var.db, market.prodcode), placement);
    return ok(c, { poi });
  })
  /** The market's boundary: the union of its zip code areas (generated; see the README). */
  .get('/geo', (c) => {
    const { prodcode } = parseOrThrow(geoQuery, codes(c));
    const areas = c.var.catalogue.directMail;
    const market = areas.points.market(prodcode);
    const found = market ? areas.marketArea(prodcode) : null;
    if (!market || !found)
      return fail(c, 404, `There is no market with the code ${prodcode}. Search for a zip code instead.`);
    const answer: MarketGeo = {
      prodcode,
      name: market.name,
      geo: found.geometry,
      bbox: bboxOf(found.geometry),
      center: { lat: market.latitude, lng: market.longitude },
    };
    return ok(c, answer);
  })
  /** The nearest market (by its centre) selling the media type of `mediacode`, and its placement of it. */
  .get('/nearby', async (c) => {
    const raw = c.req.query();
    for (const key of ['lat', 'lng'] as const) {
      const value = raw[key]?.trim() ?? '';
      if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value))
        return fail(c, 400, `${key} is a number of degrees, like lat=41.88&lng=-87.63.`);
    }
    const query = parseOrThrow(nearbyQuery, raw);
    let sellers: Map<string, string> | null = null;
    if (query.mediacode) {
      const code = query.mediacode.toUpperCase();
      const item = await findMedia(c.var.db, code);
      if (!item)
        return fail(c, 404, `There is no placement with the code ${code}. It may have been removed.`);
      sellers = await marketsSelling(c.var.db, item.media_type);
      // National placements (e-mail lists, design) belong to no market: any market will do.
      if (sellers.size === 0) sellers = null;
    }
    const point = { latitude: query.lat, longitude: query.lng };
    let best: { market: MarketPoint; miles: number } | null = null;
    for (const market of c.var.catalogue.directMail.points.markets) {
      if (sellers && !sellers.has(market.prodcode)) continue;
      const miles = milesBetween(point, market);
      if (!best || miles < best.miles || (miles === best.miles && market.prodcode < best.market.prodcode))
        best = { market, miles };
    }
    if (!best) return fail(c, 404, 'No market sells this kind of placement yet.');
    const answer: NearbyMarket = {
      prodcode: best.market.prodcode,
      name: best.market.name,
      state: best.market.state,
      distance_miles: Math.round(best.miles * 10) / 10,
      mediacode: sellers?.get(best.market.prodcode) ?? null,
    };
    return ok(c, answer);
  });
