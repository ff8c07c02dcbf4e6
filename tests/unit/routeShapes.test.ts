import booleanIntersects from '@turf/boolean-intersects';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouteShape } from '../../contract/directMail';
import { circleBbox, shapeTouchesRing } from '../../contract/routeShapes';

/** [longitude, latitude], mutable as GeoJSON's and turf's types want it. */
type Position = [number, number];

/**
 * Whether turf says a route and a drawn area meet, and a corner of the area on the route's line
 * counts too: turf 7.4's boolean-intersects misses a LineString that meets a Polygon only along one
 * of its edges (it looks for the line's points in the polygon and for crossings, never for the
 * polygon's corners on the line; its fix for two lines, Turfjs/turf#3097, left that case out).
 */
const touchesByTurf = (route: RouteShape, ring: Position[]) =>
  booleanIntersects(route, { type: 'Polygon', coordinates: [ring] }) ||
  ring.some((corner) => booleanIntersects({ type: 'Point', coordinates: corner }, route));

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

  it('touches a street when a drawn edge runs along it (where turf 7.4 says apart)', () => {
    // fast-check's counterexamples (seed -434966547, path "255:3:6:6:7:8:8"; and a second one):
    // the drawn edge (3,2)-(3,1) lies on the street x=3, yet no corner of the street is on the area.
    const street = (coordinates: Position[]): RouteShape => ({ type: 'LineString', coordinates });
    const alongX3: Position[] = [
      [3, 1],
      [4, 0],
      [3, 2],
      [3, 1],
    ];
    const alongX1: Position[] = [
      [3, 8],
      [7, 7],
      [1, 6],
      [3, 8],
    ];
    const lines: [RouteShape, Position[]][] = [
      [
        street([
          [3, 3],
          [3, 0],
          [0, 0],
        ]),
        alongX3,
      ],
      [
        street([
          [1, 8],
          [1, 5],
          [1, 4],
        ]),
        alongX1,
      ],
    ];
    for (const [line, ring] of lines) {
      expect(shapeTouchesRing(line, ring)).toBe(true);
      expect(touchesByTurf(line, ring)).toBe(true);
    }
    // A drawn corner touching the street's side, and one just off it.
    const side = street([
      [0, 0],
      [0, 10],
    ]);
    expect(shapeTouchesRing(side, square(0, 4, 2))).toBe(true);
    expect(shapeTouchesRing(side, square(0.001, 4, 2))).toBe(false);
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
        expect(shapeTouchesRing(route, ring)).toBe(touchesByTurf(route, ring));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts a corner drawn on a street as touching it at longitude and latitude scale', () => {
    // A point interpolated on a street is off it by a rounding error, on either side: the lasso
    // whose corner is that point, drawn away from the street on one side, still touches it.
    const degrees = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    const chicago = fc.tuple(degrees(-87.75, -87.6), degrees(41.85, 42));
    fc.assert(
      fc.property(chicago, chicago, degrees(0.01, 0.99), fc.boolean(), (a, b, t, left) => {
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
        fc.pre(length > 1e-6);
        const on: Position = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        // 0.001° (about 100 m) away from the street, square to it, on one side.
        const away = (left ? 0.001 : -0.001) / length;
        const normal: Position = [-(b[1] - a[1]) * away, (b[0] - a[0]) * away];
        const along: Position = [(b[0] - a[0]) * (0.001 / length), (b[1] - a[1]) * (0.001 / length)];
        const ring: Position[] = [
          on,
          [on[0] + normal[0], on[1] + normal[1]],
          [on[0] + normal[0] + along[0], on[1] + normal[1] + along[1]],
          on,
        ];
        expect(shapeTouchesRing({ type: 'LineString', coordinates: [a, b] }, ring)).toBe(true);
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
