import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EddmNear, eddmNear, MAX_NEAR_MILES } from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { DRIVERS, type Harness, manualClock } from './harness';
import { caller } from './shop';

const KM_PER_MILE = 1.609344;

/** Kilometres between two points (haversine): written here, not the server's own measure. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/* GET /eddm/near on the offline, generated routes (the default EDDM_ROUTES). */
describe.each(DRIVERS)('GET /eddm/near on generated routes on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);
  beforeAll(async () => {
    h = await open({ clock: manualClock().now });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers the routes within the radius, nearest first, with their shapes and each zip code’s price', async () => {
    const center = { lat: 41.9214, lng: -87.6513 };
    const answer = await call<EddmNear>('GET', `/eddm/near?lat=${center.lat}&lng=${center.lng}&miles=1.5`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const near = envelope(eddmNear).parse(answer.body).data;
    expect(near).toMatchObject({ center, miles: 1.5 });
    expect(near.routes.length).toBeGreaterThan(5);
    // Each route reaches within the radius somewhere (its label may lie beyond it): at least its box
    // does. tests/server/nearRoutes.test.ts checks the shapes themselves against a circle.
    for (const shape of near.shapes) {
      const [w, s, e, n] = shape.bbox;
      const closest = {
        lng: Math.min(Math.max(center.lng, w), e),
        lat: Math.min(Math.max(center.lat, s), n),
      };
      expect(km(center, closest)).toBeLessThanOrEqual(1.5 * KM_PER_MILE * 1.01);
    }
    expect(near.shapes.map((s) => s.routecode)).toEqual(near.routes.map((r) => r.routecode));
    const zips = [...new Set(near.routes.map((r) => r.routecode.slice(0, 5)))].sort();
    expect(zips).toContain('60614');
    expect(Object.keys(near.pricing).sort()).toEqual(zips);
    expect(near.pricing['60614']).toEqual({ mediacode: 'ED508-01', per_thousand_cents: 41_600 });
    const [west, south, east, north] = near.bbox;
    for (const route of near.routes) {
      expect(route.label.lng).toBeGreaterThanOrEqual(west);
      expect(route.label.lng).toBeLessThanOrEqual(east);
      expect(route.label.lat).toBeGreaterThanOrEqual(south);
      expect(route.label.lat).toBeLessThanOrEqual(north);
    }
  });

  it('answers no routes in the middle of the ocean, around the circle asked for', async () => {
    const near = envelope(eddmNear).parse((await call('GET', '/eddm/near?lat=30&lng=-40&miles=2')).body).data;
    expect(near).toMatchObject({ routes: [], shapes: [], pricing: {} });
    expect(near.bbox[0]).toBeLessThan(-40);
    expect(near.bbox[2]).toBeGreaterThan(-40);
  });

  it('refuses a missing, empty or out-of-range point or radius with a sentence (400)', async () => {
    const bad: [string, RegExp][] = [
      ['', /lat/],
      ['lat=41.92&lng=-87.65', /miles/],
      ['lat=&lng=-87.65&miles=1', /lat/],
      ['lat=41.92&lng=abc&miles=1', /lng/],
      ['lat=91&lng=-87.65&miles=1', /lat/i],
      ['lat=41.92&lng=-181&miles=1', /lng/i],
      ['lat=41.92&lng=-87.65&miles=0', /at least 0.1 miles/],
      [`lat=41.92&lng=-87.65&miles=${MAX_NEAR_MILES + 1}`, new RegExp(`at most ${MAX_NEAR_MILES} miles`)],
    ];
    for (const [query, message] of bad) {
      const answer = await call('GET', `/eddm/near?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success, query).toBe(false);
      expect(answer.body.message, query).toMatch(message);
      expect(answer.body.message, query).toMatch(/[.:]/);
    }
    expect(MAX_NEAR_MILES, 'the page offers at most 5 miles').toBe(5);
  });

  it('refuses (422) a radius whose routes span more zip codes than one mailing covers', async () => {
    // Midtown Manhattan: dozens of zip codes within 5 miles.
    const answer = await call('GET', '/eddm/near?lat=40.758&lng=-73.9855&miles=5');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(
      /^Within 5 miles there are routes in \d+ zip codes, more than the 20 one mailing covers\. Choose a smaller radius\.$/,
    );
  });
});

/** The connection a request arrives on, as @hono/node-server hands it to the app. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe.each(DRIVERS)('GET /eddm/near per client address on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open({ clock: manualClock().now, env: { LIMIT_EDDM_NEAR_PER_ADDRESS: '2/1m' } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 429 with a sentence once an address has had its share (LIMIT_EDDM_NEAR_PER_ADDRESS)', async () => {
    const ask = (address: string) =>
      h.app.request('/api/v1/eddm/near?lat=41.9214&lng=-87.6513&miles=0.5', {}, from(address));
    expect((await ask('203.0.113.7')).status).toBe(200);
    expect((await ask('203.0.113.7')).status).toBe(200);
    const refused = await ask('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const body = (await refused.json()) as { message: string };
    expect(body.message).toMatch(
      /^Many radius searches came from your network in a short time\. Try again in /,
    );
    // Another address still has its own.
    expect((await ask('203.0.113.8')).status).toBe(200);
  });
});
