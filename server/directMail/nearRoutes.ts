import type { Bbox, CarrierRoute, NearQuery, RouteGeometry } from '../../contract/directMail';
import type { DirectMailAreas } from './areas';
import { bboxOf, polygonOf } from './geoJson';
import { bounds, kmInDegrees, localKm } from './plane';

/** Kilometres in a mile. */
const KM_PER_MILE = 1.609344;
/** A zip code's routes reach at most this far from its point (its area's square is 25 km half-size). */
const ZIP_REACH_KM = 36;

/**
 * Every generated carrier route within `miles` of a point, nearest first, with its shape: a route is in
 * when its label (a point inside it) is within the radius. A stand-in kept simple until the geometry
 * helper's version (any part of the route within the radius) replaces it at the merge of issue 34.
 */
export function nearRoutes(
  areas: DirectMailAreas,
  query: NearQuery,
): { routes: CarrierRoute[]; shapes: RouteGeometry[]; bbox: Bbox } {
  const radiusKm = query.miles * KM_PER_MILE;
  const found: { route: CarrierRoute; shape: RouteGeometry; km: number }[] = [];
  for (const { point, km: away } of areas.points.within(query.lat, query.lng, radiusKm + ZIP_REACH_KM)) {
    // A zip code whose whole area (within √2 half-sizes of its point) is beyond the radius has no route in it.
    const reach = areas.zipArea(point.zip)?.halfKm ?? 0;
    if (away - Math.SQRT2 * reach > radiusKm) continue;
    const zip = areas.routesOf(point.zip);
    if (!zip) continue;
    for (const area of zip.routes) {
      const km = localKm(query.lat, query.lng, area.route.label.lat, area.route.label.lng);
      if (km > radiusKm) continue;
      const geometry = polygonOf(area.ring, zip.area.projection);
      found.push({
        route: area.route,
        shape: { routecode: area.route.routecode, geometry, bbox: bboxOf(geometry) },
        km,
      });
    }
  }
  found.sort((a, b) => a.km - b.km || (a.route.routecode < b.route.routecode ? -1 : 1));
  const { dLat, dLng } = kmInDegrees(radiusKm, query.lat);
  const circle: Bbox = [query.lng - dLng, query.lat - dLat, query.lng + dLng, query.lat + dLat];
  const corners = found.flatMap(({ shape: { bbox } }) => [
    [bbox[0], bbox[1]] as [number, number],
    [bbox[2], bbox[3]] as [number, number],
  ]);
  return {
    routes: found.map((f) => f.route),
    shapes: found.map((f) => f.shape),
    bbox: corners.length > 0 ? bounds(corners) : circle,
  };
}
