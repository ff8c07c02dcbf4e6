import type { AreaGeometry, Bbox } from '../../contract/directMail';
import { bounds, type Projection, type Ring } from './plane';
import type { Shape } from './shapes';

type Position = [number, number];

/** Degrees to six decimals (about 10 cm): enough for a map, and equal points stay equal. */
export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** An open ring in kilometres as a closed GeoJSON ring (longitude first, counter-clockwise kept). */
export function geoRing(ring: Ring, plane: Projection): Position[] {
  const positions = ring.map((point) => {
    const [lng, lat] = plane.toLngLat(point);
    return [round6(lng), round6(lat)] as Position;
  });
  const first = positions[0];
  if (first) positions.push([first[0], first[1]]);
  return positions;
}

/** A shape as GeoJSON: a Polygon when it is one polygon, else a MultiPolygon (islands, a bay between). */
export function polygonOf(shape: Shape, plane: Projection): AreaGeometry {
  const polygons = shape.map((polygon) => polygon.map((ring) => geoRing(ring, plane)));
  const [only] = polygons;
  return polygons.length === 1 && only
    ? { type: 'Polygon', coordinates: only }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** [west, south, east, north] of a geometry: the bounds of its points, which are [lng, lat]. */
export function bboxOf(geometry: AreaGeometry): Bbox {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  return bounds(rings.flat());
}
