import type { Bbox, CarrierRoute, NearQuery, RouteGeometry } from '../../contract/directMail';
import { circleBbox } from '../../contract/routeShapes';
import type { DirectMailAreas } from './areas';
import { mapOf } from './generatedMaps';
import { type Projection, projection, type XY } from './plane';
import { type Shape, shapeContains } from './shapes';

const KM_PER_MILE = 1.609344;
/**
 * A zip code's area lies within its bounding square (half side at most 25 km) around its point: its
 * farthest corner is under 36 km away, 40 with the market plane's stretch and shared points' spread.
 */
const ZIP_REACH_KM = 40;

/** A shape drawn on one plane, redrawn on another (both in kilometres). */
const redrawn = (shape: Shape, from: Projection, to: Projection): Shape =>
  shape.map((polygon) => polygon.map((ring) => ring.map((point) => to.toXY(...from.toLngLat(point)))));

/** Kilometres from the origin to a shape: 0 inside it, else to its nearest edge. */
function distanceFromOrigin(shape: Shape): number {
  if (shapeContains(shape, [0, 0])) return 0;
  let nearest = Number.POSITIVE_INFINITY;
  for (const polygon of shape) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length; i++) {
        const [ax, ay] = ring[i] as XY;
        const [bx, by] = ring[(i + 1) % ring.length] as XY;
        const [dx, dy] = [bx - ax, by - ay];
        const length2 = dx * dx + dy * dy;
        const t = length2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2)) : 0;
        nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
      }
    }
  }
  return nearest;
}

/** [west, south, east, north] covering every box. */
const unionOf = (boxes: readonly Bbox[]): Bbox => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/**
 * Every generated carrier route any part of which lies within `miles` of a point, nearest first (by
 * the distance from the point to the route; ties by route code), across every zip code the circle
 * reaches, with the routes' shapes and a box around the circle and them. Distances are measured on a
 * plane centred on the point, exact for these few miles to well under a metre per mile.
 */
export function nearRoutes(
  areas: DirectMailAreas,
  query: NearQuery,
): { routes: CarrierRoute[]; shapes: RouteGeometry[]; bbox: Bbox } {
  const radiusKm = query.miles * KM_PER_MILE;
  const here = projection(query.lat, query.lng);
  // A point of zip code Z's area is nearer Z's point than the point nearest the query (Voronoi cells):
  // so Z's point is within 2 radii of the query plus that nearest distance (a margin for the planes).
  const nearest = areas.points.within(query.lat, query.lng, ZIP_REACH_KM)[0]?.km ?? ZIP_REACH_KM;
  const reach = Math.min(radiusKm + ZIP_REACH_KM, (2 * radiusKm + nearest) * 1.1 + 1);

  const found: { km: number; route: CarrierRoute; geometry: RouteGeometry }[] = [];
  for (const { point } of areas.points.within(query.lat, query.lng, reach)) {
    const zipArea = areas.zipArea(point.zip);
    const zipRoutes = areas.routesOf(point.zip);
    if (!zipArea || !zipRoutes) continue;
    if (distanceFromOrigin(redrawn(zipArea.shape, zipArea.projection, here)) > radiusKm) continue;
    // The routes' map shapes are the zip code's own, made once when it was computed.
    const { shapes } = mapOf(point.zip, zipRoutes);
    for (const [i, { route, shape }] of zipRoutes.routes.entries()) {
      const km = distanceFromOrigin(redrawn(shape, zipArea.projection, here));
      const geometry = shapes[i];
      if (km <= radiusKm && geometry) found.push({ km, route, geometry });
    }
  }
  found.sort((a, b) => a.km - b.km || (a.route.routecode < b.route.routecode ? -1 : 1));

  const shapes = found.map((f) => f.geometry);
  return {
    routes: found.map((f) => f.route),
    shapes,
    bbox: unionOf([circleBbox(query, query.miles), ...shapes.map((s) => s.bbox)]),
  };
}
