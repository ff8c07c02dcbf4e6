import { createRequire } from 'node:module';
import { merge } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import { bounds, counterClockwise, type Projection, type Ring, type XY } from './plane';
import { intersectConvex, type Shape } from './shapes';

/**
 * Where there is land: the United States of the Census Bureau's cartographic boundary (clipped to the
 * shoreline, the Great Lakes included), 1:10,000,000, as us-atlas's `nation-10m.json` ships it. At that
 * scale the coast is drawn to within a few hundred metres: piers, small islands and narrow bays (Boston
 * Harbor's inner islands, Biscayne Bay behind Miami Beach, Elliott Bay) are not in it (see the README's
 * "Direct mail data"). Loaded once, on first use, and indexed by each polygon's bounds.
 */
interface LandPolygon {
  /** The outline then its holes, open rings of [longitude, latitude]. */
  rings: XY[][];
  /** [west, south, east, north] of the outline. */
  bbox: [number, number, number, number];
}

let landPolygons: LandPolygon[] | null = null;

function land(): LandPolygon[] {
  if (landPolygons) return landPolygons;
  // Read through require: JSON stays out of the server bundle and needs no import attribute.
  const topology = createRequire(import.meta.url)('us-atlas/nation-10m.json') as Topology<{
    nation: GeometryCollection;
  }>;
  const nation = merge(topology, topology.objects.nation.geometries as (Polygon | MultiPolygon)[]);
  landPolygons = nation.coordinates.flatMap((polygon) => {
    const rings = polygon.map((ring) => ring.slice(0, -1).map(([lng, lat]) => [lng ?? 0, lat ?? 0] as XY));
    const outline = rings[0];
    return outline && outline.length >= 3 ? [{ rings, bbox: bounds(outline) }] : [];
  });
  return landPolygons;
}

/**
 * A ring cut by an axis-aligned rectangle (Sutherland–Hodgman; the ring need not be convex). Where the
 * ring leaves and comes back, the answer runs along the rectangle's edge and back: zero-width, outside
 * any cell drawn strictly inside the rectangle, and read correctly by polyclip-ts. Written without
 * closures: it runs over the mainland's thousands of points for every coastal cell.
 */
function clipToRectangle(ring: readonly XY[], [west, south, east, north]: readonly number[]): XY[] {
  let output: XY[] = ring as XY[];
  for (let side = 0; side < 4 && output.length > 0; side++) {
    const axis = side < 2 ? 0 : 1;
    const bound = [west, east, south, north][side] ?? 0;
    // West and south keep what is above the bound, east and north what is below.
    const sign = side % 2 === 0 ? 1 : -1;
    const input = output;
    output = [];
    let previous = input[input.length - 1] as XY;
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
  return output;
}

/** Past this margin (km) around a cell, the land is cut away before the exact intersection. */
const MARGIN_KM = 0.2;

/**
 * The land in a convex cell drawn on a plane, as a shape in kilometres on that plane: the cell itself
 * when it is all land, nothing when it is all water. Only the few land polygons whose bounds meet the
 * cell are read, and those only within a rectangle just around it, so an inland cell costs next to nothing.
 */
export function landIn(cell: Ring, plane: Projection): Shape {
  if (cell.length < 3) return [];
  const [minX, minY, maxX, maxY] = bounds(cell);
  // The plane is equirectangular: a rectangle in kilometres is a rectangle in degrees.
  const [west, south] = plane.toLngLat([minX - MARGIN_KM, minY - MARGIN_KM]);
  const [east, north] = plane.toLngLat([maxX + MARGIN_KM, maxY + MARGIN_KM]);
  const rectangle = [west, south, east, north];

  const local: Shape = [];
  for (const polygon of land()) {
    const [w, s, e, n] = polygon.bbox;
    if (w > east || e < west || s > north || n < south) continue;
    const [outline, ...holes] = polygon.rings
      .map((ring) => clipToRectangle(ring, rectangle))
      .map((ring) => ring.map(([lng, lat]) => plane.toXY(lng, lat)));
    if (!outline || outline.length < 3) continue;
    local.push([
      counterClockwise(outline),
      ...holes.filter((hole) => hole.length >= 3).map((hole) => [...counterClockwise(hole)].reverse()),
    ]);
  }
  // Inland, the land around the cell is the whole rectangle: convex, so the cell is kept as it is.
  return intersectConvex(local, counterClockwise(cell));
}

/** Whether a point (degrees) is on land, as the dataset draws it. */
export function isLand(lat: number, lng: number): boolean {
  const inRing = (ring: readonly XY[]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as XY;
      const [xj, yj] = ring[j] as XY;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  return land().some(({ rings: [outline, ...holes], bbox: [w, s, e, n] }) => {
    if (lng < w || lng > e || lat < s || lat > n || !outline) return false;
    return inRing(outline) && !holes.some(inRing);
  });
}
