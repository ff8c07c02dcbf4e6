import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminPlacement,
  adminPlacement,
  type PlacementInput,
  type PlacementRow,
  placementRow,
} from '../../contract/adminCatalogue';
import { media as mediaWire } from '../../contract/media';
import type { Quote } from '../../contract/quote';
import { auditLog } from '../../server/db/schema';
import { siteHits } from './catalogueReach';
import { DRIVERS, type Harness, manualClock } from './harness';
import { customer, detailOf, onlyNumber, placeOrders } from './orderShop';
import { type Answer, availabilityOf, caller, marketOfZip } from './shop';
import { staffSession } from './staffFixtures';

/*
 * Issue 31, acceptance 4: the back office's catalogue editor, on the harness clock (Monday 11 January
 * 2027). TV508-01, Chicago's first TV station, sells $4,620 spots, 5 to 50 a week in steps of 5, and
 * one week in 8 is sold out from 18 January (tests/server/quote.test.ts works its dates out by hand):
 * 25 January, 1 and 8 February are on sale, each due the Friday before.
 */
const TV = 'TV508-01';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(DRIVERS)('the catalogue editor on %s', (_name, open) => {
  let h: Harness;
  let admin: string;
  let rep: string;
  let production: string;
  let chicago: string;
  const clock = manualClock();
  const call = caller(() => h);

  async function staffCall<T = unknown>(method: Method, path: string, token: string | null, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await h.app.request(`/api/v1/admin${path}`, { method, headers, body: payload });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  }

  const edited = async (code: string) => {
    const answer = await staffCall<AdminPlacement>('GET', `/placements/${code}`, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return adminPlacement.parse(answer.body.data);
  };

  const save = async (code: string, patch: Partial<PlacementInput>, token = admin) => {
    const { version } = await edited(code);
    return staffCall<AdminPlacement>('PATCH', `/placements/${code}`, token, { ...patch, version });
  };

  const shopFinds = async (text: string) => {
    const answer = await call<{ items: { mediacode: string }[] }>(
      'POST',
      `/media/search?search=${encodeURIComponent(text)}`,
    );
    return answer.body.data.items.map((item) => item.mediacode);
  };

  const quoteOf = (code: string, dates: string[], quantity: number) =>
    call<Quote>(
      'GET',
      `/media/${code}/quote?${dates.map((d) => `dates[]=${d}`).join('&')}&quantity=${quantity}`,
    );

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    chicago = await marketOfZip(h, '60601');
    [admin, rep, production] = (await Promise.all(
      (['admin', 'rep', 'production'] as const).map(
        async (role) => (await staffSession(h, role, { now: clock.now() })).token,
      ),
    )) as [string, string, string];
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists every placement with search, filters, sorting and pages of 25', async () => {
    const tv = await staffCall<PlacementRow[]>('GET', `/placements?channel=tv&market=${chicago}`, rep);
    expect(tv.status).toBe(200);
    const rows = tv.body.data.map((row) => placementRow.parse(row));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.media_type === 'tv' && row.market === rows[0]?.market)).toBe(true);
    expect(rows.map((row) => row.mediacode)).toContain(TV);

    const found = await staffCall<PlacementRow[]>('GET', `/placements?q=${TV.toLowerCase()}`, production);
    expect(found.body.data.map((row) => row.mediacode)).toEqual([TV]);

    const second = await staffCall<PlacementRow[]>('GET', '/placements?sort=price&dir=desc&page=2', rep);
    expect(second.body.data).toHaveLength(25);
    expect(second.body.meta).toMatchObject({ page: 2, total: expect.any(Number) });
    const prices = second.body.data.map((row) => row.unit_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const first = await staffCall<PlacementRow[]>('GET', '/placements?sort=price&dir=desc', rep);
    expect(first.body.data.at(-1)?.unit_price).toBeGreaterThanOrEqual(prices[0] ?? 0);

    const unpublished = await staffCall<PlacementRow[]>('GET', '/placements?published=no', rep);
    expect(unpublished.body.data).toEqual([]);
    const markets = await staffCall<{ prodcode: string }[]>('GET', '/markets', rep);
    expect(markets.body.data.map((m) => m.prodcode)).toContain(chicago);
  });

  it('lets only admins edit: 401 without a staff session, 403 for reps and production', async () => {
    expect((await staffCall('GET', `/placements/${TV}`, null)).status).toBe(401);
    const customerToken = (await customer(call)).token;
    expect((await staffCall('GET', `/placements/${TV}`, customerToken)).status).toBe(401);
    expect((await save(TV, { name: 'Renamed by a rep' }, rep)).status).toBe(403);
    expect((await save(TV, { name: 'Renamed by production' }, production)).status).toBe(403);
    expect((await staffCall('POST', '/placements', rep, {})).status).toBe(403);
    const picture = new FormData();
    picture.append('image', new Blob(['x'], { type: 'image/png' }), 'x.png');
    expect((await staffCall('POST', `/placements/${TV}/images`, production, picture)).status).toBe(403);
    expect((await edited(TV)).name).not.toMatch(/Renamed/);
  });

  it('creates a placement with the next code of its market, at once in the storefront', async () => {
    const made = await staffCall<AdminPlacement>('POST', '/placements', admin, {
      name: 'Lakeshore Quilting Quarterly',
      media_type: 'printmag',
      partner: null,
      prodcode: chicago,
      lifestyle: 'arts-culture',
      description: 'Patterns and shows of the quilting guilds along the lake.',
      unit_price: 1250,
      unit_label: 'per full page',
      reach: 12000,
      reach_label: 'readers',
      rate_card: null,
      schedule: { kind: 'issues', issue_months: [3, 6, 9, 12], sold_out_months: [] },
      spec_sheet: null,
      published: true,
    } satisfies PlacementInput);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const code = made.body.data.mediacode;
    expect(code).toMatch(new RegExp(`^PM${chicago.slice(3)}-\\d{2}$`));
    expect(made.body.data.version).toBe(1);
    expect(made.body.data.dates.map((d) => d.value)).toEqual(['2027/03', '2027/06', '2027/09', '2027/12']);

    const page = await call('GET', `/media/${code}`);
    expect(page.status).toBe(200);
    // The storefront's answer carries the contract's keys only: no rate card, no published flag.
    expect(Object.keys(page.body.data as object).sort()).toEqual(Object.keys(mediaWire.shape).sort());
    await h.catalogue.reload();
    expect(await shopFinds('lakeshore quilting')).toContain(code);

    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, code), eq(auditLog.action, 'placement.created')));
    expect(entry?.after).toMatchObject({ mediacode: code, unit_price: 1250 });
  });

  it('refuses a stale save with 409 and the placement as saved, and audits each save', async () => {
    const before = await edited(TV);
    const first = await staffCall<AdminPlacement>('PATCH', `/placements/${TV}`, admin, {
      unit_price: 4700,
      version: before.version,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.version).toBe(before.version + 1);
    const stale = await staffCall<{ current: AdminPlacement }>('PATCH', `/placements/${TV}`, admin, {
      unit_price: 4800,
      version: before.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone else saved this placement at \d\d:\d\d \(admin/);
    expect(stale.body.data.current.unit_price).toBe(4700);
    expect(stale.body.data.current.version).toBe(before.version + 1);

    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, TV), eq(auditLog.action, 'placement.updated')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ unit_price: before.unit_price });
    expect(entry?.after).toMatchObject({ unit_price: 4700 });
    expect(entry?.actor).toMatch(/^admin/);
    const quoted = await quoteOf(TV, ['2027-01-25'], 5);
    expect(quoted.body.data.total).toBe(4700 * 5);
  });

  it('prices with the rate card: its quantities, its steps and its volume discounts', async () => {
    const saved = await save(TV, {
      rate_card: { min: 10, max: 40, step: 10, discounts: [{ from_dates: 2, percent: 7 }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const available = await availabilityOf(call, TV);
    expect(available.quantities.map((q) => q.value)).toEqual([10, 20, 30, 40]);
    const quoted = await quoteOf(TV, ['2027-01-25', '2027-02-01'], 10);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // 10 spots × 2 weeks × $4,700 = $94,000, less 7% = $6,580.
    expect(quoted.body.data.lines.map((line) => [line.label, line.amount])).toEqual([
      ['10 spots per week × 2 weeks at $4,700 per 30-second spot', 94000],
      ['Volume discount (7%)', -6580],
    ]);
    const offStep = await quoteOf(TV, ['2027-01-25'], 15);
    expect(offStep.status).toBe(422);
    expect(offStep.body.message).toBe('Choose a quantity from 10 to 40 spots per week, in steps of 10.');
  });

  it('refuses a rate card of more quantities than the storefront can list, before saving it', async () => {
    const { version } = await edited(TV);
    const huge = await staffCall<{ errors: Record<string, string> }>('PATCH', `/placements/${TV}`, admin, {
      version,
      rate_card: { min: 1, max: 100_000, step: 1, discounts: [] },
    });
    expect(huge.status).toBe(422);
    expect(huge.body.data.errors['rate_card.step']).toBe(
      'A rate card offers at most 500 quantities: take larger steps.',
    );
    expect((await edited(TV)).version).toBe(version);
  });

  it('refuses prices and reaches the database cannot hold or that round to nothing, and keeps no empty market', async () => {
    const { version } = await edited(TV);
    const refusal = async (patch: Partial<PlacementInput>) => {
      const answer = await staffCall<{ errors: Record<string, string> }>(
        'PATCH',
        `/placements/${TV}`,
        admin,
        {
          ...patch,
          version,
        },
      );
      return [answer.status, answer.body.data.errors];
    };
    expect(await refusal({ unit_price: 30_000_000 })).toEqual([
      422,
      { unit_price: 'The unit price is $1,000,000 at most.' },
    ]);
    expect(await refusal({ unit_price: 0.001 })).toEqual([
      422,
      { unit_price: 'The unit price is at least $0.01.' },
    ]);
    expect(await refusal({ reach: 3_000_000_000 })).toEqual([
      422,
      { reach: 'The reach is 2,000,000,000 at most.' },
    ]);
    expect((await edited(TV)).version).toBe(version);

    const national = await save('PM501-01', { prodcode: '' });
    expect(national.status, JSON.stringify(national.body)).toBe(200);
    expect(national.body.data.prodcode).toBeNull();
  });

  it('takes a spec sheet that checks files, or none (its channel’s) for an empty one', async () => {
    const unknown = await staffCall<{ errors: Record<string, string> }>('PATCH', `/placements/${TV}`, admin, {
      spec_sheet: 'foo',
      version: (await edited(TV)).version,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.errors.spec_sheet).toMatch(/^Choose a spec sheet: magazine-print-ads, /);
    const cleared = await save(TV, { spec_sheet: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.spec_sheet).toBeNull();
    const chosen = await save(TV, { spec_sheet: 'connected-tv-ads' });
    expect(chosen.body.data.spec_sheet).toBe('connected-tv-ads');
    expect((await save(TV, { spec_sheet: null })).body.data.spec_sheet).toBeNull();
  });

  it('applies the schedule exceptions: a closed date, a sold-out date, a moved deadline', async () => {
    const { schedule } = await edited(TV);
    if (schedule.kind !== 'weeks') throw new Error('TV is sold by the week');
    const saved = await save(TV, {
      schedule: {
        ...schedule,
        exceptions: [
          { value: '2027-01-25', closed: true },
          { value: '2027-02-01', sold_out: true },
          { value: '2027-02-08', deadline: '2027-01-29' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const options = (await availabilityOf(call, TV)).options;
    expect(options.map((o) => o.value)).not.toContain('2027-01-25');
    expect(options.find((o) => o.value === '2027-02-01')).toMatchObject({
      available: false,
      unavailable: 'sold-out',
    });
    expect(options.find((o) => o.value === '2027-02-08')).toMatchObject({
      available: true,
      deadline: '2027-01-29',
    });
    expect(saved.body.data.dates).toEqual(options);
    const wrongKind = await save(TV, {
      schedule: { kind: 'issues', issue_months: [1], sold_out_months: [] },
    });
    expect(wrongKind.status).toBe(422);
  });

  it('unpublishes: gone from the shop, the placement page and quotes; its orders keep it', async () => {
    const buyer = await customer(call);
    const { name } = await edited('DO508-01');
    expect(await shopFinds(name)).toContain('DO508-01');
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: 'DO508-01', dates: ['2027-01-18'], quantity: 1 }]),
    );
    const ordered = await detailOf(call, buyer.token, number);

    const saved = await save('DO508-01', { published: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.orders).toBe(1);
    const page = await call('GET', '/media/DO508-01');
    expect(page.status).toBe(404);
    expect(page.body.message).toMatch(/is not on sale any more/);
    expect((await quoteOf('DO508-01', ['2027-01-25'], 1)).status).toBe(404);
    const added = await call('POST', '/checkout/item/create', {
      token: buyer.token,
      body: { mediacode: 'DO508-01', dates: ['2027-01-25'], quantity: 1 },
    });
    expect(added.status).toBe(422);
    await h.catalogue.reload();
    expect(await shopFinds(name)).not.toContain('DO508-01');
    expect(await siteHits(async (path, init) => h.app.request(path, init), name)).not.toContain(
      'media-DO508-01',
    );
    expect(await detailOf(call, buyer.token, number)).toEqual(ordered);
    const listed = await staffCall<PlacementRow[]>('GET', '/placements?published=no', rep);
    expect(listed.body.data.map((row) => row.mediacode)).toContain('DO508-01');

    const retyped = await save('DO508-01', { media_type: 'tv' });
    expect(retyped.status).toBe(409);
    expect(retyped.body.message).toMatch(/has orders, so its channel stays/);
  });

  it('takes pictures as 1200×800 WebP served for good, and refuses what is not one', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shop.png');
    const added = await staffCall<AdminPlacement>('POST', `/placements/${TV}/images`, admin, form);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [image] = added.body.data.images;
    expect(added.body.data.image).toBe(image?.url);
    const served = await h.app.request(image?.url ?? '');
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    expect((await call<{ image: string }>('GET', `/media/${TV}`)).body.data.image).toBe(image?.url);

    const text = new FormData();
    text.append('image', new Blob(['not a picture'], { type: 'image/png' }), 'notes.png');
    const refused = await staffCall<{ errors: { image: string } }>(
      'POST',
      `/placements/${TV}/images`,
      admin,
      text,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.image).toMatch(/not a picture we can read/);

    const removed = await staffCall<AdminPlacement>('DELETE', `/placements/${TV}/images/${image?.id}`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.data.images).toEqual([]);
    expect((await h.app.request(image?.url ?? '')).status).toBe(404);
  });
});
