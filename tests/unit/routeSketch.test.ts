import { describe, expect, it } from 'vitest';
import type { Bbox } from '../../contract/directMail';
import { isAreaShape, sketchPath, sketchViewBox } from '../../src/features/map/routeSketch';

/** Web Mercator written the other way (as tests/e2e/directMail.spec.ts points at the map), in the sketch's units. */
const mercator = (lng: number, lat: number) => {
  const phi = (lat * Math.PI) / 180;
  return [
    ((lng + 180) / 360) * 1_000_000,
    ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 1_000_000,
  ] as const;
};

/** The points of a path's `d`, per subpath. */
const subpaths = (d: string) =>
  d
    .split('M')
    .filter(Boolean)
    .map((part) => ({
      closed: part.endsWith('Z'),
      points: part
        .replace('Z', '')
        .split('L')
        .map((pair) => pair.split(' ').map(Number)),
    }));

describe('the routes sketch', () => {
  const chicago: Bbox = [-87.68, 41.91, -87.63, 41.93];

  it('shows the bbox, projected as the map projects it', () => {
    const [x, y, width, height] = sketchViewBox(chicago).split(' ').map(Number);
    const [west, north] = mercator(-87.68, 41.93);
    const [east, south] = mercator(-87.63, 41.91);
    expect(x).toBeCloseTo(west, 1);
    expect(y).toBeCloseTo(north, 1);
    expect(width).toBeCloseTo(east - west, 1);
    expect(height).toBeCloseTo(south - north, 1);
    // Wider than tall here, as the bbox is on a map at this latitude.
    expect(width).toBeGreaterThan(height ?? Number.POSITIVE_INFINITY);
  });

  it('draws an area as closed rings (a hole too) where the map puts them', () => {
    const d = sketchPath({
      type: 'Polygon',
      coordinates: [
        [
          [-87.68, 41.91],
          [-87.63, 41.91],
          [-87.63, 41.93],
          [-87.68, 41.91],
        ],
        [
          [-87.66, 41.915],
          [-87.65, 41.915],
          [-87.65, 41.92],
          [-87.66, 41.915],
        ],
      ],
    });
    const parts = subpaths(d);
    expect(parts.map((part) => part.closed)).toEqual([true, true]);
    const [[x = 0, y = 0] = []] = parts[0]?.points ?? [];
    const [mx, my] = mercator(-87.68, 41.91);
    expect(x).toBeCloseTo(mx, 1);
    expect(y).toBeCloseTo(my, 1);
  });

  it('draws every polygon of a multipolygon, and streets as open lines', () => {
    const square = (lng: number) => [
      [
        [lng, 41.9],
        [lng + 0.01, 41.9],
        [lng + 0.01, 41.91],
        [lng, 41.9],
      ] as [number, number][],
    ];
    expect(
      subpaths(sketchPath({ type: 'MultiPolygon', coordinates: [square(-87.7), square(-87.6)] })),
    ).toHaveLength(2);
    const line = sketchPath({
      type: 'MultiLineString',
      coordinates: [
        [
          [-87.68, 41.91],
          [-87.67, 41.92],
        ],
        [
          [-87.66, 41.91],
          [-87.65, 41.92],
          [-87.64, 41.92],
        ],
      ],
    });
    expect(subpaths(line).map((part) => [part.closed, part.points.length])).toEqual([
      [false, 2],
      [false, 3],
    ]);
  });

  it('tells areas (filled) from streets (stroked)', () => {
    expect(isAreaShape({ type: 'MultiPolygon', coordinates: [] })).toBe(true);
    expect(isAreaShape({ type: 'LineString', coordinates: [] })).toBe(false);
  });
});
