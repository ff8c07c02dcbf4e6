import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema, type PlacedOrders } from '../../contract/cart';
import {
  type AbdmQuote,
  type AbdmRates,
  abdmQuote,
  abdmRates,
  type EddmCart,
  type EddmZip,
  eddmCart,
  eddmMediaType,
  eddmZip,
  type MarketGeo,
  marketGeo,
  nearbyMarket,
  ROUTECODE,
  type RouteShape,
  routeGeometry,
  zipGeometry,
} from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { cartItems, media } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';
import { BILLING, caller, cartCookie, marketOfZip, placement, register } from './shop';

type Position = [number, number];

/** Whether a point [lng, lat] is inside a GeoJSON ring (ray crossing). */
function inRing(ring: readonly Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inGeometry(geo: MarketGeo['geo'], point: Position): boolean {
  const polygons = geo.type === 'Polygon' ? [geo.coordinates] : geo.coordinates;
  return polygons.some(
    ([outer, ...holes]) => !!outer && inRing(outer, point) && !holes.some((h) => inRing(h, point)),
  );
}

function expectClosedRings(geo: MarketGeo['geo'] | RouteShape) {
  if (geo.type === 'LineString' || geo.type === 'MultiLineString')
    throw new Error(`${geo.type} is not an area`);
  const rings = geo.type === 'Polygon' ? geo.coordinates : geo.coordinates.flat();
  expect(rings.length).toBeGreaterThan(0);
  for (const ring of rings) {
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(ring[0]).toEqual(ring.at(-1));
  }
}

/*
 * Counts and prices worked out by hand from the seed (a deterministic catalogue) and the harness
 * clock (Monday 11 January 2027). Chicago's every-door placement ED508-01 costs $416 per 1,000
 * pieces; its drop weeks are the 26 Mondays from next Monday, 18 Jan 2027, which is on sale (one week
 * in 7 is sold out: those whose number from Monday 5 Jan 1970 is 3 modulo 7; 18 Jan 2027 is week
 * 2,976 = 7 × 425 + 1, so 1 Feb is the first sold out). The first routes of 60614, as
 * [residential, business, total]: C001 [369, 18, 387], C002 [652, 41, 693], C003 [383, 41, 424],
 * C004 [608, 54, 662], C005 [389, 22, 411]. A mailing costs pieces × rate / 1,000, rounded to the cent.
 */
const EDDM = 'ED508-01';

describe.each(DRIVERS)('direct mail API on %s', (_name, open) => {
  let h: Harness;
  let chicago: string;
  let eddm: Awaited<ReturnType<typeof placement>>;
  let zip60614: EddmZip;
  const clock = manualClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    chicago = await marketOfZip(h, '60614');
    eddm = await placement(h, 'eddm', { prodcode: chicago });
    const answer = await call<EddmZip>('GET', '/eddm/zip?zip=60614');
    zip60614 = envelope(eddmZip).parse(answer.body).data;
  });
  afterAll(async () => {
    await h.close();
  });

  /** An every-door selection of the first `count` routes of 60614. */
  const selection = async (count: number, residentialOnly = false) => {
    const routes = zip60614.routes.slice(0, count).map((r) => r.routecode);
    const answer = await call<EddmCart>('POST', '/eddm/cart', {
      body: { routes, residential_only: residentialOnly },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(eddmCart).parse(answer.body).data;
  };

  describe('GET /eddm/zip', () => {
    it('lists the zip code’s carrier routes with counts, its market and its every-door price', async () => {
      const answer = await call<EddmZip>('GET', '/eddm/zip?zip=60614');
      expect(answer.status).toBe(200);
      const data = zip60614;
      expect(data).toMatchObject({ zip: '60614', city: 'Chicago', state: 'IL', prodcode: chicago });
      expect(data.market).toBe('Chicago, IL');
      expect(data.pricing).toEqual({ mediacode: EDDM, per_thousand_cents: 41_600 });
      // 28 routes since the zip code's area stops at Lake Michigan (issue 34): a smaller area, more routes.
      expect(data.routes).toHaveLength(28);
      expect(data.routes[0]).toMatchObject({
        routecode: '60614C001',
        residential: 369,
        business: 18,
        total: 387,
      });
      const [west, south, east, north] = data.bbox;
      for (const route of data.routes) {
        expect(route.routecode).toMatch(ROUTECODE);
        expect(route.routecode).toBe(`60614${route.crid}`);
        expect(route.total).toBe(route.residential + route.business);
        expect(route.label.lng).toBeGreaterThanOrEqual(west);
        expect(route.label.lng).toBeLessThanOrEqual(east);
        expect(route.label.lat).toBeGreaterThanOrEqual(south);
        expect(route.label.lat).toBeLessThanOrEqual(north);
      }
      expect(new Set(data.routes.map((r) => r.routecode)).size).toBe(data.routes.length);
      // The same routes every time.
      expect((await call('GET', '/eddm/zip?zip=%2060614%20')).body.data).toEqual(answer.body.data);
    });

    it('answers 404 for an unknown zip code and 400 for a malformed one, with a message', async () => {
      const unknown = await call('GET', '/eddm/zip?zip=00000');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, message: expect.stringContaining('00000') });
      for (const query of ['zip=6061', 'zip=abcde', 'zip=606140', '', 'zip[]=60614&zip[]=60657']) {
        const bad = await call('GET', `/eddm/zip?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message, query).toMatch(/zip/i);
      }
    });
  });

  describe('GET /eddm/zipgeom and /eddm/routebounds', () => {
    it('draws the zip code as a closed GeoJSON polygon, longitude first, around its centre', async () => {
      const answer = await call('GET', '/eddm/zipgeom?zip=60614');
      expect(answer.status).toBe(200);
      const data = envelope(zipGeometry).parse(answer.body).data;
      expect(data.geometry.type).toBe('Polygon');
      expectClosedRings(data.geometry);
      const ring = data.geometry.coordinates[0] as Position[];
      expect(ring.every(([lng, lat]) => lng < -87 && lng > -88.5 && lat > 41 && lat < 42.5)).toBe(true);
      expect(inRing(ring, [zip60614.center.lng, zip60614.center.lat])).toBe(true);
      expect((await call('GET', '/eddm/zipgeom?zip=00000')).status).toBe(404);
      expect((await call('GET', '/eddm/zipgeom?zip=x')).status).toBe(400);
    });

    it('draws each route inside its zip code, with its label inside it', async () => {
      const zipRing = envelope(zipGeometry).parse((await call('GET', '/eddm/zipgeom?zip=60614')).body).data
        .geometry.coordinates[0] as Position[];
      for (const route of zip60614.routes.slice(0, 8)) {
        const answer = await call('GET', `/eddm/routebounds?routecode=${route.routecode.toLowerCase()}`);
        expect(answer.status).toBe(200);
        const data = envelope(routeGeometry).parse(answer.body).data;
        expect(data.routecode).toBe(route.routecode);
        expectClosedRings(data.geometry);
        const ring = data.geometry.coordinates[0] as Position[];
        expect(inRing(ring, [route.label.lng, route.label.lat])).toBe(true);
        // Every corner of the route is in the zip code (or on its edge, within rounding).
        const [west, south, east, north] = envelope(zipGeometry).parse(
          (await call('GET', '/eddm/zipgeom?zip=60614')).body,
        ).data.bbox;
        for (const [lng, lat] of ring) {
          expect(lng).toBeGreaterThanOrEqual(west - 1e-6);
          expect(lng).toBeLessThanOrEqual(east + 1e-6);
          expect(lat).toBeGreaterThanOrEqual(south - 1e-6);
          expect(lat).toBeLessThanOrEqual(north + 1e-6);
        }
        expect(inRing(zipRing, [route.label.lng, route.label.lat])).toBe(true);
      }
    });

    it('the zip code’s outline carries every route’s area, as /eddm/routebounds draws it', async () => {
      const outline = envelope(zipGeometry).parse((await call('GET', '/eddm/zipgeom?zip=60614')).body).data;
      expect(outline.routes.map((r) => r.routecode)).toEqual(zip60614.routes.map((r) => r.routecode));
      for (const shape of outline.routes) {
        const alone = await call('GET', `/eddm/routebounds?routecode=${shape.routecode}`);
        expect(envelope(routeGeometry).parse(alone.body).data).toEqual(shape);
      }
    });

    it('answers 404 for a route that does not exist and 400 for a malformed code', async () => {
      const missing = await call('GET', '/eddm/routebounds?routecode=60614C999');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toContain('60614C999');
      expect((await call('GET', '/eddm/routebounds?routecode=00000C001')).status).toBe(404);
      for (const query of ['routecode=60614', 'routecode=60614X001', '']) {
        const bad = await call('GET', `/eddm/routebounds?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message).toMatch(/route/i);
      }
    });
  });

  describe('every-door selections (POST /eddm/cart, POST and GET /eddm/cart/{id})', () => {
    it('saves, reads and replaces a selection with its pieces and price', async () => {
      const created = await selection(3);
      // C001–C003, every door: 387 + 693 + 424 = 1,504 pieces; 1,504 × $416 / 1,000 = $625.664.
      expect(created).toMatchObject({
        routes: zip60614.routes.slice(0, 3),
        residential_only: false,
        pieces: 1504,
        cost_cents: 62_566,
        cost_formatted: '$626',
        pricing: { mediacode: EDDM, per_thousand_cents: 41_600 },
        meets_minimum: true,
        updated_at: '2027-01-11T09:00:00.000Z',
      });

      const read = await call<EddmCart>('GET', `/eddm/cart/${created.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created);

      const two = zip60614.routes.slice(3, 5);
      clock.advance(60_000);
      const updated = await call<EddmCart>('POST', `/eddm/cart/${created.id}`, {
        body: { routes: two.map((r) => r.routecode.toLowerCase()), residential_only: true },
      });
      expect(updated.status).toBe(200);
      const data = envelope(eddmCart).parse(updated.body).data;
      // C004 and C005, homes only: 608 + 389 = 997 pieces, $414.752.
      expect(data).toMatchObject({
        id: created.id,
        routes: two,
        residential_only: true,
        pieces: 997,
        cost_cents: 41_475,
        updated_at: '2027-01-11T09:01:00.000Z',
      });
      expect((await call('GET', `/eddm/cart/${created.id}`)).body.data).toEqual(data);

      const empty = await call<EddmCart>('POST', `/eddm/cart/${created.id}`, { body: { routes: [] } });
      expect(empty.body.data).toMatchObject({ routes: [], pieces: 0, cost_cents: 0, meets_minimum: false });
    });

    it('refuses unknown routes by name, malformed bodies, and unknown or malformed ids', async () => {
      const unknown = await call('POST', '/eddm/cart', {
        body: { routes: [zip60614.routes[0]?.routecode, '60614C999', '00000R001'] },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toContain('60614C999');
      expect(unknown.body.message).toContain('00000R001');
      for (const body of [
        { routes: ['6061'] },
        { routes: 'nope' },
        { routes: [{ $gt: '' }] },
        { routes: Array.from({ length: 301 }, (_, i) => `60614C${String(i).padStart(3, '0')}`) },
        { routes: [], residential_only: 'maybe' },
      ]) {
        const bad = await call('POST', '/eddm/cart', { body });
        expect(bad.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(bad.body.success).toBe(false);
      }
      expect((await call('POST', '/eddm/cart', { body: [] })).status).toBe(400);
      const missing = '2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
      expect((await call('GET', `/eddm/cart/${missing}`)).status).toBe(404);
      expect((await call('POST', `/eddm/cart/${missing}`, { body: { routes: [] } })).status).toBe(404);
      expect((await call('GET', '/eddm/cart/not-a-uuid')).status).toBe(400);
    });

    it('keeps a selection to 20 zip codes and a request to 64 KB, so no request costs much', async () => {
      const spread = Array.from({ length: 21 }, (_, i) => `${String(60601 + i)}C001`);
      const wide = await call('POST', '/eddm/cart', { body: { routes: spread } });
      expect(wide.status).toBe(422);
      expect(wide.body.message).toContain('at most 20 zip codes');
      const huge = await call('POST', '/eddm/cart', { body: { routes: [], pad: 'x'.repeat(70_000) } });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toContain('too large');
    });
  });

  it('GET /media/type/eddm says how every-door mail is sold', async () => {
    const answer = await call('GET', '/media/type/eddm');
    expect(answer.status).toBe(200);
    const data = envelope(eddmMediaType).parse(answer.body).data;
    expect(data.minimum_pieces).toBe(200);
    expect(data.maximum_pieces).toBeGreaterThan(data.minimum_pieces);
    expect(data.includes.length).toBeGreaterThan(0);
  });

  describe('POST /eddm/campaign/create', () => {
    it('adds one item priced per 1,000 pieces to the cookie cart, then to the cart it names', async () => {
      const chosen = await selection(3, true);
      const week = '2027-01-18';
      const answer = await call<Cart>('POST', '/eddm/campaign/create', {
        form: true,
        body: { date_start: week, eddmcartid: chosen.id, cartid: '' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const cart = envelope(cartSchema).parse(answer.body).data;
      expect(cartCookie(answer.body)?.value).toBe(cart.uuid);
      expect(cart.contents.items).toHaveLength(1);
      // C001–C003, homes only: 369 + 652 + 383 = 1,404 pieces; 1,404 × $416 / 1,000 = $584.064.
      expect(cart.contents.items[0]).toMatchObject({
        mediacode: EDDM,
        media_type: 'eddm',
        qty: 1404,
        dates: [week],
        price: 584.06,
        // Its page reads the routes back, to ask before the same mailing is added twice.
        campaign: true,
        eddm: { routes: chosen.routes.map((r) => r.routecode), residential_only: true },
        summary: {
          summary_title: 'Every Door Direct Mail: 60614',
          summary_line_1: '3 carrier routes · 1,404 pieces (residential only)',
          summary_line_2: 'Drop week of Jan 18, 2027',
        },
      });
      expect(cart.total).toBe(584.06);
      const [row] = await h.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.id, cart.contents.items[0]?.id ?? 0));
      expect(row?.details).toEqual({
        kind: 'eddm',
        routes: chosen.routes.map((r) => r.routecode),
        residential_only: true,
        zips: ['60614'],
        // Each route's pieces as bought (homes only), for the order page, the invoice and its PDF.
        route_pieces: Object.fromEntries(chosen.routes.map((r) => [r.routecode, r.residential])),
      });

      // The cookie's cart takes the next campaign; a named cart takes it too.
      const again = await call<Cart>('POST', '/eddm/campaign/create', {
        cookie: `adlane_cart_id=${cart.uuid}`,
        body: { date_start: week, eddmcartid: chosen.id },
      });
      expect(again.body.data.uuid).toBe(cart.uuid);
      expect(again.body.data.contents.items).toHaveLength(2);
      const named = await call<Cart>('POST', '/eddm/campaign/create', {
        body: { date_start: week, eddmcartid: chosen.id, cartid: cart.uuid },
      });
      expect(named.body.data.contents.items).toHaveLength(3);
      const unknownCart = await call('POST', '/eddm/campaign/create', {
        body: { date_start: week, eddmcartid: chosen.id, cartid: '2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d' },
      });
      expect(unknownCart.status).toBe(404);
    });

    it('refuses a selection below 200 pieces, a week that is not on sale, and missing fields', async () => {
      const week = '2027-01-18';
      const none = await selection(0);
      const small = await call('POST', '/eddm/campaign/create', {
        body: { date_start: week, eddmcartid: none.id },
      });
      expect(small.status).toBe(422);
      expect(small.body.message).toContain('at least 200 households');

      const chosen = await selection(2);
      const notMonday = await call('POST', '/eddm/campaign/create', {
        body: { date_start: '2027-01-19', eddmcartid: chosen.id },
      });
      expect(notMonday.status).toBe(422);
      expect(notMonday.body.message).toMatch(/not a Monday.*choose a drop week/);
      const past = await call('POST', '/eddm/campaign/create', {
        body: { date_start: '2020-01-06', eddmcartid: chosen.id },
      });
      expect(past.status).toBe(422);
      expect(past.body.message).toContain('no longer available. Choose a drop week from 2027-01-18 on');
      const missing = await call<{ errors: Record<string, string> }>('POST', '/eddm/campaign/create', {
        body: {},
      });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.data.errors).sort()).toEqual(['date_start', 'eddmcartid']);
      const unknown = await call('POST', '/eddm/campaign/create', {
        body: { date_start: week, eddmcartid: '2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toMatch(/every-door selection/);
      const garbage = await call('POST', '/eddm/campaign/create', {
        body: { date_start: ['x'], eddmcartid: { a: 1 } },
      });
      expect(garbage.status).toBe(422);
      expect(garbage.body.message).not.toMatch(/^Invalid/);
      const badCart = await call('POST', '/eddm/campaign/create', {
        body: { date_start: week, eddmcartid: chosen.id, cartid: 'nope' },
      });
      expect(badCart.status).toBe(422);
      expect(badCart.body.message).toMatch(/cart id is not valid/);
    });

    it('is ordered at checkout, priced again with the placement’s current price', async () => {
      const customer = await register(call);
      const chosen = await selection(4);
      const week = '2027-01-18';
      const created = await call<Cart>('POST', '/eddm/campaign/create', {
        token: customer.token,
        body: { date_start: week, eddmcartid: chosen.id },
      });
      expect(created.status).toBe(200);
      const cart = envelope(cartSchema).parse(created.body).data;
      const place = (key: string) =>
        call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
          token: customer.token,
          body: {
            billing: BILLING,
            idempotency_key: key.padEnd(20, 'x'),
            item_ids: cart.contents.items.map((i) => i.id),
          },
        });

      await h.database.db
        .update(media)
        .set({ unitPriceCents: eddm.unitPriceCents + 1000 })
        .where(eq(media.mediacode, eddm.mediacode));
      try {
        const refused = await place(`eddm-price-${Date.now()}`);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/^Nothing was ordered\. The price of .+ is now \$[\d,]+/);
        const placed = await place(`eddm-place-${Date.now()}`);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const [order] = placed.body.data.orders;
        expect(placed.body.data.orders).toHaveLength(1);
        // C001–C004, every door: 387 + 693 + 424 + 662 = 2,166 pieces at the new $426 per 1,000: $922.716.
        expect(order?.item).toMatchObject({
          qty: 2166,
          price: 922.72,
          summary: { summary_title: 'Every Door Direct Mail: 60614' },
        });
      } finally {
        await h.database.db
          .update(media)
          .set({ unitPriceCents: eddm.unitPriceCents })
          .where(eq(media.mediacode, eddm.mediacode));
      }
    });
  });

  describe('audience mail (GET /abdm/rates, POST /abdm/campaign/quote and /create)', () => {
    const ZIPS = ['60614', '60657', '60613'];
    let rate: AbdmRates['rates'][number];

    beforeAll(async () => {
      const answer = await call('GET', `/abdm/rates?prodcode=${chicago.toLowerCase()}`);
      const rates = envelope(abdmRates).parse(answer.body).data;
      expect(rates.rates).toHaveLength(2);
      rate = rates.rates[0] as AbdmRates['rates'][number];
    });

    it('lists every audience placement as a rate, or those of a market or zip code', async () => {
      const all = envelope(abdmRates).parse((await call('GET', '/abdm/rates')).body).data;
      expect(all.rates.length).toBe(2 * 210);
      expect(all).toMatchObject({ minimum_pieces: 500, maximum_zipcodes: 50 });
      expect(rate).toMatchObject({ prodcode: chicago, market: 'Chicago, IL' });
      expect(rate.name).toBe(`Audience mail: ${rate.list}`);
      expect(rate.per_thousand_formatted).toMatch(/^\$\d+$/);
      const byZip = envelope(abdmRates).parse((await call('GET', '/abdm/rates?zip=60614')).body).data;
      expect(byZip.rates.map((r) => r.mediacode)).toEqual(
        all.rates.filter((r) => r.prodcode === chicago).map((r) => r.mediacode),
      );
      expect((await call('GET', '/abdm/rates?prodcode=MKT999')).status).toBe(404);
      expect((await call('GET', '/abdm/rates?zip=00000')).status).toBe(404);
      expect((await call('GET', '/abdm/rates?zip=abc')).status).toBe(400);
    });

    it('quotes three zip codes: households, matching households, pieces, price and drop weeks', async () => {
      const answer = await call<AbdmQuote>('POST', '/abdm/campaign/quote', {
        form: true,
        body: { mediacode: rate.mediacode.toLowerCase(), zipcodes: ZIPS.join(', ') },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const quote = envelope(abdmQuote).parse(answer.body).data;
      expect(quote.zipcodes.map((z) => z.zip)).toEqual(ZIPS);
      // Households are the homes of each zip code's routes (60614's 28 routes hold 14,257); the
      // seed's "New parents" list matches a share of them.
      expect(quote.zipcodes).toEqual([
        { zip: '60614', city: 'Chicago', state: 'IL', households: 14_257, matching: 855 },
        { zip: '60657', city: 'Chicago', state: 'IL', households: 14_065, matching: 844 },
        { zip: '60613', city: 'Chicago', state: 'IL', households: 13_032, matching: 782 },
      ]);
      expect(zip60614.routes.reduce((sum, r) => sum + r.residential, 0)).toBe(14_257);
      // 855 + 844 + 782 = 2,481 pieces at $735 per 1,000: $1,823.535, $1,823.54 to the cent.
      expect(quote).toMatchObject({
        mediacode: 'AB508-01',
        list: 'New parents',
        pieces: 2481,
        per_thousand_cents: 73_500,
        total_cents: 182_354,
        total_formatted: '$1,824',
        minimum_pieces: 500,
        meets_minimum: true,
      });
      // Its drop weeks are the list's weeks on sale: the 26 Mondays from next Monday (18 Jan 2027, week
      // 2,976 from 5 Jan 1970), less the 4 sold out, one in 8 at offset 1: weeks 2,977 (25 Jan), 2,985
      // (22 Mar), 2,993 (17 May) and 3,001 (12 Jul).
      expect(quote.drop_weeks.slice(0, 4)).toEqual(['2027-01-18', '2027-02-01', '2027-02-08', '2027-02-15']);
      expect(quote.drop_weeks).toHaveLength(22);
      expect(quote.drop_weeks).not.toContain('2027-01-25');
      for (const week of quote.drop_weeks) expect(new Date(`${week}T00:00:00`).getDay()).toBe(1);
      // JSON with an array says the same.
      const json = await call('POST', '/abdm/campaign/quote', {
        body: { mediacode: rate.mediacode, zipcodes: ZIPS },
      });
      expect(json.body.data).toEqual(quote);
    });

    it('still quotes below the minimum, saying so', async () => {
      // A small zip code of the Chicago market: Roselawn, IN, 362 households, 22 of them new parents.
      const answer = await call<AbdmQuote>('POST', '/abdm/campaign/quote', {
        body: { mediacode: rate.mediacode, zipcodes: '46372' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        zipcodes: [{ zip: '46372', city: 'Roselawn', state: 'IN', households: 362, matching: 22 }],
        pieces: 22,
        meets_minimum: false,
      });
      expect(answer.body.message).toMatch(/at least 500/);
      const refused = await call('POST', '/abdm/campaign/create', {
        body: { mediacode: rate.mediacode, zipcodes: '46372', date_start: '2027-02-01' },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/at least 500/);
    });

    it('refuses unknown placements, other media, and missing, malformed, unknown or too many zip codes', async () => {
      const cases: [unknown, string, RegExp][] = [
        [{ mediacode: 'AB999-99', zipcodes: '60614' }, 'mediacode', /no placement/],
        [{ mediacode: eddm.mediacode, zipcodes: '60614' }, 'mediacode', /not audience mail/],
        [{ zipcodes: '60614' }, 'mediacode', /mailing list/],
        [{ mediacode: rate.mediacode }, 'zipcodes', /zip codes/],
        [{ mediacode: rate.mediacode, zipcodes: ' , ' }, 'zipcodes', /zip codes/],
        [{ mediacode: rate.mediacode, zipcodes: '60614,6061x' }, 'zipcodes', /"6061x" is not a zip code/],
        [{ mediacode: rate.mediacode, zipcodes: '60614,00000' }, 'zipcodes', /00000/],
        [
          {
            mediacode: rate.mediacode,
            zipcodes: Array.from({ length: 51 }, (_, i) => String(60600 + i)).join(','),
          },
          'zipcodes',
          /at most 50/,
        ],
        [{ mediacode: ['x'], zipcodes: { a: 1 } }, 'mediacode', /./],
        // A list is sold for its market: a zip code elsewhere is named.
        [
          { mediacode: rate.mediacode, zipcodes: '60614,10001' },
          'zipcodes',
          /10001 is outside the .* market/,
        ],
      ];
      for (const [body, field, message] of cases) {
        const answer = await call<{ errors: Record<string, string> }>('POST', '/abdm/campaign/quote', {
          body,
        });
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(answer.body.data.errors[field], JSON.stringify(answer.body)).toMatch(message);
        expect(answer.body.message).toMatch(message);
      }
    });

    it('creates the campaign as one cart item describing the zip codes', async () => {
      // The three zip codes make 2,481 pieces, over the minimum: $1,823.54 (see the quote above).
      const week = '2027-02-01';
      const answer = await call<Cart>('POST', '/abdm/campaign/create', {
        form: true,
        body: { mediacode: rate.mediacode, zipcodes: ZIPS.join(','), date_start: week },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const cart = envelope(cartSchema).parse(answer.body).data;
      expect(cart.contents.items).toHaveLength(1);
      expect(cart.contents.items[0]).toMatchObject({
        mediacode: 'AB508-01',
        media_type: 'abdm',
        qty: 2481,
        price: 1823.54,
        dates: [week],
        summary: {
          summary_title: 'Audience mail: New parents',
          summary_line_1: expect.stringContaining('2,481 pieces'),
          summary_line_2: 'Drop week of Feb 1, 2027',
        },
      });
      const [row] = await h.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.id, cart.contents.items[0]?.id ?? 0));
      expect(row?.details).toEqual({ kind: 'abdm', zipcodes: ZIPS });

      // Ordered as it is: the same pieces and price when checked again.
      const customer = await register(call);
      await call('GET', `/me?cart=${cart.uuid}`, { token: customer.token });
      const placed = await call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
        token: customer.token,
        body: {
          billing: BILLING,
          idempotency_key: `abdm-${Date.now()}`.padEnd(20, 'x'),
          item_ids: cart.contents.items.map((i) => i.id),
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.data.orders[0]?.item.price).toBe(1823.54);
      const intoPlaced = await call('POST', '/abdm/campaign/create', {
        token: customer.token,
        body: { mediacode: rate.mediacode, zipcodes: ZIPS, date_start: week, cartid: cart.uuid },
      });
      expect(intoPlaced.status).toBe(409);
      expect(intoPlaced.body.message).toMatch(/already ordered/);

      const notMonday = await call('POST', '/abdm/campaign/create', {
        body: { mediacode: rate.mediacode, zipcodes: ZIPS, date_start: '2027-02-03' },
      });
      expect(notMonday.status).toBe(422);
      expect(notMonday.body.message).toMatch(/drop week/);
    });
  });

  describe('GET /market/geo and /market/nearby', () => {
    it('draws the market as the union of its zip code areas, around most of its zip codes', async () => {
      const answer = await call<MarketGeo>('GET', `/market/geo?prodcode=${chicago}`);
      expect(answer.status).toBe(200);
      const data = envelope(marketGeo).parse(answer.body).data;
      expect(data).toMatchObject({ prodcode: chicago, name: 'Chicago, IL' });
      expectClosedRings(data.geo);
      const zips = h.catalogue.directMail.points.zipsOfMarket(chicago);
      const inside = zips.filter((z) => inGeometry(data.geo, [z.longitude, z.latitude]));
      expect(inside.length / zips.length).toBeGreaterThan(0.95);
      const [west, south, east, north] = data.bbox;
      expect(west).toBeLessThan(data.center.lng);
      expect(east).toBeGreaterThan(data.center.lng);
      expect(south).toBeLessThan(data.center.lat);
      expect(north).toBeGreaterThan(data.center.lat);
      expect((await call('GET', `/market/geo?prodcode=${chicago}`)).body.data).toEqual(data);
      expect((await call('GET', '/market/geo?prodcode=MKT999')).status).toBe(404);
      expect((await call('GET', '/market/geo')).status).toBe(400);
      expect((await call('GET', '/market/geo?prodcode=%3Cscript%3E')).status).toBe(400);
    });

    it('finds the market of a point, selling the media type asked for', async () => {
      const { lat, lng } = zip60614.center;
      const plain = await call('GET', `/market/nearby?lat=${lat}&lng=${lng}`);
      expect(plain.status).toBe(200);
      expect(envelope(nearbyMarket).parse(plain.body).data).toMatchObject({
        prodcode: chicago,
        name: 'Chicago, IL',
        mediacode: null,
      });
      const typed = await call('GET', `/market/nearby?lat=${lat}&lng=${lng}&mediacode=${eddm.mediacode}`);
      expect(typed.body.data).toMatchObject({ prodcode: chicago, mediacode: eddm.mediacode });
      expect((typed.body.data as { distance_miles: number }).distance_miles).toBeLessThan(20);
      const email = await placement(h, 'email');
      const national = await call('GET', `/market/nearby?lat=${lat}&lng=${lng}&mediacode=${email.mediacode}`);
      expect(national.body.data).toMatchObject({ prodcode: chicago, mediacode: null });
    });

    it('refuses bad numbers and unknown placements with a message', async () => {
      for (const query of [
        'lat=abc&lng=1',
        'lat=41',
        'lat=&lng=',
        'lat=91&lng=0',
        'lat=0&lng=200',
        'lat=1e400&lng=0',
      ]) {
        const bad = await call('GET', `/market/nearby?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message, query).toMatch(/lat|lng/);
      }
      expect((await call('GET', '/market/nearby?lat=41&lng=-87&mediacode=%24%24')).status).toBe(400);
      expect((await call('GET', '/market/nearby?lat=41&lng=-87&mediacode=ZZ999-99')).status).toBe(404);
    });
  });
});
