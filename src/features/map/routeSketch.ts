import type { AreaGeometry, Bbox, RouteShape } from '../../../contract/directMail';

/*
 * The routes of a zip code drawn as SVG paths, in the Web Mercator projection the map uses: what the
 * page shows (and lets a visitor click) from the moment the routes arrive until the WebGL map has
 * drawn them, and instead of the map in a browser that cannot show it. Pure: numbers in, path
 * strings out.
 */

/** A point in Web Mercator's unit square: x east from 180° W, y south from the top (85° N). */
const project = ([lng, lat]: readonly number[]): [number, number] => {
  const clamped = Math.max(-85.05, Math.min(85.05, lat ?? 0));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [((lng ?? 0) + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
};

/** The sketch's own units: the unit square scaled so coordinates stay well above rounding. */
const SCALE = 1_000_000;

/** The SVG viewBox showing `bbox` exactly (the element's padding is the margin, as the map's is). */
export function sketchViewBox(bbox: Bbox): string {
  const [west, south, east, north] = bbox;
  const [x0, y0] = project([west, north]);
  const [x1, y1] = project([east, south]);
  return [x0, y0, x1 - x0, y1 - y0].map((n) => (n * SCALE).toFixed(2)).join(' ');
}

const ring = (points: readonly (readonly number[])[], close: boolean) =>
  points
    .map((point, index) => {
      const [x, y] = project(point);
      return `${index ? 'L' : 'M'}${(x * SCALE).toFixed(2)} ${(y * SCALE).toFixed(2)}`;
    })
    .join('') + (close ? 'Z' : '');

/** Whether a shape is drawn filled (an area) or stroked (the streets of a USPS route). */
export const isAreaShape = (shape: RouteShape): shape is AreaGeometry =>
  shape.type === 'Polygon' || shape.type === 'MultiPolygon';

/** The `d` of an SVG path drawing a shape: rings closed for areas, open lines for streets. */
export function sketchPath(shape: RouteShape): string {
  switch (shape.type) {
    case 'Polygon':
      return shape.coordinates.map((points) => ring(points, true)).join('');
    case 'MultiPolygon':
      return shape.coordinates.flatMap((polygon) => polygon.map((points) => ring(points, true))).join('');
    case 'LineString':
      return ring(shape.coordinates, false);
    case 'MultiLineString':
      return shape.coordinates.map((points) => ring(points, false)).join('');
  }
}
