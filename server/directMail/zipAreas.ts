import { Delaunay } from 'd3-delaunay';
import { landIn } from './land';
import {
  area,
  counterClockwise,
  dropRepeats,
  type Projection,
  projection,
  type Ring,
  type XY,
} from './plane';
import { type Shape, shapeArea } from './shapes';
import type { ZipPoint, ZipPoints } from './zipPoints';

/**
 * A zip code's area, approximated: the Voronoi cell of its point among the neighbouring zip codes'
 * points, bounded by a square whose half-size follows the density around it (1.5× the distance to the
 * 8th nearest neighbour, 1.5 to 25 km), so cells at coasts and in empty country stay bounded; then
 * clipped to land (server/directMail/land.ts), so a shore zip code stops at the shore.
 */
export interface ZipArea {
  zip: ZipPoint;
  /** The plane the shape is drawn on: centred on the zip code's market, so its zip codes' cells fit together. */
  projection: Projection;
  /** The Voronoi cell before clipping to land: an open counter-clockwise convex ring, km on `projection`. */
  cell: Ring;
  /**
   * The area: the land of the cell, one polygon or several (a peninsula cut by a bay, islands), in
   * kilometres on `projection`. The whole cell where the dataset has (next to) no land in it: a small
   * island its scale leaves out.
   */
  shape: Shape;
  /** Square kilometres of `shape`. */
  areaKm2: number;
  /** Half the side of the bounding square, in kilometres: small in cities, large in the country. */
  halfKm: number;
}

const NEIGHBOUR_RANK = 8;
const MIN_HALF_KM = 1.5;
const MAX_HALF_KM = 25;
/** Past this many neighbours the rest cannot change the cell (they are far beyond its corners). */
const MAX_NEIGHBOURS = 800;

/** Land parts smaller than this (km²) are left out: a rock or a pier's end cannot be a route. */
const MIN_PART_KM2 = 0.002;
/**
 * A zip code whose cell holds less land than this share has its point on water: its cell is drawn
 * again around the nearest shore; with no land within its square either, it is on an island or a shore
 * the datasets' scale misses (the zip code exists, so there is land), and its whole cell stands.
 */
const MIN_LAND_SHARE = 0.02;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The plane a market's areas are drawn on (the zip code's own point when the market is unknown). */
export function marketProjection(points: ZipPoints, zip: ZipPoint): Projection {
  const market = points.market(zip.prodcode);
  return market ? projection(market.latitude, market.longitude) : projection(zip.lat, zip.lng);
}

export function computeZipArea(points: ZipPoints, zip: ZipPoint): ZipArea {
  const plane = marketProjection(points, zip);
  const near = points.within(zip.lat, zip.lng, MAX_HALF_KM / 1.5).filter((n) => n.point !== zip);
  const eighth = near[NEIGHBOUR_RANK - 1]?.km ?? Number.POSITIVE_INFINITY;
  const halfKm = clamp(1.5 * eighth, MIN_HALF_KM, MAX_HALF_KM);
  // A neighbour can only cut the cell if it is nearer than twice the farthest corner of the square
  // (√2 × half); the market's plane stretches distances a little, hence the margin.
  const stretch = Math.max(
    Math.cos((zip.lat * Math.PI) / 180) / Math.cos((plane.lat0 * Math.PI) / 180),
    Math.cos((plane.lat0 * Math.PI) / 180) / Math.cos((zip.lat * Math.PI) / 180),
  );
  const reach = 2 * Math.SQRT2 * halfKm * Math.min(4, stretch) * 1.02 + 0.05;
  const neighbours = points
    .within(zip.lat, zip.lng, reach)
    .filter((n) => n.point !== zip)
    .slice(0, MAX_NEIGHBOURS);

  const centre = plane.toXY(zip.lng, zip.lat);
  const others = neighbours.map((n) => plane.toXY(n.point.lng, n.point.lat));
  const ring = cellAround(centre, others, halfKm);
  const land = landOf(ring, plane);
  if (shapeArea(land) >= MIN_LAND_SHARE * area(ring)) return zipArea(zip, plane, ring, land, halfKm);
  // A point on water (a bay-side centroid, like 33139's in Biscayne Bay) whose cell holds no land: the
  // cell is drawn again around the nearest shore within its square, so the zip code lies on the land it
  // serves (Miami Beach) rather than on the bay. It may overlap its neighbours' cells a little there.
  const shore = nearestPoint(landOf(square(centre, halfKm), plane), centre);
  if (shore) {
    const moved = cellAround(shore, others, halfKm);
    const movedLand = landOf(moved, plane);
    if (shapeArea(movedLand) >= MIN_LAND_SHARE * area(moved))
      return zipArea(zip, plane, moved, movedLand, halfKm);
  }
  return zipArea(zip, plane, ring, [[ring]], halfKm);
}

const zipArea = (zip: ZipPoint, plane: Projection, cell: Ring, shape: Shape, halfKm: number): ZipArea => ({
  zip,
  projection: plane,
  cell,
  shape,
  areaKm2: shapeArea(shape),
  halfKm,
});

const landOf = (ring: Ring, plane: Projection): Shape =>
  landIn(ring, plane).filter((polygon) => shapeArea([polygon]) >= MIN_PART_KM2);

/** The Voronoi cell of a point among others, bounded by a square of half-side `halfKm` around it. */
function cellAround(centre: XY, others: readonly XY[], halfKm: number): Ring {
  const [cx, cy] = centre;
  const voronoi = Delaunay.from([centre, ...others]).voronoi([
    cx - halfKm,
    cy - halfKm,
    cx + halfKm,
    cy + halfKm,
  ]);
  const cell = voronoi.cellPolygon(0) as XY[] | null;
  // A point shared exactly with another one has no cell of its own: a small square stands in.
  return cell && cell.length >= 4
    ? counterClockwise(dropRepeats(cell.map(([x, y]) => [x, y] as XY)))
    : square(centre, 0.1);
}

/** The point of a shape's outlines nearest to a point, or null for an empty shape. */
function nearestPoint(shape: Shape, [px, py]: XY): XY | null {
  let best: XY | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const ring of shape.flatMap((polygon) => polygon.slice(0, 1))) {
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i] as XY;
      const [bx, by] = ring[(i + 1) % ring.length] as XY;
      const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = length2 > 0 ? clamp(((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2, 0, 1) : 0;
      const point: XY = [ax + t * (bx - ax), ay + t * (by - ay)];
      const distance = (point[0] - px) ** 2 + (point[1] - py) ** 2;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = point;
      }
    }
  }
  return best;
}

const square = ([x, y]: XY, half: number): Ring => [
  [x - half, y - half],
  [x + half, y - half],
  [x + half, y + half],
  [x - half, y + half],
];
