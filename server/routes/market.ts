import type { Context } from 'hono';
import { Hono } from 'hono';
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
import { countZips, findMarket, largestPlaces, zipCodesOfMarket, zipsOfMarket } from '../data/markets';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { demographicsOf } from '../market/demographics';
import { poiOf } from '../market/poi';

const LARGEST_PLACES = 10;

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
  });
