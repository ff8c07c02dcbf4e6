import { intersection } from 'polyclip-ts';
import {
  area,
  bounds,
  centroid,
  clipByConvex,
  clipConvex,
  contains,
  counterClockwise,
  doubleSignedArea,
  dropRepeats,
  type Ring,
  type XY,
} from './plane';

/**
 * Areas that are not one convex cell: a zip code's area clipped to land can be a peninsula, have a
 * bay cut into it, or be several islands, and its routes follow. A shape is a list of polygons, each
 * an outline (counter-clockwise) and its holes (clockwise), every ring open and in kilometres.
 */
export type Polygon = Ring[];
export type Shape = Polygon[];

/** A polygon as polyclip-ts reads it: closed rings of pairs. */
export type ClipPolygon = [number, number][][];
/** What polyclip-ts answers: polygons of rings (one it found degenerate is null) of points. */
export type ClipAnswer = ReadonlyArray<ReadonlyArray<ReadonlyArray<ReadonlyArray<number>> | null>>;

const signedArea = (ring: readonly XY[]) => doubleSignedArea(ring) / 2;

const closeRing = (ring: Ring): [number, number][] => {
  const closed = ring.map(([x, y]) => [x, y] as [number, number]);
  const first = closed[0];
  if (first) closed.push([first[0], first[1]]);
  return closed;
};

export const toClip = (shape: Shape): ClipPolygon[] => shape.map((polygon) => polygon.map(closeRing));

/**
 * polyclip-ts's answer as a shape: rings opened, outlines counter-clockwise and holes clockwise, and
 * parts smaller than `minKm2` (slivers where two edges nearly meet) left out.
 */
export function fromClip(answer: ClipAnswer, minKm2 = 1e-6): Shape {
  const shape: Shape = [];
  for (const polygon of answer) {
    const rings = polygon.flatMap((ring) =>
      ring ? [dropRepeats(ring.map((p) => [p[0] ?? Number.NaN, p[1] ?? Number.NaN] as XY))] : [],
    );
    const [outline, ...holes] = rings;
    if (!outline || outline.length < 3 || area(outline) < minKm2) continue;
    shape.push([
      counterClockwise(outline),
      ...holes.filter((hole) => hole.length >= 3).map((hole) => [...counterClockwise(hole)].reverse()),
    ]);
  }
  return shape;
}

/** Square kilometres of a shape (its holes taken away). */
export const shapeArea = (shape: Shape): number =>
  shape.reduce(
    (sum, [outline, ...holes]) =>
      sum + (outline ? area(outline) : 0) - holes.reduce((h, hole) => h + area(hole), 0),
    0,
  );

/** Whether a point is inside a shape: in an outline and in none of its holes. */
export const shapeContains = (shape: Shape, point: XY): boolean =>
  shape.some(
    ([outline, ...holes]) => !!outline && contains(outline, point) && !holes.some((h) => contains(h, point)),
  );

/** [minX, minY, maxX, maxY] of a shape's outlines. */
export const shapeBounds = (shape: Shape) => bounds(shape.flatMap((polygon) => polygon[0] ?? []));

/** A shape of one convex ring, as the areas were before clipping to land (the fast path). */
export const singleRing = (shape: Shape): Ring | null => {
  const [only, ...others] = shape;
  if (!only || others.length > 0 || only.length !== 1) return null;
  return only[0] ?? null;
};

function isConvex(ring: Ring): boolean {
  let sign = 0;
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i] as XY;
    const [bx, by] = ring[(i + 1) % ring.length] as XY;
    const [cx, cy] = ring[(i + 2) % ring.length] as XY;
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (Math.abs(cross) < 1e-12) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Whether segments ab and cd meet (touching counts: in doubt, the exact intersection is taken). */
function segmentsMeet(a: XY, b: XY, c: XY, d: XY): boolean {
  const cross = (o: XY, p: XY, q: XY) => (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const eps = 1e-12;
  const onSegment = (p: XY, q: XY, r: XY) =>
    Math.min(p[0], q[0]) - eps <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) + eps &&
    Math.min(p[1], q[1]) - eps <= r[1] &&
    r[1] <= Math.max(p[1], q[1]) + eps;
  return (
    (Math.abs(d1) <= eps && onSegment(c, d, a)) ||
    (Math.abs(d2) <= eps && onSegment(c, d, b)) ||
    (Math.abs(d3) <= eps && onSegment(a, b, c)) ||
    (Math.abs(d4) <= eps && onSegment(a, b, d))
  );
}

/** Whether any edge of a ring meets any edge of another (edges outside the other's bounds skipped). */
export function ringsMeet(ring: readonly XY[], other: readonly XY[]): boolean {
  const [minX, minY, maxX, maxY] = bounds(other);
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as XY;
    const b = ring[(i + 1) % ring.length] as XY;
    if (Math.max(a[0], b[0]) < minX || Math.min(a[0], b[0]) > maxX) continue;
    if (Math.max(a[1], b[1]) < minY || Math.min(a[1], b[1]) > maxY) continue;
    for (let j = 0; j < other.length; j++) {
      if (segmentsMeet(a, b, other[j] as XY, other[(j + 1) % other.length] as XY)) return true;
    }
  }
  return false;
}

/**
 * A shape and a convex cell whose edges never meet: each polygon is inside the cell, around it, or
 * apart from it, and the part inside is put together without clipping.
 */
function partsInside(shape: Shape, cell: Ring): Shape {
  const corner = cell[0] as XY;
  return shape.flatMap((polygon): Shape => {
    const [outline, ...holes] = polygon;
    if (!outline?.[0]) return [];
    if (contains(cell, outline[0])) return [polygon];
    if (!contains(outline, corner) || holes.some((hole) => contains(hole, corner))) return [];
    return [[counterClockwise(cell), ...holes.filter((hole) => hole[0] && contains(cell, hole[0]))]];
  });
}

/** A shape of one convex ring: the areas away from water, cut by Sutherland–Hodgman as before. */
function convexRing(shape: Shape): Ring | null {
  const ring = singleRing(shape);
  return ring && isConvex(ring) ? ring : null;
}

/**
 * The part of a shape inside a convex ring (a Voronoi cell). A single convex ring is cut by
 * Sutherland–Hodgman, as before land clipping; a shape whose edges the cell crosses by polyclip-ts's
 * general intersection (exact, but some milliseconds each); any other is put together directly.
 */
export function intersectConvex(shape: Shape, cell: Ring): Shape {
  if (cell.length < 3) return [];
  const ring = convexRing(shape);
  if (ring) {
    const clipped = clipConvex(cell, ring);
    return clipped.length >= 3 ? [[clipped]] : [];
  }
  const [minX, minY, maxX, maxY] = bounds(cell);
  const near = shape.filter(([outline]) => {
    if (!outline) return false;
    const [ox, oy, OX, OY] = bounds(outline);
    return ox <= maxX && OX >= minX && oy <= maxY && OY >= minY;
  });
  if (near.length === 0) return [];
  if (!near.some((polygon) => polygon.some((r) => ringsMeet(r, cell)))) return partsInside(near, cell);
  // Should polyclip-ts fail, each part's outline clipped by the convex cell (holes aside) stands in.
  return intersectRobustly([[closeRing(counterClockwise(cell))]], toClip(near), () =>
    near.flatMap(([outline]) => {
      const clipped = outline ? clipConvex(outline, cell) : [];
      return clipped.length >= 3 ? [[clipped]] : [];
    }),
  );
}

/** How finely points are snapped (km) when polyclip-ts must be asked again: a millimetre, then 10 cm. */
const SNAP_KM = [1e-6, 1e-4] as const;
const snapped = (polygons: readonly ClipPolygon[], step: number): ClipPolygon[] =>
  polygons.map((polygon) =>
    polygon.map((ring) => ring.map(([x, y]) => [Math.round(x / step) * step, Math.round(y / step) * step])),
  );

/**
 * The intersection of two shapes (each a list of polygons). polyclip-ts can fail on nearly coincident edges ("Unable to complete
 * output ring", seen on a market's shore): it is asked again with the points snapped to a millimetre,
 * then to 10 cm, and if it still fails the caller's fallback answers, so a shore never turns a map
 * answer into a 500.
 */
export function intersectRobustly(a: ClipPolygon[], b: ClipPolygon[], fallback: () => Shape): Shape {
  try {
    return fromClip(intersection(a, b));
  } catch {
    for (const step of SNAP_KM) {
      try {
        return fromClip(intersection(snapped(a, step), snapped(b, step)));
      } catch {
        // Snapped more coarsely next.
      }
    }
    return fallback();
  }
}

/**
 * The centroid of the part of a shape inside a convex cell, without building that part (Sutherland–
 * Hodgman's bridges weigh nothing), or null when the cell holds none of it: cheap enough for every
 * step of relaxing the routes' seeds.
 */
export function centroidInside(shape: Shape, cell: Ring): XY | null {
  const ring = convexRing(shape);
  if (ring) {
    const clipped = clipConvex(cell, ring);
    return clipped.length >= 3 && area(clipped) > 0 ? centroid(clipped) : null;
  }
  let weight = 0;
  let x = 0;
  let y = 0;
  for (const polygon of shape) {
    for (const part of polygon) {
      const clipped = clipByConvex(part, cell);
      if (clipped.length < 3) continue;
      const a = signedArea(clipped);
      if (a === 0) continue;
      const [cx, cy] = centroid(clipped);
      weight += a;
      x += cx * a;
      y += cy * a;
    }
  }
  return weight > 1e-12 ? [x / weight, y / weight] : null;
}

/**
 * A point surely inside a polygon, for a label: the centroid when it is inside, else the middle of the
 * widest stretch of the polygon along the horizontal line through its centroid (or its middle).
 */
export function interiorPoint(polygon: Polygon): XY {
  const [outline, ...holes] = polygon;
  if (!outline || outline.length === 0) return [0, 0];
  const inside = (p: XY) => contains(outline, p) && !holes.some((h) => contains(h, p));
  const middle = centroid(outline);
  if (inside(middle)) return middle;
  const [, minY, , maxY] = bounds(outline);
  for (const y of [middle[1], (minY + maxY) / 2, minY + (maxY - minY) / 3, minY + (2 * (maxY - minY)) / 3]) {
    const crossings: number[] = [];
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as XY;
        const [xj, yj] = ring[j] as XY;
        if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
      }
    }
    crossings.sort((a, b) => a - b);
    let best: XY | null = null;
    let width = 0;
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const [a, b] = [crossings[k] as number, crossings[k + 1] as number];
      if (b - a > width) {
        width = b - a;
        best = [(a + b) / 2, y];
      }
    }
    if (best && inside(best)) return best;
  }
  return outline[0] as XY;
}

/** The largest polygon of a shape (where its label goes). */
export const largestPolygon = (shape: Shape): Polygon | undefined =>
  [...shape].sort((a, b) => shapeArea([b]) - shapeArea([a]))[0];

/** The area-weighted centroid of a shape's outlines (may fall outside a shape that is not convex). */
export function shapeCentroid(shape: Shape): XY {
  const ring = singleRing(shape);
  if (ring) return centroid(ring);
  let weight = 0;
  let x = 0;
  let y = 0;
  for (const [outline] of shape) {
    if (!outline) continue;
    const a = Math.abs(signedArea(outline));
    const [cx, cy] = centroid(outline);
    weight += a;
    x += cx * a;
    y += cy * a;
  }
  if (weight === 0) return shape[0]?.[0] ? centroid(shape[0][0]) : [0, 0];
  return [x / weight, y / weight];
}
