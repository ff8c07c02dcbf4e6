import booleanIntersects from '@turf/boolean-intersects';
import circle from '@turf/circle';
import { point } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import type { RouteGeometry } from '../../contract/directMail';
import { buildGeography } from '../../server/db/seed/geography';
import { DirectMailAreas } from '../../server/directMail/areas';
import { bboxOf, polygonOf } from '../../server/directMail/geoJson';
import { nearRoutes } from '../../server/directMail/nearRoutes';

/**
 * "Every route within N miles" of the business (issue 34, acceptance 4), on the generated routes. Whether
 * a route reaches the circle is checked with turf's geodesic circle (256 sides, inscribed in the true
 * circle) rather than the distance nearRoutes measures: a route it returns meets a circle 0.1 % wider,
 * and a route it leaves out meets none 0.1 % narrower.
 */
const geography = buildGeography();
const areas = new DirectMailAreas({ zips: geography.zips, markets: geography.markets });

/** Lincoln Park, Chicago: 60614's own point, on land. */
const LINCOLN_PARK = { lat: 41.9229, lng: -87.6483 };
/** Lake Michigan, east of Lincoln Park. */
const LAKE = { lat: 41.93, lng: -87.6 };

const ring = (center: { lat: number; lng: number }, miles: number) =>
  circle([center.lng, center.lat], miles, { units: 'miles', steps: 256 });

/** Every route of the zip codes whose points are within `km` of a point, as nearRoutes draws them. */
function routesAround(center: { lat: number; lng: number }, km: number): RouteGeometry[] {
  return areas.points.within(center.lat, center.lng, km).flatMap(({ point: zip }) => {
    const found = areas.routesOf(zip.zip);
    if (!found) return [];
    return found.routes.map(({ route, shape }) => {
      const geometry = polygonOf(shape, found.area.projection);
      return { routecode: route.routecode, geometry, bbox: bboxOf(geometry) };
    });
  });
}

function expectExactlyWithin(center: { lat: number; lng: number }, miles: number) {
  const answer = nearRoutes(areas, { ...center, miles });
  const returned = new Set(answer.routes.map((r) => r.routecode));
  expect(answer.shapes.map((s) => s.routecode)).toEqual(answer.routes.map((r) => r.routecode));
  const wider = ring(center, miles * 1.001);
  for (const shape of answer.shapes)
    expect(booleanIntersects(wider, shape.geometry), shape.routecode).toBe(true);
  const narrower = ring(center, miles * 0.999);
  const around = routesAround(center, miles * 1.609344 + 10);
  const left = around.filter((shape) => !returned.has(shape.routecode));
  for (const shape of left) expect(booleanIntersects(narrower, shape.geometry), shape.routecode).toBe(false);
  return { answer, around, left };
}

describe('nearRoutes: every generated route within N miles of a point', () => {
  it('finds the routes of several zip codes within a mile of Lincoln Park, nearest first', () => {
    const { answer, left } = expectExactlyWithin(LINCOLN_PARK, 1);
    const zips = new Set(answer.routes.map((r) => r.routecode.slice(0, 5)));
    expect(zips.size).toBeGreaterThanOrEqual(3);
    expect(zips.has('60614')).toBe(true);
    // The first is the route under the point.
    const first = answer.shapes[0];
    if (!first) throw new Error('No route near Lincoln Park');
    expect(booleanIntersects(point([LINCOLN_PARK.lng, LINCOLN_PARK.lat]), first.geometry)).toBe(true);
    // Routes just past the mile exist, and are left out.
    const justOutside = left.filter((shape) => booleanIntersects(ring(LINCOLN_PARK, 1.3), shape.geometry));
    expect(justOutside.length).toBeGreaterThan(0);
    // The box holds the circle and every route.
    const [west, south, east, north] = answer.bbox;
    for (const shape of answer.shapes) {
      expect(shape.bbox[0]).toBeGreaterThanOrEqual(west);
      expect(shape.bbox[1]).toBeGreaterThanOrEqual(south);
      expect(shape.bbox[2]).toBeLessThanOrEqual(east);
      expect(shape.bbox[3]).toBeLessThanOrEqual(north);
    }
    expect(west).toBeLessThan(LINCOLN_PARK.lng - 0.018);
    expect(north).toBeGreaterThan(LINCOLN_PARK.lat + 0.0144);
  });

  it('orders routes by their distance from the point', () => {
    const answer = nearRoutes(areas, { ...LINCOLN_PARK, miles: 1 });
    // Each route meets a circle no larger than the next one's (circles of 64 sides, 0.05 miles apart).
    const reach = (geometry: RouteGeometry['geometry']) => {
      for (let miles = 0.05; miles <= 1.1; miles += 0.05) {
        const circle64 = circle([LINCOLN_PARK.lng, LINCOLN_PARK.lat], miles, { units: 'miles', steps: 64 });
        if (booleanIntersects(circle64, geometry)) return miles;
      }
      return Number.POSITIVE_INFINITY;
    };
    const steps = answer.shapes.map((s) => reach(s.geometry));
    for (let i = 1; i < steps.length; i++)
      expect(steps[i] ?? 0, answer.shapes[i]?.routecode).toBeGreaterThanOrEqual(
        (steps[i - 1] ?? 0) - 0.05001,
      );
  });

  it('finds at least the route under a point on land at a tenth of a mile', () => {
    const { answer } = expectExactlyWithin(LINCOLN_PARK, 0.1);
    expect(answer.routes.length).toBeGreaterThanOrEqual(1);
    const under = answer.shapes.filter((s) =>
      booleanIntersects(point([LINCOLN_PARK.lng, LINCOLN_PARK.lat]), s.geometry),
    );
    expect(under.map((s) => s.routecode)).toEqual([answer.routes[0]?.routecode]);
  });

  it('finds nothing in the lake, and only shore routes that reach the circle from there', () => {
    expect(nearRoutes(areas, { ...LAKE, miles: 0.1 }).routes).toEqual([]);
    const { answer } = expectExactlyWithin(LAKE, 2);
    expect(answer.routes.length).toBeGreaterThan(0);
    for (const shape of answer.shapes)
      expect(booleanIntersects(point([LAKE.lng, LAKE.lat]), shape.geometry), shape.routecode).toBe(false);
  });

  it('answers the same every time, in a few milliseconds once the zip codes are computed', () => {
    const query = { ...LINCOLN_PARK, miles: 3 };
    const first = nearRoutes(areas, query);
    const started = performance.now();
    const again = nearRoutes(areas, query);
    const ms = performance.now() - started;
    expect(again).toEqual(first);
    expect(ms).toBeLessThan(250);
  });
});
