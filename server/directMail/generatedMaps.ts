import type { ZipRoutes } from './areas';
import { bboxOf, polygonOf } from './geoJson';
import type { ZipRouteMap } from './zipRouteMap';

/** A generated zip code's routes as a map: made once per computed zip code (it lives as long as they do). */
const maps = new WeakMap<ZipRoutes, ZipRouteMap>();
export function mapOf(zip: string, found: ZipRoutes): ZipRouteMap {
  const known = maps.get(found);
  if (known) return known;
  const outline = polygonOf(found.area.shape, found.area.projection);
  const map: ZipRouteMap = {
    zip,
    routes: found.routes.map((r) => r.route),
    shapes: found.routes.map((r) => {
      const geometry = polygonOf(r.shape, found.area.projection);
      return { routecode: r.route.routecode, geometry, bbox: bboxOf(geometry) };
    }),
    outline,
    bbox: bboxOf(outline),
  };
  maps.set(found, map);
  return map;
}
