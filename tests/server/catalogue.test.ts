import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../contract/envelope';
import { media, mediaSearchResult } from '../../contract/media';
import { MEDIA_TYPES } from '../../contract/mediaTypes';
import { uiStats } from '../../contract/ui';
import { media as mediaTable } from '../../server/db/schema';
import { DRIVERS, type Harness, json } from './harness';

interface Answer<T = unknown> {
  success: boolean;
  data: T;
  meta: { drop_cookies: unknown[]; total?: number; page?: number; per_page?: number; pages?: number };
  message: string;
}

describe.each(DRIVERS)('catalogue API on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });

  const search = async (query: string) =>
    json<Answer>(await h.app.request(`/api/v1/media/search?${query}`, { method: 'POST' }));

  it('answers GET /ui/stats with the number of companies in the database', async () => {
    const { status, body } = await json<Answer<{ total_companies: number }>>(
      await h.app.request('/api/v1/ui/stats'),
    );
    expect(status).toBe(200);
    expect(envelope(uiStats).parse(body).data.total_companies).toBe(1840);
    expect(body.meta.drop_cookies).toEqual([]);
  });

  it('lists the placements of a zip code’s market, filtered by media type, in the contract shape', async () => {
    const { status, body } = await search('media_types[]=printmag&zip[]=60601');
    expect(status).toBe(200);
    const result = envelope(mediaSearchResult).parse(body);
    expect(result.data.markets).toEqual([
      { prodcode: expect.stringMatching(/^MKT\d{3}$/), name: 'Chicago, IL', state: 'IL' },
    ]);
    expect(result.data.items.length).toBeGreaterThan(0);
    for (const item of result.data.items) {
      expect(item.media_type).toBe('printmag');
      expect(item.market).toBe('Chicago, IL');
      expect(item.issue).toMatch(/^\d{4}\/\d{2}$/);
    }
    // The seed has 8 magazines in the Chicago market: one page of 24.
    expect(result.data.items).toHaveLength(8);
    expect(result.meta).toMatchObject({ total: 8, page: 1, per_page: 24, pages: 1 });
  });

  it('adds national placements to a zip code’s own, local ones first', async () => {
    const { body } = await search('media_types[]=email&media_types[]=tv&zip[]=10001&per_page=96');
    const items = envelope(mediaSearchResult).parse(body).data.items;
    const firstNational = items.findIndex((m) => m.prodcode === null);
    expect(firstNational).toBeGreaterThan(0);
    expect(
      items.slice(0, firstNational).every((m) => m.media_type === 'tv' && m.market === 'New York, NY'),
    ).toBe(true);
    expect(items.slice(firstNational).every((m) => m.media_type === 'email' && m.market === 'National')).toBe(
      true,
    );
  });

  it('pages through results without repeating a placement', async () => {
    const first = envelope(mediaSearchResult).parse(
      (await search('media_types[]=tv&per_page=10&page=1')).body,
    );
    const second = envelope(mediaSearchResult).parse(
      (await search('media_types[]=tv&per_page=10&page=2')).body,
    );
    expect(first.meta).toMatchObject({ page: 1, per_page: 10, total: 1010, pages: 101 });
    expect(second.meta.page).toBe(2);
    const codes = new Set([...first.data.items, ...second.data.items].map((m) => m.mediacode));
    expect(codes.size).toBe(20);
    const past = envelope(mediaSearchResult).parse(
      (await search('media_types[]=tv&per_page=10&page=500')).body,
    );
    expect(past.data.items).toEqual([]);
    expect(past.meta.total).toBe(1010);
  });

  it('filters by lifestyle and by words of the name, market or type', async () => {
    const lifestyle = envelope(mediaSearchResult).parse(
      (await search('lifestyle=food-dining&per_page=96')).body,
    );
    expect(lifestyle.data.items.length).toBeGreaterThan(0);
    expect(lifestyle.data.items.every((m) => m.lifestyle === 'food-dining')).toBe(true);

    const words = envelope(mediaSearchResult).parse(
      (await search('search=architectural%20digest&per_page=96')).body,
    );
    expect(words.data.items.length).toBeGreaterThan(0);
    expect(words.data.items.every((m) => m.name.startsWith('Architectural Digest'))).toBe(true);

    const wildcard = envelope(mediaSearchResult).parse((await search('search=%25_')).body);
    expect(wildcard.data.items).toEqual([]);
  });

  it('finds both online partners under the digital media type', async () => {
    const { body } = await search('media_types[]=digital&zip[]=60601');
    const partners = new Set(
      envelope(mediaSearchResult)
        .parse(body)
        .data.items.map((m) => m.partner),
    );
    expect(partners).toEqual(new Set(['google', 'groundtruth']));
  });

  it('says which zip codes it does not know instead of failing', async () => {
    const { status, body } = await search('zip[]=00000');
    expect(status).toBe(200);
    const result = envelope(mediaSearchResult).parse(body);
    expect(result.data).toEqual({ items: [], markets: [], unknown_zips: ['00000'] });
    expect(result.message).toContain('00000');
  });

  it.each([
    ['media_types[]=radio', 'Unknown media type "radio"'],
    ['zip[]=6060', 'A zip code is five digits'],
    ['zip[]=60601x', 'A zip code is five digits'],
    ['lifestyle=gardening', 'Unknown lifestyle "gardening"'],
    ['page=0', 'The page is a whole number from 1'],
    ['page=two', 'The page is a whole number from 1'],
    ['per_page=1000', 'per_page is a whole number from 1 to 96'],
    [`search=${'x'.repeat(101)}`, 'Keep the search under 100 characters'],
  ])('answers 400 with a message for bad input: %s', async (query, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.message).toContain(message);
  });

  it('answers GET /media/{mediacode} with one placement, whatever the code’s case', async () => {
    const { body } = await search('media_types[]=dooh&zip[]=60601&per_page=1');
    const code = envelope(mediaSearchResult).parse(body).data.items[0]?.mediacode ?? '';
    const found = await json<Answer>(await h.app.request(`/api/v1/media/${code.toLowerCase()}`));
    expect(found.status).toBe(200);
    expect(envelope(media).parse(found.body).data).toMatchObject({
      mediacode: code,
      media_type: 'dooh',
      market: 'Chicago, IL',
    });
  });

  it('answers an unknown media code with a 404 envelope and a malformed one with 400', async () => {
    const missing = await json<Answer>(await h.app.request('/api/v1/media/PM999-99'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      data: null,
      message: expect.stringContaining('PM999-99'),
    });
    const malformed = await json<Answer>(await h.app.request('/api/v1/media/bad%20code!'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('media code');
  });

  it('answers unknown endpoints with 404 and the wrong method with 405, in the envelope', async () => {
    for (const [method, path, status, message] of [
      ['GET', '/api/v1/nothing', 404, 'There is no GET /api/v1/nothing'],
      ['DELETE', '/api/v1/ui/stats', 404, 'There is no DELETE /api/v1/ui/stats'],
      ['GET', '/api/v1/media/search', 405, 'Search with POST'],
      ['GET', '/api', 404, 'There is no GET /api'],
    ] as const) {
      const response = await h.app.request(path, { method });
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as Answer;
      expect(body).toMatchObject({ success: false, data: null, message: expect.stringContaining(message) });
    }
  });

  it('never answers 500 for hostile query strings: unknown names are ignored, bad zip codes refused', async () => {
    for (const [query, status, message] of [
      ['constructor[]=1', 200, ''],
      ['__proto__=1', 200, ''],
      ['toString=x', 200, ''],
      ['zip[]=%E0%A4', 400, 'A zip code is five digits'],
      ['hasOwnProperty[]=a&zip=1', 400, 'A zip code is five digits'],
    ] as const) {
      const response = await h.app.request(`/api/v1/media/search?${query}`, { method: 'POST' });
      expect(response.status, query).toBe(status);
      expect(((await response.json()) as Answer).message, query).toContain(message);
    }
  });

  it('searches what the database holds: a placement added to the table is found after the index reloads', async () => {
    // Asked twice before, the same search's answer was kept for the day: the reload must not answer from it.
    for (let i = 0; i < 2; i += 1) {
      const before = await search('media_types[]=tv&search=kzzz');
      expect(envelope(mediaSearchResult).parse(before.body).data.items).toEqual([]);
    }
    await h.database.db.insert(mediaTable).values({
      mediacode: 'TV999-01',
      name: 'KZZZ-TV 9 (Test Network)',
      mediaType: 'tv',
      partner: null,
      prodcode: 'MKT501',
      lifestyle: 'arts-culture',
      schedule: { kind: 'weeks', soldOutEvery: 0, soldOutOffset: 0 },
      unitPriceCents: 123_400,
      unitLabel: 'per 30-second spot',
      reach: 99_999_999,
      reachLabel: 'TV households',
      image: '/images/media/tv-1.svg',
      description: 'Inserted by a test.',
      searchText: 'kzzz-tv 9 test network tv',
    });
    await h.catalogue.reload();
    const { body } = await search('media_types[]=tv&search=kzzz');
    expect(envelope(mediaSearchResult).parse(body).data.items).toEqual([
      expect.objectContaining({ mediacode: 'TV999-01', unit_price: 1234, market: expect.any(String) }),
    ]);
  });

  it('keeps the answer of a search asked twice that day, and answers it from then on', async () => {
    const searched = vi.spyOn(h.catalogue, 'search');
    try {
      const first = await search('media_types[]=printmag&zip[]=60601&per_page=7');
      const second = await search('media_types[]=printmag&zip[]=60601&per_page=7');
      expect(searched).toHaveBeenCalledTimes(2);
      for (let i = 0; i < 3; i += 1)
        expect((await search('media_types[]=printmag&zip[]=60601&per_page=7')).body).toEqual(first.body);
      expect(second.body).toEqual(first.body);
      expect(searched).toHaveBeenCalledTimes(2);
      await search('media_types[]=printmag&zip[]=60601&per_page=8');
      expect(searched).toHaveBeenCalledTimes(3);
    } finally {
      searched.mockRestore();
    }
  });

  it('has placements of every media type of the spec', async () => {
    for (const type of MEDIA_TYPES) {
      const { body } = await search(`media_types[]=${type}&per_page=1`);
      expect(envelope(mediaSearchResult).parse(body).meta.total, type).toBeGreaterThan(0);
    }
  });
});
