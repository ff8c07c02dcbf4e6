import type { AreaGeometry, Bbox } from '../../contract/directMail';
import type { Projection, Ring } from './plane';

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

/** [west, south, east, north] of a geometry. */
export function bboxOf(geometry: AreaGeometry): Bbox {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}
