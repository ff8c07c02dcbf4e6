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

/**
 * How far apart, relative to the coordinates' size, two positions may be and still count as one.
 * Coordinates are doubles: a point meant to lie on a street (an interpolated address, a vertex two
 * routes share) is off it by up to half a unit in the last place of its coordinates, about 7e-15°
 * at Chicago's longitude, and an exact `cross === 0` would then call it apart (or, by the rounding's
 * sign, across). 1e-12 of the coordinates' magnitude sits thousands of times above that rounding and
 * far below anything drawn (1e-12 × 180° is 0.02 mm; a pixel at zoom 22 is about 4 cm); relative,
 * not absolute, because the same code runs on degrees and on the small integers of the tests.
 */
const RELATIVE_TOLERANCE = 1e-12;

const cross = (o: Position, a: Position, b: Position) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
/** Which side of the line through a, b the point p lies: 0 within `tol` of it. */
const side = (a: Position, b: Position, p: Position, tol: number) => {
  const c = cross(a, b, p);
  // |cross| is the distance to the line times the segment's length (here its larger side, ≥ 1/√2 of it).
  return Math.abs(c) <= tol * Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) ? 0 : Math.sign(c);
};
/** Whether p, known to lie on the line through a, b, lies between them (within `tol`). */
const onSegment = (p: Position, a: Position, b: Position, tol: number) =>
  Math.min(a[0], b[0]) - tol <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) + tol &&
  Math.min(a[1], b[1]) - tol <= p[1] &&
  p[1] <= Math.max(a[1], b[1]) + tol;

/** Whether two segments share a point (touching ends and collinear overlaps included), within `tol`. */
function segmentsMeet(a: Position, b: Position, c: Position, d: Position, tol: number): boolean {
  const d1 = side(c, d, a, tol);
  const d2 = side(c, d, b, tol);
  const d3 = side(a, b, c, tol);
  const d4 = side(a, b, d, tol);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && onSegment(a, c, d, tol)) ||
    (d2 === 0 && onSegment(b, c, d, tol)) ||
    (d3 === 0 && onSegment(c, a, b, tol)) ||
    (d4 === 0 && onSegment(d, a, b, tol))
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
const boxesMeet = (a: Bbox, b: Bbox, tol: number) =>
  a[0] <= b[2] + tol && b[0] <= a[2] + tol && a[1] <= b[3] + tol && b[1] <= a[3] + tol;

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
  const shapeBox = boxOf(paths);
  const ringBox = boxOf([ring]);
  const tol = RELATIVE_TOLERANCE * Math.max(...shapeBox.map(Math.abs), ...ringBox.map(Math.abs));
  // An empty shape has an infinite box, hence an infinite tolerance: it touches nothing.
  if (!Number.isFinite(tol) || !boxesMeet(shapeBox, ringBox, tol)) return false;
  const closed = shape.type === 'Polygon' || shape.type === 'MultiPolygon';
  for (const path of paths) {
    const start = path[0];
    if (start && insideRing(start, ring)) return true;
    for (const [a, b] of segmentsOf(path, closed))
      for (const [c, d] of segmentsOf(ring, true)) if (segmentsMeet(a, b, c, d, tol)) return true;
  }
  const corner = ring[0];
  return corner !== undefined && polygons.some((polygon) => insidePolygon(corner, polygon));
}
