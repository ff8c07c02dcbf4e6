import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema, type PlacedOrders } from '../../contract/cart';
import {
  type EddmArea,
  type EddmCart,
  type EddmNear,
  type EddmZip,
  eddmCart,
  eddmNear,
  eddmZip,
  routeGeometry,
  type ZipGeometry,
  zipGeometry,
} from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { createApp } from '../../server/app';
import { eddmRouteCache } from '../../server/db/schema';
import { openRouteSource } from '../../server/directMail/openRoutes';
import type { RouteSource } from '../../server/directMail/routeSource';
import { ROUTES_UNAVAILABLE, TOO_MANY_ROUTES, UspsRoutes } from '../../server/directMail/uspsRoutes';
import { keptLog } from '../support/keptLog';
import { startUspsRouteService, type UspsFailure, type UspsRouteService } from '../support/uspsRouteService';
import { DRIVERS, type Harness, manualClock } from './harness';
import { BILLING, caller, marketOfZip, register } from './shop';

const DAY_MS = 86_400_000;

/*
 * EDDM_ROUTES=usps against the local stand-in of USPS's EDDM route service
 * (tests/support/uspsRouteService): its fixtures give 60614 three carrier routes (C001, C002 drawn as two
 * streets, R001; a box section B001 that is not a route) and 60657 two (C010 with its household size
 * written AVG_HH_SIZE, C011 without income or household size). Chicago's every-door placement costs
 * $416 per 1,000 pieces.
 */
describe.each(DRIVERS)('carrier routes from USPS’s EDDM service on %s', (_name, open) => {
  let h: Harness;
  let service: UspsRouteService;
  const clock = manualClock();
  const log = keptLog();
  const call = caller(() => h);

  beforeAll(async () => {
    service = await startUspsRouteService();
    h = await open({
      clock: clock.now,
      logger: log.logger,
      env: {
        EDDM_ROUTES: 'usps',
        EDDM_ROUTES_URL: service.baseUrl,
        EDDM_ROUTES_MAX_AGE: '7',
        EDDM_ROUTES_TIMEOUT: '1',
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await service.close();
  });

  const zipOf = async (zip: string) => {
    const answer = await call<EddmZip>('GET', `/eddm/zip?zip=${zip}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(eddmZip).parse(answer.body).data;
  };

  it('answers /eddm/zip and /eddm/zipgeom from the service: counts, demographics and streets', async () => {
    const zip = await zipOf('60614');
    expect(zip).toMatchObject({
      zip: '60614',
      city: 'Chicago',
      state: 'IL',
      prodcode: await marketOfZip(h, '60614'),
    });
    expect(zip.pricing).toEqual({ mediacode: 'ED508-01', per_thousand_cents: 41_600 });
    expect(zip.routes.map((r) => r.routecode)).toEqual(['60614C001', '60614C002', '60614R001']);
    expect(zip.routes[0]).toEqual({
      routecode: '60614C001',
      crid: 'C001',
      kind: 'city',
      residential: 612,
      business: 18,
      total: 630,
      // The vertex of its streets nearest their middle.
      label: { lat: 41.9247, lng: -87.6521 },
      median_age: 33,
      median_income: 98_214,
      household_size: 1.85,
    });
    expect(zip.routes[2]).toMatchObject({
      kind: 'rural',
      residential: 140,
      median_income: null,
      household_size: 2.6,
    });

    const [asked] = service.asked;
    expect(asked?.pathname).toBe('/arcgis/rest/services/EDDM/selectZIP/GPServer/routes/execute');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      f: 'json',
      'env:outSR': '4326',
      ZIP: '60614',
      Rte_Box: 'R',
      UserName: 'EDDM',
    });

    const geom = await call<ZipGeometry>('GET', '/eddm/zipgeom?zip=60614');
    expect(geom.status).toBe(200);
    const map = envelope(zipGeometry).parse(geom.body).data;
    expect(map.routes.map((r) => r.geometry)).toEqual([
      {
        type: 'LineString',
        coordinates: [
          [-87.6521, 41.9221],
          [-87.6521, 41.9247],
          [-87.6488, 41.9247],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [-87.644, 41.918],
            [-87.644, 41.9212],
            [-87.6398, 41.9212],
          ],
          [
            [-87.644, 41.9196],
            [-87.641, 41.9196],
          ],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [-87.6601, 41.915],
          [-87.6601, 41.9121],
        ],
      },
    ]);
    // The zip code's outline goes around its routes' streets.
    expect(map.bbox).toEqual([-87.6601, 41.9121, -87.6398, 41.9247]);
    expect(zip.bbox).toEqual(map.bbox);
    // A closed ring of at least four positions: an outline missing altogether must not pass as closed.
    expect(map.geometry.type).toBe('Polygon');
    const outline = map.geometry.type === 'Polygon' ? (map.geometry.coordinates[0] ?? []) : [];
    expect(outline.length).toBeGreaterThanOrEqual(4);
    expect(outline.at(-1)).toEqual(outline[0]);

    const bounds = await call('GET', '/eddm/routebounds?routecode=60614c002');
    expect(routeGeometry.parse(bounds.body.data).geometry.type).toBe('MultiLineString');

    // 60657: household size as AVG_HH_SIZE; a route without income or household size has none.
    const lakeview = await zipOf('60657');
    expect(lakeview.routes).toEqual([
      expect.objectContaining({ routecode: '60657C010', household_size: 1.7, median_income: 87_410 }),
      expect.objectContaining({
        routecode: '60657C011',
        household_size: null,
        median_income: null,
        median_age: 29,
      }),
    ]);
    // Each zip code was asked for once: /zipgeom and /routebounds read what /zip kept.
    expect(service.count('selectZIP')).toBe(2);
  });

  it('reads a zip code kept in the database without asking the service again (another process)', async () => {
    const before = service.count('selectZIP');
    const [row] = await h.database.db
      .select()
      .from(eddmRouteCache)
      .where(eq(eddmRouteCache.key, 'zip:60614'));
    expect(row).toMatchObject({ source: 'usps', fetchedAt: clock.now() });
    // A second app on the same database: its memory is empty, the table is not.
    const other = createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      clock: clock.now,
    });
    const answer = await other.request('/api/v1/eddm/zip?zip=60614');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: EddmZip };
    expect(body.data.routes.map((r) => r.routecode)).toEqual(['60614C001', '60614C002', '60614R001']);
    expect(service.count('selectZIP')).toBe(before);
  });

  it('asks again once an answer is older than EDDM_ROUTES_MAX_AGE, serving the kept one when that fails', async () => {
    const before = service.count('selectZIP');
    clock.advance(7 * DAY_MS - 60_000);
    await zipOf('60614');
    expect(service.count('selectZIP'), 'still fresh').toBe(before);

    clock.advance(60_000);
    service.fail('http-500');
    const stale = await zipOf('60614');
    expect(stale.routes).toHaveLength(3);
    expect(service.count('selectZIP')).toBe(before + 1);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({
        level: 40,
        key: 'zip:60614',
        msg: 'the carrier route service did not answer: serving the routes kept from before',
      }),
    );
    // For a minute the kept answer is served without asking again; then the service is asked.
    clock.advance(30_000);
    await zipOf('60614');
    expect(service.count('selectZIP')).toBe(before + 1);
    service.fail(null);
    clock.advance(31_000);
    await zipOf('60614');
    expect(service.count('selectZIP')).toBe(before + 2);
    const [row] = await h.database.db
      .select()
      .from(eddmRouteCache)
      .where(eq(eddmRouteCache.key, 'zip:60614'));
    expect(row?.fetchedAt).toEqual(clock.now());
  });

  it('answers 503 with a sentence when the service fails and nothing was kept, however it fails', async () => {
    const failures: [UspsFailure, string][] = [
      ['http-500', '60601'],
      ['not-json', '60602'],
      ['empty-results', '60603'],
      ['error-object', '60604'],
      ['silent', '60605'],
    ];
    for (const [failure, zip] of failures) {
      service.fail(failure);
      for (const path of [`/eddm/zip?zip=${zip}`, `/eddm/zipgeom?zip=${zip}`]) {
        const answer = await call('GET', path);
        expect(answer.status, `${failure} ${path}`).toBe(503);
        expect(answer.body).toMatchObject({ success: false, message: ROUTES_UNAVAILABLE });
      }
    }
    // For 30 seconds after, a failed zip code is a 503 at once, without asking the service again.
    service.fail(null);
    const asked503 = service.count('selectZIP');
    expect((await call('GET', '/eddm/zip?zip=60601')).status).toBe(503);
    expect(service.count('selectZIP')).toBe(asked503);
    clock.advance(31_000);
    // A zip code the service knows no carrier routes of: none, and its generated area as its outline.
    const none = await zipOf('60601');
    expect(none.routes).toEqual([]);
    const geom = envelope(zipGeometry).parse((await call('GET', '/eddm/zipgeom?zip=60601')).body).data;
    expect(geom.geometry.type).toBe('Polygon');
    // A zip code the catalogue does not have is a 404, never asked of the service.
    const asked = service.asked.length;
    expect((await call('GET', '/eddm/zip?zip=00000')).status).toBe(404);
    expect(service.asked.length).toBe(asked);
  });

  it('GET /eddm/near asks selectNear: the routes within the radius, nearest first, and each zip code’s price', async () => {
    const before = service.count('selectNear');
    const answer = await call<EddmNear>('GET', '/eddm/near?lat=41.92251&lng=-87.65212&miles=0.5');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const near = envelope(eddmNear).parse(answer.body).data;
    // C001 is under the point, C002's streets within half a mile; R001 and Lakeview's routes are beyond it.
    expect(near.routes.map((r) => r.routecode)).toEqual(['60614C001', '60614C002']);
    expect(near.shapes.map((s) => s.routecode)).toEqual(near.routes.map((r) => r.routecode));
    expect(near.pricing).toEqual({ '60614': { mediacode: 'ED508-01', per_thousand_cents: 41_600 } });
    expect(near).toMatchObject({ center: { lat: 41.92251, lng: -87.65212 }, miles: 0.5 });
    const url = service.asked.at(-1);
    expect(url?.pathname).toBe('/arcgis/rest/services/EDDM/selectNear/GPServer/routes/execute');
    expect(url?.searchParams.get('Distance')).toBe('0.5');
    expect(url?.searchParams.get('userName')).toBe('EDDM');
    expect(JSON.parse(url?.searchParams.get('Selecting_Features') ?? '{}')).toEqual({
      geometryType: 'esriGeometryPoint',
      features: [{ geometry: { x: -87.652, y: 41.923, spatialReference: { wkid: 4326 } } }],
      sr: { wkid: 4326 },
    });
    // A point within the same 100 m is the same question: answered from the cache.
    await call('GET', '/eddm/near?lat=41.9226&lng=-87.6518&miles=0.5');
    expect(service.count('selectNear')).toBe(before + 1);

    const wide = envelope(eddmNear).parse(
      (await call('GET', '/eddm/near?lat=41.93&lng=-87.652&miles=2')).body,
    ).data;
    expect(new Set(wide.routes.map((r) => r.routecode.slice(0, 5)))).toEqual(new Set(['60614', '60657']));
    expect(Object.keys(wide.pricing).sort()).toEqual(['60614', '60657']);
    // Radius answers stay in memory: points are countless, the table keeps zip codes only.
    const rows = await h.database.db.select({ key: eddmRouteCache.key }).from(eddmRouteCache);
    expect(rows.filter((r) => r.key.startsWith('near:'))).toEqual([]);
  });

  it('answers 422 asking for a smaller radius when the service’s answer is larger than we read', async () => {
    const small = new UspsRoutes({
      baseUrl: service.baseUrl,
      maxAgeMs: DAY_MS,
      timeoutMs: 1000,
      db: h.database.db,
      clock: clock.now,
      logger: log.logger,
      areas: () => h.catalogue.directMail,
      maxAnswerBytes: 200,
    });
    const other = createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      clock: clock.now,
      routes: small,
    });
    const answer = await other.request('/api/v1/eddm/near?lat=41.93&lng=-87.652&miles=3');
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toBe(TOO_MANY_ROUTES);
  });

  it('POST /eddm/cart and /eddm/campaign/create price the service’s routes', async () => {
    const chosen = await call<EddmCart>('POST', '/eddm/cart', {
      body: { routes: ['60614C001', '60614c002', '60657C010'] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const selection = envelope(eddmCart).parse(chosen.body).data;
    // 612 + 18 + 455 + 41 + 530 + 25 = 1,681 pieces; × $416 / 1,000 = $699.296.
    expect(selection).toMatchObject({ pieces: 1681, cost_cents: 69_930, meets_minimum: true });

    const unknown = await call('POST', '/eddm/cart', { body: { routes: ['60614C001', '60614C003'] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('60614C003');

    const customer = await register(call);
    const created = await call<Cart>('POST', '/eddm/campaign/create', {
      token: customer.token,
      body: { date_start: '2027-01-25', eddmcartid: selection.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cart = envelope(cartSchema).parse(created.body).data;
    expect(cart.contents.items[0]).toMatchObject({ media_type: 'eddm', qty: 1681, price: 699.3 });

    // Placed through a process that has not read these routes yet: they are priced again from the
    // table, read before the order's transaction (on the embedded database a read beside it would wait).
    const other = createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      clock: clock.now,
    });
    const placed = await other.request(`/api/v1/checkout/${cart.uuid}/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({
        billing: BILLING,
        idempotency_key: 'usps-routes-placed-xx',
        item_ids: cart.contents.items.map((i) => i.id),
      }),
    });
    const body = (await placed.json()) as { data: PlacedOrders };
    expect(placed.status, JSON.stringify(body)).toBe(200);
    expect(body.data.orders[0]?.item).toMatchObject({ qty: 1681, price: 699.3 });
  });

  it('lists saved areas when the service fails: an area it cannot count says so, and keeps its zip codes', async () => {
    const customer = await register(call);
    const saved = await call<{ id: string }>('POST', '/eddm/areas', {
      token: customer.token,
      body: { name: 'Lincoln Park', routes: ['60614C001'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unread = await call<{ id: string }>('POST', '/eddm/areas', {
      token: customer.token,
      body: { name: 'Lakeview', routes: ['60657C010'] },
    });
    expect(unread.status, JSON.stringify(unread.body)).toBe(200);
    // Lakeview's routes are not kept any more (not in memory, not in the table) and the service is down.
    await h.database.db.delete(eddmRouteCache).where(eq(eddmRouteCache.key, 'zip:60657'));
    const other = createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      clock: clock.now,
    });
    service.fail('http-500');
    try {
      const listed = await other.request('/api/v1/eddm/areas', {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      const body = (await listed.json()) as { data: { areas: EddmArea[] } };
      expect(listed.status, JSON.stringify(body)).toBe(200);
      const byName = Object.fromEntries(body.data.areas.map((a) => [a.name, a]));
      expect(byName['Lincoln Park']).toMatchObject({
        counts_unavailable: false,
        pieces: 630,
        zips: ['60614'],
      });
      expect(byName.Lakeview).toMatchObject({
        counts_unavailable: true,
        routes: [],
        missing: [],
        pieces: 0,
        zips: ['60657'],
      });
    } finally {
      service.fail(null);
    }
  });

  it('places an order whose routes left the source’s memory after the warm-up, without reading the table inside the transaction', async () => {
    const chosen = await call<EddmCart>('POST', '/eddm/cart', {
      body: { routes: ['60614C001', '60657C011'] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const selection = envelope(eddmCart).parse(chosen.body).data;
    const customer = await register(call);
    const created = await call<Cart>('POST', '/eddm/campaign/create', {
      token: customer.token,
      body: { date_start: '2027-01-25', eddmcartid: selection.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cart = envelope(cartSchema).parse(created.body).data;

    // The source's memory is emptied after its first read (the warm-up before the transaction): a
    // read afterwards would go to the cache table, which on the embedded database waits for the
    // open transaction, which waits for it.
    const fresh = () =>
      openRouteSource(h.config, {
        db: h.database.db,
        clock: clock.now,
        logger: log.logger,
        areas: () => h.catalogue.directMail,
      });
    let current = fresh();
    const forgetful: RouteSource = {
      kind: 'usps',
      get areas() {
        return current.areas;
      },
      zip: (zip) => current.zip(zip),
      route: (code) => current.route(code),
      near: (query) => current.near(query),
      routes: async (codes) => {
        const found = await current.routes(codes);
        current = fresh();
        return found;
      },
    };
    const other = createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      clock: clock.now,
      routes: forgetful,
    });
    const placing = other.request(`/api/v1/checkout/${cart.uuid}/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({
        billing: BILLING,
        idempotency_key: 'usps-routes-forgotten-x',
        item_ids: cart.contents.items.map((i) => i.id),
      }),
    });
    const timedOut = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000).unref());
    const placed = await Promise.race([placing, timedOut]);
    if (placed === 'stuck')
      throw new Error('Placing the order waited on itself (the cache table read inside its transaction).');
    const body = (await placed.json()) as { data: PlacedOrders };
    expect(placed.status, JSON.stringify(body)).toBe(200);
    expect(body.data.orders[0]?.item).toMatchObject({ qty: selection.pieces });
  });
});
