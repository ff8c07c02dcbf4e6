import type { AreaGeometry, Bbox } from '../../contract/directMail';
import { bounds, type Projection, type Ring } from './plane';

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

export const polygonOf = (ring: Ring, plane: Projection): AreaGeometry => ({
  type: 'Polygon',
  coordinates: [geoRing(ring, plane)],
});

/** [west, south, east, north] of a geometry: the bounds of its points, which are [lng, lat]. */
export function bboxOf(geometry: AreaGeometry): Bbox {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  return bounds(rings.flat());
}
