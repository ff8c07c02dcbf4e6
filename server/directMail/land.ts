import { createRequire } from 'node:module';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import { area, bounds, counterClockwise, type Projection, type Ring, type XY } from './plane';
import { intersectConvex, intersectRobustly, type Shape, singleRing, toClip } from './shapes';

/**
 * Where there is land: where two datasets both have it. us-atlas's `nation-10m.json` is the Census
 * Bureau's cartographic boundary of the United States (clipped to the shoreline, the Great Lakes
 * included) at 1:10,000,000; its coast is drawn to within a few hundred metres, so narrow bays (Biscayne
 * Bay behind Miami Beach, Elliott Bay) are land in it. world-atlas's `land-10m.json` is Natural Earth's
 * 1:10M land, whose coast has those bays but no lakes (Lake Michigan is land in it). Their intersection
 * has both the lakes and the bays as water (see the README's "Direct mail data"). Both are loaded once,
 * on first use, and indexed by each polygon's bounds; Natural Earth only within the United States'
 * boxes below (elsewhere, e.g. Guam, the Census outline alone counts).
 */
interface LandPolygon {
  /** The outline then its holes, open rings of [longitude, latitude]. */
  rings: XY[][];
  /** [west, south, east, north] of the outline. */
  bbox: [number, number, number, number];
}

type Box = [west: number, south: number, east: number, north: number];
/** A point as the datasets give it: [longitude, latitude]. */
type Point = readonly [number, number];

/**
 * Where Natural Earth's land is read: the 48 states, Alaska (both sides of the antimeridian), Hawaii
 * down to Midway, Puerto Rico and the Virgin Islands.
 */
const US_BOXES: readonly Box[] = [
  [-125.5, 24, -66.5, 49.5],
  [-180, 50.5, -129, 72],
  [172, 50.5, 180, 54],
  [-178.5, 18.5, -154.5, 28.5],
  [-68.1, 17.5, -64.4, 18.6],
];

interface Land {
  /** The Census outline's polygons. */
  nation: LandPolygon[];
  /** Natural Earth's polygons, cut to the boxes (a continent becomes a few pieces of a few thousand points). */
  coast: LandPolygon[];
}

let loaded: Land | null = null;

const WHOLE_EARTH: Box = [-180, -90, 180, 90];

function polygonsOf(coordinates: readonly (readonly (readonly number[])[])[][], box?: Box): LandPolygon[] {
  return coordinates.flatMap((polygon) => {
    // Cut first (dropping GeoJSON's closing point), so only the points kept are copied.
    const rings = polygon.map((ring) => clipToRectangle(ring.slice(0, -1) as Point[], box ?? WHOLE_EARTH));
    const outline = rings[0];
    if (!outline || outline.length < 3) return [];
    return [
      { rings: [outline, ...rings.slice(1).filter((hole) => hole.length >= 3)], bbox: bounds(outline) },
    ];
  });
}

const meets = ([w, s, e, n]: Readonly<Box>, [west, south, east, north]: Readonly<Box>) =>
  !(w > east || e < west || s > north || n < south);

/** Both datasets, read and indexed on the first call (about half a second of CPU), then kept. */
function land(): Land {
  if (loaded) return loaded;
  // Read through require: JSON stays out of the server bundle and needs no import attribute.
  const require = createRequire(import.meta.url);
  const us = require('us-atlas/nation-10m.json') as Topology<{ nation: GeometryCollection }>;
  const nation = merge(us, us.objects.nation.geometries as (Polygon | MultiPolygon)[]);
  const world = require('world-atlas/land-10m.json') as Topology<{ land: GeometryCollection }>;
  // The world's land is one multipolygon: only its polygons whose arcs reach a box are decoded.
  const coast = feature(world, { type: 'GeometryCollection', geometries: nearTheBoxes(world) });
  const coastPolygons = coast.features.flatMap((f) =>
    f.geometry.type === 'Polygon'
      ? [f.geometry.coordinates]
      : f.geometry.type === 'MultiPolygon'
        ? f.geometry.coordinates
        : [],
  );
  const outlineBounds = coastPolygons.map((polygon) => bounds((polygon[0] ?? []) as XY[]));
  loaded = {
    nation: polygonsOf(nation.coordinates),
    coast: US_BOXES.flatMap((box) =>
      polygonsOf(
        coastPolygons.filter((_, i) => {
          const b = outlineBounds[i];
          return !!b && meets(b, box);
        }),
        box,
      ),
    ),
  };
  return loaded;
}

/** Reads both datasets now rather than on the first cell cut (tests whose first case would pay for it). */
export function loadLand(): void {
  land();
}

/** The land polygons of Natural Earth's topology whose outline's arcs reach one of the boxes. */
function nearTheBoxes(world: Topology<{ land: GeometryCollection }>): Polygon[] {
  const { transform, arcs } = world;
  const toLng = (x: number) => (transform ? x * transform.scale[0] + transform.translate[0] : x);
  const toLat = (y: number) => (transform ? y * transform.scale[1] + transform.translate[1] : y);
  // Each arc's bounds, read from its (delta-encoded when quantized) points without building them.
  const arcBounds = arcs.map((arc) => {
    let x = 0;
    let y = 0;
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [dx = 0, dy = 0] of arc) {
      x = transform ? x + dx : dx;
      y = transform ? y + dy : dy;
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
    return [toLng(w), toLat(s), toLng(e), toLat(n)] as Box;
  });
  const reaches = (arc: number) => {
    const b = arcBounds[arc < 0 ? ~arc : arc];
    return !!b && US_BOXES.some((box) => meets(b, box));
  };
  return world.objects.land.geometries.flatMap((geometry): Polygon[] => {
    const polygons =
      geometry.type === 'MultiPolygon' ? geometry.arcs : geometry.type === 'Polygon' ? [geometry.arcs] : [];
    return polygons
      .filter(([outline]) => outline?.some(reaches))
      .map((rings) => ({ type: 'Polygon', arcs: rings }));
  });
}

/**
 * A ring cut by an axis-aligned rectangle (Sutherland–Hodgman; the ring need not be convex). Where the
 * ring leaves and comes back, the answer runs along the rectangle's edge and back: zero-width, outside
 * any cell drawn strictly inside the rectangle, and read correctly by polyclip-ts. Written without
 * closures: it runs over the mainland's thousands of points for every coastal cell.
 */
function clipToRectangle(ring: readonly Point[], [west, south, east, north]: Readonly<Box>): XY[] {
  let output: Point[] = ring as Point[];
  for (let side = 0; side < 4 && output.length > 0; side++) {
    const axis = side < 2 ? 0 : 1;
    const bound = [west, east, south, north][side] ?? 0;
    // West and south keep what is above the bound, east and north what is below.
    const sign = side % 2 === 0 ? 1 : -1;
    const input = output;
    output = [];
    let previous = input[input.length - 1] as Point;
    let previousKept = (previous[axis] - bound) * sign >= 0;
    for (const current of input) {
      const kept = (current[axis] - bound) * sign >= 0;
      if (kept !== previousKept) {
        const t = (bound - previous[axis]) / (current[axis] - previous[axis]);
        output.push(
          axis === 0
            ? [bound, previous[1] + (current[1] - previous[1]) * t]
            : [previous[0] + (current[0] - previous[0]) * t, bound],
        );
      }
      if (kept) output.push(current);
      previous = current;
      previousKept = kept;
    }
  }
  return output.map(([x, y]) => [x, y] as XY);
}

/** Past this margin (km) around a cell, the land is cut away before the exact intersection. */
const MARGIN_KM = 0.2;

/** A dataset's land around a cell: its polygons meeting the rectangle, cut to it, in km on the plane. */
function landAround(polygons: readonly LandPolygon[], rectangle: Box, plane: Projection): Shape {
  const local: Shape = [];
  for (const polygon of polygons) {
    if (!meets(polygon.bbox, rectangle)) continue;
    const [outline, ...holes] = polygon.rings
      .map((ring) => clipToRectangle(ring, rectangle))
      .map((ring) => ring.map(([lng, lat]) => plane.toXY(lng, lat)));
    if (!outline || outline.length < 3) continue;
    local.push([
      counterClockwise(outline),
      ...holes.filter((hole) => hole.length >= 3).map((hole) => [...counterClockwise(hole)].reverse()),
    ]);
  }
  return local;
}

const inBoxes = (rectangle: Box) =>
  US_BOXES.some(
    ([w, s, e, n]) => rectangle[0] < e && rectangle[2] > w && rectangle[1] < n && rectangle[3] > s,
  );

/** Whether the land of a cell is the whole cell (one ring of the cell's area). */
const isWhole = (shape: Shape, cellArea: number) => {
  const ring = singleRing(shape);
  return !!ring && Math.abs(area(ring) - cellArea) <= 1e-9 * Math.max(1, cellArea);
};

/**
 * The land in a convex cell drawn on a plane, as a shape in kilometres on that plane: the cell itself
 * when it is all land in both datasets, nothing when it is all water in either. Only the few polygons
 * whose bounds meet the cell are read, and those only within a rectangle just around it, so an inland
 * cell costs next to nothing; a shore cell is cut by each dataset, and the two parts intersected only
 * when both cut it.
 */
export function landIn(cell: Ring, plane: Projection): Shape {
  if (cell.length < 3) return [];
  const [minX, minY, maxX, maxY] = bounds(cell);
  // The plane is equirectangular: a rectangle in kilometres is a rectangle in degrees.
  const [west, south] = plane.toLngLat([minX - MARGIN_KM, minY - MARGIN_KM]);
  const [east, north] = plane.toLngLat([maxX + MARGIN_KM, maxY + MARGIN_KM]);
  const rectangle: Box = [west, south, east, north];
  const ring = counterClockwise(cell);
  const { nation, coast } = land();
  // Inland, the land around the cell is the whole rectangle: convex, so the cell is kept as it is.
  const census = intersectConvex(landAround(nation, rectangle, plane), ring);
  if (census.length === 0 || !inBoxes(rectangle)) return census;
  const natural = intersectConvex(landAround(coast, rectangle, plane), ring);
  const cellArea = area(ring);
  if (natural.length === 0) return [];
  if (isWhole(natural, cellArea)) return census;
  if (isWhole(census, cellArea)) return natural;
  // Should polyclip-ts fail on the two coasts, the Census cut stands: land still, only coarser.
  return intersectRobustly(toClip(census), toClip(natural), () => census);
}
