import { intersection } from 'polyclip-ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTECODE } from '../../contract/directMail';
import { buildGeography } from '../../server/db/seed/geography';
import { DirectMailAreas } from '../../server/directMail/areas';
import { BoundedCache } from '../../server/directMail/cache';
import { loadLand } from '../../server/directMail/land';
import { polygonsOf } from '../../server/directMail/marketAreas';
import {
  area,
  centroid,
  clipConvex,
  contains,
  convexHull,
  type Ring,
  type XY,
} from '../../server/directMail/plane';
import { type Shape, shapeArea, shapeContains, toClip } from '../../server/directMail/shapes';

/** The catalogue's zip codes and markets, as the server reads them from its seeded database. */
const geography = buildGeography();
const rows = { zips: geography.zips, markets: geography.markets };

/** Whether a point is inside a ring or within `tolerance` km of its edges. */
function insideOrOnEdge(ring: Ring, point: XY, tolerance = 1e-6): boolean {
  if (contains(ring, point)) return true;
  return ring.some((a, i) => {
    const b = ring[(i + 1) % ring.length] as XY;
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(
      0,
      Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy)),
    );
    return Math.hypot(a[0] + t * dx - point[0], a[1] + t * dy - point[1]) <= tolerance;
  });
}

/** Whether a point is inside a shape or within `tolerance` km of one of its rings' edges. */
const inShape = (shape: Shape, point: XY, tolerance = 1e-6): boolean =>
  shapeContains(shape, point) ||
  shape.some((polygon) => polygon.some((ring) => onEdge(ring, point, tolerance)));
function onEdge(ring: Ring, point: XY, tolerance: number): boolean {
  return !contains(ring, point) && insideOrOnEdge(ring, point, tolerance);
}
const corners = (shape: Shape): XY[] => shape.flatMap((polygon) => polygon.flat());
const overlapKm2 = (a: Shape, b: Shape) =>
  polygonsOf(intersection(toClip(a), toClip(b))).reduce(
    (sum, polygon) => sum + area((polygon[0] ?? []).slice(0, -1)),
    0,
  );

/** A spread of zip codes: big cities, towns, islands, Alaska, and every 800th zip code. */
const SAMPLE = [
  '60614',
  '10001',
  '10118',
  '94103',
  '59001',
  '99546',
  '96799',
  '00601',
  '33139',
  ...geography.zips.filter((_, i) => i % 800 === 0).map((z) => z.zip),
];

describe('generated zip code areas and carrier routes', () => {
  let areas: DirectMailAreas;
  beforeAll(() => {
    areas = new DirectMailAreas(rows);
    // The land datasets take about half a second to read: here, not in the first case's 5 s.
    loadLand();
  });

  it('cuts every zip code into routes that exactly cover it', () => {
    for (const zip of SAMPLE) {
      const found = areas.routesOf(zip);
      if (!found) throw new Error(`No routes for ${zip}`);
      const { area: zipArea, routes } = found;
      expect(zipArea.areaKm2, zip).toBeGreaterThan(0);
      const total = routes.reduce((sum, r) => sum + shapeArea(r.shape), 0);
      expect(Math.abs(total / zipArea.areaKm2 - 1), zip).toBeLessThan(0.01);
      for (const route of routes) {
        for (const corner of corners(route.shape)) expect(inShape(zipArea.shape, corner), zip).toBe(true);
      }
    }
  });

  it('never overlaps two routes of a zip code', () => {
    for (const zip of ['60614', '59001', '10001']) {
      const routes = areas.routesOf(zip)?.routes ?? [];
      expect(routes.length, zip).toBeGreaterThan(1);
      for (let i = 0; i < routes.length; i++) {
        for (let j = i + 1; j < routes.length; j++) {
          const overlap = overlapKm2(routes[i]?.shape ?? [], routes[j]?.shape ?? []);
          expect(overlap, `${zip} ${i} ${j}`).toBeLessThan(1e-6);
        }
      }
    }
  });

  it('labels each route at a point inside it, and codes and counts routes like USPS', () => {
    for (const zip of SAMPLE) {
      const found = areas.routesOf(zip);
      if (!found) throw new Error(`No routes for ${zip}`);
      const rural = found.area.areaKm2 > 60;
      expect(found.routes.length, zip).toBeGreaterThanOrEqual(rural ? 2 : 6);
      expect(found.routes.length, zip).toBeLessThanOrEqual(rural ? 8 : 30);
      for (const { route, shape } of found.routes) {
        expect(route.routecode).toMatch(ROUTECODE);
        expect(route.routecode.slice(0, 5)).toBe(zip);
        const label = found.area.projection.toXY(route.label.lng, route.label.lat);
        expect(inShape(shape, label, 1e-3), route.routecode).toBe(true);
        const [min, max] =
          route.kind === 'city' ? [250, 750] : route.kind === 'rural' ? [120, 450] : [40, 220];
        expect(route.residential).toBeGreaterThanOrEqual(min);
        expect(route.residential).toBeLessThanOrEqual(max);
        expect(route.total).toBe(route.residential + route.business);
      }
    }
  });

  it('is the same on every run', () => {
    const again = new DirectMailAreas(rows);
    for (const zip of SAMPLE.slice(0, 20)) {
      // Both runs must find the zip code: two misses would compare equal.
      const [routes, routesAgain] = [areas.routesOf(zip), again.routesOf(zip)];
      const [area, areaAgain] = [areas.zipArea(zip), again.zipArea(zip)];
      if (!routes || !routesAgain || !area || !areaAgain) throw new Error(`No routes or area for ${zip}`);
      expect(routesAgain.routes).toEqual(routes.routes);
      expect(areaAgain.shape).toEqual(area.shape);
    }
  });

  it('gives neighbouring zip codes areas that meet without overlapping', () => {
    const chicago = areas.zipArea('60614');
    if (!chicago) throw new Error('No 60614');
    const neighbours = areas.points
      .within(chicago.zip.lat, chicago.zip.lng, 4)
      .map((n) => n.point.zip)
      .filter((zip) => zip !== '60614' && areas.zip(zip)?.prodcode === chicago.zip.prodcode)
      .slice(0, 8);
    expect(neighbours.length).toBeGreaterThan(2);
    let touching = 0;
    for (const zip of neighbours) {
      const other = areas.zipArea(zip);
      if (!other) throw new Error(`No area for ${zip}`);
      expect(overlapKm2(chicago.shape, other.shape)).toBeLessThan(1e-4);
      if (corners(other.shape).some((corner) => inShape(chicago.shape, corner, 1e-6))) touching += 1;
    }
    expect(touching).toBeGreaterThan(0);
  });

  it('gives every zip code sharing its coordinates with others an area of its own', () => {
    const byPoint = new Map<string, string[]>();
    for (const z of geography.zips) {
      const key = `${z.latitude},${z.longitude}`;
      byPoint.set(key, [...(byPoint.get(key) ?? []), z.zip]);
    }
    const shared = [...byPoint.values()].find((list) => list.length >= 5) ?? [];
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const zip of shared.slice(0, 5)) expect(areas.zipArea(zip)?.areaKm2).toBeGreaterThan(0.01);
  });

  it('draws a market as one outline around (nearly) all of its zip codes', () => {
    const prodcode = geography.zips.find((z) => z.zip === '60614')?.prodcode ?? '';
    const market = areas.marketArea(prodcode);
    expect(market?.method).toBe('union');
    const geometry = market?.geometry;
    if (!geometry) throw new Error('No market area');
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const zips = areas.points.zipsOfMarket(prodcode);
    const inside = zips.filter((z) =>
      polygons.some((p) => contains((p[0] ?? []).slice(0, -1) as XY[], [z.longitude, z.latitude])),
    );
    expect(inside.length / zips.length).toBeGreaterThan(0.95);
    expect(areas.marketArea('MKT999')).toBeNull();
  });

  it('knows nothing of unknown zip codes and routes', () => {
    expect(areas.zipArea('00000')).toBeNull();
    expect(areas.routesOf('00000')).toBeNull();
    expect(areas.route('60614C999')).toBeNull();
    expect(areas.route('garbage')).toBeNull();
    const first = areas.routesOf('60614')?.routes[0]?.route.routecode ?? '';
    expect(areas.route(first.toLowerCase())?.route.route.routecode).toBe(first);
  });
});

describe('plane helpers', () => {
  const square: Ring = [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ];

  it('measures, centres and tests points of polygons', () => {
    expect(area(square)).toBe(4);
    expect(centroid(square)).toEqual([1, 1]);
    expect(contains(square, [1, 1])).toBe(true);
    expect(contains(square, [3, 1])).toBe(false);
    expect(area(convexHull([...square, [1, 1], [1, 0.5]]))).toBe(4);
  });

  it('clips a convex polygon by another', () => {
    const shifted: Ring = square.map(([x, y]) => [x + 1, y + 1]);
    expect(area(clipConvex(square, shifted))).toBeCloseTo(1, 12);
    expect(
      clipConvex(
        square,
        square.map(([x, y]) => [x + 5, y] as XY),
      ),
    ).toEqual([]);
    expect(area(clipConvex([...square].reverse(), square))).toBeCloseTo(4, 12);
  });

  it('keeps only the most recently used entries of a bounded cache', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.through('d', () => 4)).toBe(4);
    expect(cache.size).toBe(2);
  });
});
