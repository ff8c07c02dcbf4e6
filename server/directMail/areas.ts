import { ROUTECODE, zipOfRoute } from '../../contract/directMail';
import { BoundedCache } from './cache';
import { computeRoutes, type RouteArea } from './carrierRoutes';
import { computeMarketArea, type MarketArea } from './marketAreas';
import { computeZipArea, type ZipArea } from './zipAreas';
import { type ZipPoint, ZipPoints, type ZipRowsInput } from './zipPoints';

/** Computed zip areas kept (a few hundred bytes each). */
const ZIP_AREAS = 20_000;
/** Zip codes whose routes are kept (a few kilobytes each). */
const ZIP_ROUTES = 2_000;
/** Market boundaries kept (every market fits). */
const MARKET_AREAS = 256;

export interface ZipRoutes {
  area: ZipArea;
  routes: RouteArea[];
}

/**
 * The generated geography of direct mail: zip code areas, their carrier routes and market boundaries,
 * computed on demand from the zip codes' points and kept in bounded caches. Deterministic: the same
 * answers on every machine (see the README's "Direct mail data").
 */
export class DirectMailAreas {
  readonly points: ZipPoints;
  private readonly zipAreas = new BoundedCache<string, ZipArea>(ZIP_AREAS);
  private readonly zipRoutes = new BoundedCache<string, ZipRoutes>(ZIP_ROUTES);
  private readonly marketAreas = new BoundedCache<string, MarketArea>(MARKET_AREAS);

  constructor(rows: ZipRowsInput) {
    this.points = new ZipPoints(rows);
  }

  zip(zip: string): ZipPoint | undefined {
    return this.points.get(zip);
  }

  /** A zip code's area, or null for a zip code the catalogue does not have. */
  zipArea(zip: string): ZipArea | null {
    const point = this.points.get(zip);
    if (!point) return null;
    return this.zipAreas.through(zip, () => computeZipArea(this.points, point));
  }

  /** A zip code's carrier routes, or null for an unknown zip code. */
  routesOf(zip: string): ZipRoutes | null {
    const zipArea = this.zipArea(zip);
    if (!zipArea) return null;
    return this.zipRoutes.through(zip, () => ({ area: zipArea, routes: computeRoutes(zipArea) }));
  }

  /** One route by its code (any case), or null when the zip code or the route does not exist. */
  route(routecode: string): { zip: ZipRoutes; route: RouteArea } | null {
    const code = routecode.toUpperCase();
    if (!ROUTECODE.test(code)) return null;
    const zip = this.routesOf(zipOfRoute(code));
    const route = zip?.routes.find((r) => r.route.routecode === code);
    return zip && route ? { zip, route } : null;
  }

  /** A market's boundary, or null for an unknown market. */
  marketArea(prodcode: string): MarketArea | null {
    const market = this.points.market(prodcode);
    if (!market) return null;
    return this.marketAreas.through(prodcode, () =>
      computeMarketArea(
        market,
        this.points.zipsOfMarket(prodcode).flatMap((zip) => this.zipArea(zip.zip) ?? []),
      ),
    );
  }
}
