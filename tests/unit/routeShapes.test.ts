import booleanIntersects from '@turf/boolean-intersects';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouteShape } from '../../contract/directMail';
import { circleBbox, shapeTouchesRing } from '../../contract/routeShapes';

/** [longitude, latitude], mutable as GeoJSON's and turf's types want it. */
type Position = [number, number];

const square = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('which routes a drawn area touches', () => {
  const block: RouteShape = { type: 'Polygon', coordinates: [square(0, 0, 10), square(4, 4, 2)] };

  it('touches a route it crosses, holds, lies in, or meets at an edge, and not one apart or in its hole', () => {
    expect(shapeTouchesRing(block, square(8, 8, 5))).toBe(true);
    expect(shapeTouchesRing(block, square(-5, -5, 30))).toBe(true);
    expect(shapeTouchesRing(block, square(1, 1, 1))).toBe(true);
    expect(shapeTouchesRing(block, square(10, 0, 3))).toBe(true);
    expect(shapeTouchesRing(block, square(11, 0, 3))).toBe(false);
    // Inside the hole (a park in the middle of the route): no address there.
    expect(shapeTouchesRing(block, square(4.5, 4.5, 1))).toBe(false);
  });

  it('touches a route drawn as streets when the area crosses or holds one', () => {
    const streets: RouteShape = {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [10, 0],
        ],
        [
          [20, 20],
          [20, 30],
        ],
      ],
    };
    expect(shapeTouchesRing(streets, square(5, -1, 2))).toBe(true);
    expect(shapeTouchesRing(streets, square(19, 22, 2))).toBe(true);
    expect(shapeTouchesRing(streets, square(5, 1, 2))).toBe(false);
    expect(shapeTouchesRing(streets, [[5, 1]])).toBe(false);
  });

  it('agrees with turf on triangles and streets on a small grid (edges and corners meeting included)', () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }));
    const area = (a: Position, b: Position, c: Position) =>
      (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    const triangle = fc
      .tuple(point, point, point)
      .filter(([a, b, c]) => area(a, b, c) !== 0)
      .map(([a, b, c]): Position[] => [a, b, c, a]);
    const street = fc
      .array(point, { minLength: 2, maxLength: 4 })
      .filter((points) => points.every((p, i) => i === 0 || p.join() !== points[i - 1]?.join()));
    const shape = fc.oneof(
      triangle.map((ring): RouteShape => ({ type: 'Polygon', coordinates: [ring] })),
      street.map((line): RouteShape => ({ type: 'LineString', coordinates: line })),
    );
    fc.assert(
      fc.property(shape, triangle, (route, ring) => {
        const drawn = { type: 'Polygon' as const, coordinates: [ring] };
        expect(shapeTouchesRing(route, ring)).toBe(booleanIntersects(route, drawn));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the box around a radius', () => {
  it('spans twice the radius north to south, and wider east to west away from the equator', () => {
    const [west, south, east, north] = circleBbox({ lat: 60, lng: -150 }, 6.9);
    // A degree of latitude is 69.09 miles; at 60° a degree of longitude is half of that.
    expect(north - south).toBeCloseTo(0.2, 2);
    expect(east - west).toBeCloseTo(0.4, 2);
    expect((west + east) / 2).toBeCloseTo(-150, 9);
  });
});
