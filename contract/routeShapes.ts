import type { Bbox, LatLng, RouteShape } from './directMail';

/**
 * Plane geometry on route shapes for targeting: which routes a drawn area touches, and the box of a
 * radius around a point. Small and dependency-free so the every-door machine can use it at once
 * (the selection and its count in the same step as the drawing's end), without loading turf into
 * the page; tests/unit/routeShapes.test.ts checks it against @turf/boolean-intersects.
 */

/** [longitude, latitude], as GeoJSON writes a position. */
export type Position = readonly [number, number];
/** A drawn area: its outline, closed or not (the last point joins the first). */
export type Ring = readonly Position[];

const EARTH_RADIUS_MILES = 3958.8;

/** The box around a circle of `miles` around a point: where the map looks to show the whole radius. */
export function circleBbox(center: LatLng, miles: number): Bbox {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const dLng = dLat / Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01);
  return [center.lng - dLng, center.lat - dLat, center.lng + dLng, center.lat + dLat];
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Position, a: Position, b: Position) =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Whether two segments share a point (touching ends and overlaps included). */
function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/** Even-odd test: whether a point lies inside a ring (its edge counts as outside; edges are met separately). */
function insideRing(p: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
      inside = !inside;
  }
  return inside;
}

/** The segments of a path; a ring's closing segment included. */
function* segmentsOf(path: readonly Position[], closed: boolean): Generator<[Position, Position]> {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    if (a && b) yield [a, b];
  }
  const first = path[0];
  const last = path.at(-1);
  if (closed && first && last && path.length > 2) yield [last, first];
}

const boxOf = (paths: readonly (readonly Position[])[]): Bbox => {
  let box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const path of paths)
    for (const [x, y] of path)
      box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  return box;
};
const boxesMeet = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The shape as paths (lines, or polygon rings) and its polygons (outer ring, then holes). */
function partsOf(shape: RouteShape): { paths: Position[][]; polygons: Position[][][] } {
  switch (shape.type) {
    case 'LineString':
      return { paths: [shape.coordinates], polygons: [] };
    case 'MultiLineString':
      return { paths: shape.coordinates, polygons: [] };
    case 'Polygon':
      return { paths: shape.coordinates, polygons: [shape.coordinates] };
    case 'MultiPolygon':
      return { paths: shape.coordinates.flat(), polygons: shape.coordinates };
  }
}

/** Whether a point lies inside a polygon: inside its outer ring and in none of its holes. */
const insidePolygon = (p: Position, [outer, ...holes]: Position[][]) =>
  outer !== undefined && insideRing(p, outer) && !holes.some((hole) => insideRing(p, hole));

/**
 * Whether a drawn area touches a route: their outlines cross, the route (or a part of it) lies inside
 * the area, or the area lies inside the route.
 */
export function shapeTouchesRing(shape: RouteShape, ring: Ring): boolean {
  if (ring.length < 3) return false;
  const { paths, polygons } = partsOf(shape);
  if (!boxesMeet(boxOf(paths), boxOf([ring]))) return false;
  const closed = shape.type === 'Polygon' || shape.type === 'MultiPolygon';
  for (const path of paths) {
    const start = path[0];
    if (start && insideRing(start, ring)) return true;
    for (const [a, b] of segmentsOf(path, closed))
      for (const [c, d] of segmentsOf(ring, true)) if (segmentsMeet(a, b, c, d)) return true;
  }
  const corner = ring[0];
  return corner !== undefined && polygons.some((polygon) => insidePolygon(corner, polygon));
}
