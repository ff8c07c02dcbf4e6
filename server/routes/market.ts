import type { Context } from 'hono';
import { Hono } from 'hono';
import { type MarketGeo, type NearbyMarket, nearbyQuery } from '../../contract/directMail';
import {
  type Demographics,
  type MarketDetails,
  marketDetailsQuery,
  marketGeoQuery,
  marketQuery,
  type Poi,
} from '../../contract/market';
import type { Placement } from '../catalogue/placement';
import { findPublishedMedia } from '../catalogue/published';
import { marketsSelling } from '../data/directMail';
import { countZips, findMarket, largestPlaces, zipCodesOfMarket, zipsOfMarket } from '../data/markets';
import { bboxOf } from '../directMail/geoJson';
import type { MarketPoint } from '../directMail/zipPoints';
import type { AppEnv } from '../env';
import { milesBetween } from '../geo/distance';
import { fail, ok } from '../http/envelope';
import { BadInput } from '../http/validate';
import { query } from '../http/validators';
import { demographicsOf } from '../market/demographics';
import { poiOf } from '../market/poi';

const LARGEST_PLACES = 10;
/** The query with the codes upper-cased (codes are matched whatever their case, like GET /media). */
function withCodesUpperCase(c: Context<AppEnv>): Record<string, string> {
  const values = { ...c.req.query() };
  for (const key of ['prodcode', 'mediacode'] as const) {
    const value = values[key];
    if (value !== undefined) values[key] = value.toUpperCase();
  }
  return values;
}

/** The query of /nearby, its lat and lng first checked to be plain numbers (`coerce` takes "" as 0). */
function degreesChecked(c: Context<AppEnv>): Record<string, string> {
  const raw = c.req.query();
  for (const key of ['lat', 'lng'] as const) {
    const value = raw[key]?.trim() ?? '';
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value))
      throw new BadInput(`${key} is a number of degrees, like lat=41.88&lng=-87.63.`);
  }
  return raw;
}

type Found<T> = { found: T } | { missing: Response };

/** The market of the query, and its placement when a media code is given; a 404 answer for either unknown. */
async function marketAndMedia(
  c: Context<AppEnv>,
  asked: { prodcode: string; mediacode?: string | undefined },
): Promise<
  Found<{ market: NonNullable<Awaited<ReturnType<typeof findMarket>>>; placement: Placement | null }>
> {
  const market = await findMarket(c.var.db, asked.prodcode);
  if (!market)
    return {
      missing: fail(
        c,
        404,
        `There is no market with the code ${asked.prodcode}. Search for a zip code instead.`,
      ),
    };
  const placement = asked.mediacode ? await findPublishedMedia(c.var.db, asked.mediacode) : null;
  if (asked.mediacode && !placement)
    return {
      missing: fail(
        c,
        404,
        `There is no placement with the code ${asked.mediacode}. It may have been removed.`,
      ),
    };
  return { found: { market, placement } };
}

/** SPEC: GET /market/demographics, /market/details and /market/poi (prodcode, mediacode). */
export const marketRoutes = new Hono<AppEnv>()
  .get('/demographics', query(marketQuery, withCodesUpperCase), async (c) => {
    const result = await marketAndMedia(c, c.req.valid('query'));
    if ('missing' in result) return result.missing;
    const demographics: Demographics = demographicsOf(result.found.market);
    return ok(c, { demographics });
  })
  .get('/details', query(marketDetailsQuery, withCodesUpperCase), async (c) => {
    const asked = c.req.valid('query');
    const result = await marketAndMedia(c, asked);
    if ('missing' in result) return result.missing;
    const { market } = result.found;
    const expanded = asked.zips_expanded === '1' || asked.zips_expanded === 'true';
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
  .get('/poi', query(marketQuery, withCodesUpperCase), async (c) => {
    const result = await marketAndMedia(c, c.req.valid('query'));
    if ('missing' in result) return result.missing;
    const { market, placement } = result.found;
    const poi: Poi[] = poiOf(market.prodcode, await zipsOfMarket(c.var.db, market.prodcode), placement);
    return ok(c, { poi });
  })
  /** The market's boundary: the union of its zip code areas (generated; see the README). */
  .get('/geo', query(marketGeoQuery, withCodesUpperCase), (c) => {
    const { prodcode } = c.req.valid('query');
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
  .get('/nearby', query(nearbyQuery, degreesChecked), async (c) => {
    const asked = c.req.valid('query');
    let sellers: Map<string, string> | null = null;
    if (asked.mediacode) {
      const code = asked.mediacode.toUpperCase();
      const item = await findPublishedMedia(c.var.db, code);
      if (!item)
        return fail(c, 404, `There is no placement with the code ${code}. It may have been removed.`);
      sellers = await marketsSelling(c.var.db, item.media_type);
      // National placements (e-mail lists, design) belong to no market: any market will do.
      if (sellers.size === 0) sellers = null;
    }
    const point = { latitude: asked.lat, longitude: asked.lng };
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
