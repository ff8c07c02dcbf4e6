import { union } from 'polyclip-ts';
import type { AreaGeometry } from '../../contract/directMail';
import { round6 } from './geoJson';
import { area, convexHull, type Projection, projection, type Ring, type XY } from './plane';
import type { ZipArea } from './zipAreas';

/** A polygon as polyclip-ts reads it: its outline, then its holes, each ring closed. */
type Polygon = [number, number][][];
/** What polyclip-ts answers: polygons of rings (one it found degenerate is null) of points. */
type ClipAnswer = ReadonlyArray<ReadonlyArray<ReadonlyArray<ReadonlyArray<number>> | null>>;

const pair = (point: ReadonlyArray<number>): [number, number] => [
  point[0] ?? Number.NaN,
  point[1] ?? Number.NaN,
];

/** polyclip-ts's answer (its points typed loosely, as number[]) as polygons of pairs. */
export const polygonsOf = (answer: ClipAnswer): Polygon[] =>
  answer.map((polygon) => polygon.flatMap((ring) => (ring ? [ring.map(pair)] : [])));

/** How a market's boundary was drawn: the union of its zip code areas, or (if that failed) a hull. */
export interface MarketArea {
  geometry: AreaGeometry;
  method: 'union' | 'hull';
}

/** The hull stand-in reaches this far past the outermost zip code points. */
const HULL_BUFFER_KM = 3;

/** Kilometres to 1 cm, so a corner two cells computed apart both have lands on the same point. */
const snap = (value: number) => Math.round(value * 1e5) / 1e5;
const snapRing = (ring: Ring): [number, number][] => {
  const closed = ring.map(([x, y]) => [snap(x), snap(y)] as [number, number]);
  const first = closed[0];
  if (first) closed.push([first[0], first[1]]);
  return closed;
};

const toGeo = (ring: readonly [number, number][], plane: Projection): [number, number][] =>
  ring.map((point) => {
    const [lng, lat] = plane.toLngLat(point);
    return [round6(lng), round6(lat)];
  });

/** A market's boundary: the union of its zip codes' areas (all drawn on the market's plane). */
export function computeMarketArea(
  market: { latitude: number; longitude: number },
  zipAreas: readonly ZipArea[],
): MarketArea {
  const plane = zipAreas[0]?.projection ?? projection(market.latitude, market.longitude);
  try {
    const polygons: Polygon[] = zipAreas.flatMap((zip) => zip.shape.map((polygon) => polygon.map(snapRing)));
    const [first, ...rest] = polygons;
    if (!first) throw new Error('A market without zip codes has no area.');
    const merged = polygonsOf(union(first, ...rest));
    // The outline only: a hole is a place between zip code areas that their bounding squares left out
    // (areas are approximations), not a place outside the market.
    const outlines = merged.flatMap((polygon) => (polygon[0] ? [polygon[0]] : []));
    if (outlines.length === 0) throw new Error('The union of the zip code areas is empty.');
    const geo = outlines
      .sort((a, b) => area(b.slice(0, -1) as XY[]) - area(a.slice(0, -1) as XY[]))
      .map((ring) => [toGeo(ring, plane)]);
    return {
      method: 'union',
      geometry:
        geo.length === 1 && geo[0]
          ? { type: 'Polygon', coordinates: geo[0] }
          : { type: 'MultiPolygon', coordinates: geo },
    };
  } catch {
    return { method: 'hull', geometry: hullOf(zipAreas, plane) };
  }
}

/** The convex hull of the zip code points, a few kilometres wider all round. */
function hullOf(zipAreas: readonly ZipArea[], plane: Projection): AreaGeometry {
  const around: XY[] = [];
  for (const { zip } of zipAreas) {
    const [x, y] = plane.toXY(zip.lng, zip.lat);
    for (let k = 0; k < 16; k++) {
      const angle = (k * Math.PI) / 8;
      around.push([x + HULL_BUFFER_KM * Math.cos(angle), y + HULL_BUFFER_KM * Math.sin(angle)]);
    }
  }
  const hull = convexHull(around);
  const ring = toGeo(
    hull.map(([x, y]) => [x, y] as [number, number]),
    plane,
  );
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}
