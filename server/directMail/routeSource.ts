import {
  type Bbox,
  type CarrierRoute,
  type NearQuery,
  ROUTECODE,
  type RouteGeometry,
  zipOfRoute,
} from '../../contract/directMail';
import type { DirectMailAreas } from './areas';
import { mapOf } from './generatedMaps';
import { nearRoutes } from './nearRoutes';
import type { ZipRouteMap } from './zipRouteMap';

/** The routes within a radius of a point, nearest first, with their shapes. */
export interface NearRoutes {
  routes: CarrierRoute[];
  shapes: RouteGeometry[];
  bbox: Bbox;
}

/**
 * Where carrier routes come from (`EDDM_ROUTES`): generated offline (the default), or USPS's EDDM route
 * service, read and cached (server/directMail/uspsRoutes.ts). Every answer that names routes (the map,
 * selections, campaigns, checkout's requote, booking again) reads them here; the zip codes' places,
 * markets and prices stay the catalogue's (`areas`).
 */
export interface RouteSource {
  readonly kind: 'generated' | 'usps';
  /** The catalogue's geography (zip points, markets): the zip codes the product sells in. */
  readonly areas: DirectMailAreas;
  /** A zip code's routes, or null for a zip code the catalogue does not have. */
  zip(zip: string): Promise<ZipRouteMap | null>;
  /** The routes of codes (any case) in the order given, repeats dropped, and the codes that name no route. */
  routes(codes: readonly string[]): Promise<{ routes: CarrierRoute[]; unknown: string[] }>;
  /** One route and its shape, or null. */
  route(code: string): Promise<{ route: CarrierRoute; shape: RouteGeometry } | null>;
  /** Every route within the query's radius of its point. */
  near(query: NearQuery): Promise<NearRoutes>;
}

/** How many zip codes a source reads at once (a selection may span 20; the service is shared). */
const ZIPS_AT_ONCE = 4;

/** `routes` and `route` of a source, through its `zip`. */
export function byCodes(
  zipOf: (zip: string) => Promise<ZipRouteMap | null>,
): Pick<RouteSource, 'routes' | 'route'> {
  const route = async (code: string) => {
    const upper = code.toUpperCase();
    if (!ROUTECODE.test(upper)) return null;
    const map = await zipOf(zipOfRoute(upper));
    const index = map?.routes.findIndex((r) => r.routecode === upper) ?? -1;
    const found = map?.routes[index];
    const shape = map?.shapes[index];
    return found && shape ? { route: found, shape } : null;
  };
  return {
    route,
    async routes(codes) {
      const unique = [...new Set(codes.map((c) => c.toUpperCase()))];
      const zips = [...new Set(unique.filter((c) => ROUTECODE.test(c)).map(zipOfRoute))];
      const maps = new Map<string, ZipRouteMap | null>();
      for (let i = 0; i < zips.length; i += ZIPS_AT_ONCE) {
        const batch = zips.slice(i, i + ZIPS_AT_ONCE);
        const read = await Promise.all(batch.map(zipOf));
        for (const [k, zip] of batch.entries()) maps.set(zip, read[k] ?? null);
      }
      const routes: CarrierRoute[] = [];
      const unknown: string[] = [];
      for (const code of unique) {
        const found = ROUTECODE.test(code)
          ? maps.get(zipOfRoute(code))?.routes.find((r) => r.routecode === code)
          : undefined;
        if (found) routes.push(found);
        else unknown.push(code);
      }
      return { routes, unknown };
    },
  };
}

/** The offline routes, generated from the catalogue's zip codes (`areas` is read on each call: a catalogue reload replaces it). */
export function generatedRoutes(areas: () => DirectMailAreas): RouteSource {
  const zipOf = async (zip: string) => {
    const found = areas().routesOf(zip);
    return found ? mapOf(zip, found) : null;
  };
  return {
    kind: 'generated',
    get areas() {
      return areas();
    },
    zip: zipOf,
    ...byCodes(zipOf),
    near: async (query) => nearRoutes(areas(), query),
  };
}
