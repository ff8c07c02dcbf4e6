import { Delaunay } from 'd3-delaunay';
import type { CarrierRoute } from '../../contract/directMail';
import { hashString, Random } from '../db/seed/random';
import { round6 } from './geoJson';
import type { Ring, XY } from './plane';
import {
  centroidInside,
  interiorPoint,
  intersectConvex,
  largestPolygon,
  type Shape,
  shapeArea,
  shapeBounds,
  shapeCentroid,
  shapeContains,
} from './shapes';
import type { ZipArea } from './zipAreas';

/**
 * Carrier routes, generated: a zip code's area cut into routes by the Voronoi cells of a few seeded
 * points on its land, each cell intersected with the zip code's area, so the routes exactly cover it.
 * Counts of deliveries come from the route code. The same on every machine and every run.
 */
export interface RouteArea {
  route: CarrierRoute;
  /** The route's area, one polygon or several (across a bay), in kilometres on the zip area's plane. */
  shape: Shape;
}

/** Cells up to this size (km²) are towns and cities, delivered by city routes; larger ones are rural. */
const CITY_MAX_KM2 = 60;
/** Lloyd relaxation steps: routes of even size rather than random slivers. */
const RELAXATION_STEPS = 2;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type Kind = CarrierRoute['kind'];
const PREFIX: Record<Kind, string> = { city: 'C', rural: 'R', highway: 'H' };

/** How many routes a zip code has: many in a small dense cell (6–30), few in a large rural one (2–8). */
export function routeCount(zipArea: ZipArea, random: Random): { count: number; rural: boolean } {
  const km2 = zipArea.areaKm2;
  if (km2 <= CITY_MAX_KM2) {
    const sparse = clamp((km2 - 2) / (CITY_MAX_KM2 - 2), 0, 1);
    return { count: clamp(Math.round(30 - 24 * sparse) + random.int(-2, 2), 6, 30), rural: false };
  }
  return { count: clamp(Math.round(2 + km2 / 150) + random.int(-1, 1), 2, 8), rural: true };
}

/** Residential and business deliveries of a route, from its code. */
export function routeCounts(routecode: string, kind: Kind): { residential: number; business: number } {
  const random = new Random(`route:${routecode}`);
  if (kind === 'city') return { residential: random.int(250, 750), business: random.int(5, 60) };
  if (kind === 'rural') return { residential: random.int(120, 450), business: random.int(0, 15) };
  return { residential: random.int(40, 220), business: random.int(0, 8) };
}

/**
 * Who lives on a generated route: the zip code sets a neighbourhood (older or younger, richer or
 * poorer, larger or smaller households) and each route varies around it, so neighbouring routes are
 * alike and filters pick some routes of a zip code but not all. Rural routes lean older with larger
 * households. Plausible figures, not census data (see the README's "Direct mail data").
 */
export function routeDemographics(
  routecode: string,
  kind: Kind,
): Pick<CarrierRoute, 'median_age' | 'median_income' | 'household_size'> {
  const zip = new Random(`people:${routecode.slice(0, 5)}`);
  const route = new Random(`people:${routecode}`);
  const spread = (random: Random) => random.next() * 2 - 1;
  const age = 27 + zip.next() * 22 + spread(route) * 6 + (kind === 'city' ? 0 : 4);
  const income = 38_000 * Math.exp(zip.next() * 1.4) * (1 + spread(route) * 0.25);
  const household = 1.7 + zip.next() * 1.3 + spread(route) * 0.35 + (kind === 'city' ? 0 : 0.3);
  return {
    median_age: Math.round(clamp(age, 21, 68) * 10) / 10,
    median_income: Math.round(clamp(income, 18_000, 250_000) / 100) * 100,
    household_size: Math.round(clamp(household, 1.1, 4.6) * 100) / 100,
  };
}

/** Points spread on a shape's land, from the random generator (rejection sampling in its bounds). */
function seedsIn(shape: Shape, count: number, random: Random): XY[] {
  const [minX, minY, maxX, maxY] = shapeBounds(shape);
  const seeds: XY[] = [];
  for (let attempt = 0; seeds.length < count && attempt < count * 200; attempt++) {
    const point: XY = [minX + random.next() * (maxX - minX), minY + random.next() * (maxY - minY)];
    if (shapeContains(shape, point)) seeds.push(point);
  }
  // A sliver can refuse every sample: points a hair apart around one inside it will do.
  const inside = interiorPoint(largestPolygon(shape) ?? []);
  while (seeds.length < count) {
    const t = (seeds.length + 1) / (count + 1);
    seeds.push([inside[0] + t * 1e-4, inside[1] + t * 1e-4]);
  }
  return seeds;
}

/** The Voronoi cells of the seeds, around the zip code's shape (convex rings, not yet cut to it). */
function cellsOf(seeds: readonly XY[], shape: Shape): Ring[] {
  const [minX, minY, maxX, maxY] = shapeBounds(shape);
  const margin = Math.max(1, maxX - minX, maxY - minY);
  const voronoi = Delaunay.from(seeds).voronoi([minX - margin, minY - margin, maxX + margin, maxY + margin]);
  return seeds.map((_, i) => {
    const cell = voronoi.cellPolygon(i) as XY[] | null;
    return cell ? cell.slice(0, -1).map(([x, y]) => [x, y] as XY) : [];
  });
}

/** A relaxed seed: the middle of its cell's land when that is on land, else where it was. */
function relaxed(zipShape: Shape, cell: Ring, seed: XY): XY {
  const middle = centroidInside(zipShape, cell);
  return middle && shapeContains(zipShape, middle) ? middle : seed;
}

/** Clockwise angle from north around a point, in [0, 2π). */
const bearing = ([x, y]: XY, [ox, oy]: XY) => {
  const angle = Math.atan2(x - ox, y - oy);
  return angle < 0 ? angle + 2 * Math.PI : angle;
};

/** The carrier routes of a zip code's area. */
export function computeRoutes(zipArea: ZipArea): RouteArea[] {
  const zip = zipArea.zip.zip;
  const random = new Random(`routes:${zip}`);
  const { count, rural } = routeCount(zipArea, random);
  let seeds = seedsIn(zipArea.shape, count, random);
  let cells = cellsOf(seeds, zipArea.shape);
  for (let step = 0; step < RELAXATION_STEPS; step++) {
    seeds = cells.map((cell, i) => relaxed(zipArea.shape, cell, seeds[i] as XY));
    cells = cellsOf(seeds, zipArea.shape);
  }

  const middle = shapeCentroid(zipArea.shape);
  const parts = cells
    .map((cell, i) => ({ shape: intersectConvex(zipArea.shape, cell), seed: seeds[i] as XY }))
    .filter((part) => shapeArea(part.shape) > 0);
  // Rural zip codes: the route nearest the middle serves the town (when there are four or more), and one
  // zip code in five has a highway contract route at its edge.
  const kinds = new Map<(typeof parts)[number], Kind>();
  if (rural) {
    const byDistance = [...parts].sort(
      (a, b) =>
        Math.hypot(a.seed[0] - middle[0], a.seed[1] - middle[1]) -
        Math.hypot(b.seed[0] - middle[0], b.seed[1] - middle[1]),
    );
    for (const part of byDistance) kinds.set(part, 'rural');
    const nearest = byDistance[0];
    if (nearest && parts.length >= 4) kinds.set(nearest, 'city');
    const farthest = byDistance.at(-1);
    if (farthest && byDistance.length >= 3 && hashString(`hcr:${zip}`) % 5 === 0)
      kinds.set(farthest, 'highway');
  }
  // Routes are numbered clockwise from north around the middle of the zip code.
  const ordered = [...parts].sort((a, b) => bearing(a.seed, middle) - bearing(b.seed, middle));
  const numbers: Record<Kind, number> = { city: 0, rural: 0, highway: 0 };
  const routes = ordered.map((part) => {
    const kind = kinds.get(part) ?? 'city';
    numbers[kind] += 1;
    const crid = `${PREFIX[kind]}${String(numbers[kind]).padStart(3, '0')}`;
    const routecode = `${zip}${crid}`;
    const { residential, business } = routeCounts(routecode, kind);
    // The centroid of a convex route; in a route that is not, a point surely inside its largest part.
    const [lng, lat] = zipArea.projection.toLngLat(interiorPoint(largestPolygon(part.shape) ?? []));
    return {
      shape: part.shape,
      route: {
        routecode,
        crid,
        kind,
        residential,
        business,
        total: residential + business,
        label: { lat: round6(lat), lng: round6(lng) },
        ...routeDemographics(routecode, kind),
      },
    };
  });
  return routes.sort((a, b) => (a.route.crid < b.route.crid ? -1 : 1));
}
