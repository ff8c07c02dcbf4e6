/**
 * Flat geometry for the generated direct-mail areas: a local equirectangular projection (kilometres
 * east and north of an origin, x = Δlng·cos(lat0)) and the few operations the areas need on convex
 * polygons (Voronoi cells and their intersections are convex).
 */

/** A point in kilometres: [east, north]. */
export type XY = [number, number];
/** An open ring of points (the first point is not repeated at the end). */
export type Ring = XY[];

const KM_PER_DEGREE = 111.195;

/** A projection centred on a point: kilometres to and from longitude/latitude degrees. */
export interface Projection {
  lat0: number;
  lng0: number;
  toXY(lng: number, lat: number): XY;
  toLngLat(point: XY): [number, number];
}

export function projection(lat0: number, lng0: number): Projection {
  const kx = KM_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  return {
    lat0,
    lng0,
    toXY: (lng, lat) => [(lng - lng0) * kx, (lat - lat0) * KM_PER_DEGREE],
    toLngLat: ([x, y]) => [lng0 + x / kx, lat0 + y / KM_PER_DEGREE],
  };
}

/** Kilometres between two points given in degrees, on a plane around the first one (good for short distances). */
export function localKm(lat: number, lng: number, otherLat: number, otherLng: number): number {
  const dx = (otherLng - lng) * KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const dy = (otherLat - lat) * KM_PER_DEGREE;
  return Math.hypot(dx, dy);
}

/** Degrees of latitude and longitude that a distance in kilometres spans at a latitude. */
export function kmInDegrees(km: number, lat: number): { dLat: number; dLng: number } {
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return { dLat: km / KM_PER_DEGREE, dLng: km / (KM_PER_DEGREE * cos) };
}

/** Twice the signed area (positive when counter-clockwise). */
export function doubleSignedArea(ring: readonly XY[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as XY;
    const [x2, y2] = ring[(i + 1) % ring.length] as XY;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

export const area = (ring: readonly XY[]): number => Math.abs(doubleSignedArea(ring)) / 2;

/** The ring counter-clockwise (GeoJSON's right-hand rule for outer rings). */
export const counterClockwise = (ring: Ring): Ring =>
  doubleSignedArea(ring) < 0 ? [...ring].reverse() : ring;

/** The centroid of a polygon (inside it when the polygon is convex). */
export function centroid(ring: readonly XY[]): XY {
  const twice = doubleSignedArea(ring);
  if (Math.abs(twice) < 1e-12) {
    const n = Math.max(1, ring.length);
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as XY;
    const [x2, y2] = ring[(i + 1) % ring.length] as XY;
    const cross = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  return [cx / (3 * twice), cy / (3 * twice)];
}

/** Whether a point lies inside (or on the edge of) a polygon, by ray crossing. */
export function contains(ring: readonly XY[], [x, y]: XY): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as XY;
    const [xj, yj] = ring[j] as XY;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The part of a convex polygon inside another convex polygon (Sutherland–Hodgman). Both rings are
 * open; the answer is open and counter-clockwise, empty when they do not overlap.
 */
export function clipConvex(subject: Ring, clip: Ring): Ring {
  const output = clipByConvex(subject, clip);
  return output.length >= 3 ? counterClockwise(dropRepeats(output)) : [];
}

/**
 * Sutherland–Hodgman itself: any ring (convex or not) cut by a convex one, its orientation kept. A ring
 * that leaves the clip and comes back gets a zero-width bridge along the clip's edge, so its signed area
 * and centroid are right even where its shape needs cleaning.
 */
export function clipByConvex(subject: Ring, clip: Ring): Ring {
  const edges = counterClockwise(clip);
  let output = subject;
  for (let i = 0; i < edges.length && output.length > 0; i++) {
    const [ax, ay] = edges[i] as XY;
    const [bx, by] = edges[(i + 1) % edges.length] as XY;
    const side = ([px, py]: XY) => (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const current = input[j] as XY;
      const previous = input[(j + input.length - 1) % input.length] as XY;
      const sc = side(current);
      const sp = side(previous);
      if (sc >= 0) {
        if (sp < 0) output.push(intersect(previous, current, sp, sc));
        output.push(current);
      } else if (sp >= 0) {
        output.push(intersect(previous, current, sp, sc));
      }
    }
  }
  return output;
}

const intersect = ([px, py]: XY, [cx, cy]: XY, sp: number, sc: number): XY => {
  const t = sp / (sp - sc);
  return [px + (cx - px) * t, py + (cy - py) * t];
};

/** A ring without consecutive repeated points (nor a closing repeat). */
export function dropRepeats(ring: Ring): Ring {
  const out: Ring = [];
  for (const point of ring) {
    const last = out.at(-1);
    if (!last || Math.abs(last[0] - point[0]) > 1e-9 || Math.abs(last[1] - point[1]) > 1e-9) out.push(point);
  }
  const first = out[0];
  const last = out.at(-1);
  if (
    out.length > 1 &&
    first &&
    last &&
    Math.abs(first[0] - last[0]) <= 1e-9 &&
    Math.abs(first[1] - last[1]) <= 1e-9
  )
    out.pop();
  return out;
}

/** [minX, minY, maxX, maxY] of points. */
export function bounds(points: readonly XY[]): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** The convex hull of points, counter-clockwise (Andrew's monotone chain). */
export function convexHull(points: readonly XY[]): Ring {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: XY[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2) as XY, lower.at(-1) as XY, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: XY[] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2) as XY, upper.at(-1) as XY, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
