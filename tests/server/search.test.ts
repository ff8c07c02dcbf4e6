import { gzipSync } from 'node:zlib';
import algoliasearchHelper from 'algoliasearch-helper';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_INDEX,
  type FacetSearchResponse,
  type SearchHit,
  type SearchResponse,
} from '../../contract/search';
import { createApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { markets, media, zips } from '../../server/db/schema';
import { DRIVERS, type Harness, json } from './harness';
import { encodeV4Params, liteClientOn, v4StyleClientOn } from './searchClients';

const INDEX = DEFAULT_SEARCH_INDEX;
const XSS_TITLE = '<img src=x onerror=alert(1)> Zorblax Gazette';

/** Test placements for ranking: an exact full text, exact words, a prefix and a typo of "zorblax". */
const ZORBLAX = [
  ['ZB900-01', 'Zorblax', 1],
  ['ZB900-02', 'Zorblax Weekly', 10],
  ['ZB900-03', XSS_TITLE, 5],
  ['ZB900-04', 'Zorblaxian Review', 1_000],
  ['ZB900-05', 'Zorblex Monthly', 100_000],
] as const;

describe.each(DRIVERS)('site search (Algolia protocol) on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
    await h.database.db.insert(media).values(
      ZORBLAX.map(([mediacode, name, reach]) => ({
        mediacode,
        name,
        mediaType: 'printmag',
        partner: null,
        prodcode: 'MKT501',
        lifestyle: 'arts-culture',
        schedule: { kind: 'issues' as const, issueMonths: [3, 6, 9, 12], soldOutMonths: [] },
        unitPriceCents: 100_000,
        unitLabel: 'per full-page ad',
        reach,
        reachLabel: 'copies per issue',
        image: '/images/media/printmag-1.svg',
        description: 'Inserted by a test.',
        searchText: name.toLowerCase(),
      })),
    );
    // The site index is part of the catalogue's read model: reloading it picks up the new rows.
    await h.catalogue.reload();
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    h.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...headers },
      body:
        typeof body === 'string'
          ? body
          : body instanceof Uint8Array
            ? new Uint8Array(body)
            : JSON.stringify(body),
    });
  /** One hits query through the multi-query endpoint, flattened as v5 sends it. */
  const search = async (params: Record<string, unknown>) => {
    const { status, body } = await json<{ results: SearchResponse[] }>(
      await post('/1/indexes/*/queries', { requests: [{ indexName: INDEX, ...params }] }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const [result] = body.results;
    if (!result) throw new Error('No result');
    return result;
  };
  const facetSearch = async (params: Record<string, unknown>) => {
    const { status, body } = await json<{ results: FacetSearchResponse[] }>(
      await post('/1/indexes/*/queries', { requests: [{ indexName: INDEX, type: 'facet', ...params }] }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const [result] = body.results;
    if (!result) throw new Error('No result');
    return result;
  };
  const ids = (hits: readonly SearchHit[]) => hits.map((hit) => hit.objectID);
  /** A number from the database, to compare the index with. */
  const scalar = async (query: PromiseLike<Array<{ n: number }>>) => (await query)[0]?.n ?? -1;
  const count = (expression: SQL<number>, table: typeof media | typeof zips | typeof markets) =>
    scalar(h.database.db.select({ n: expression }).from(table));

  describe('clients', () => {
    it('answers the real algoliasearch/lite v5 client: hits and facet values in one multi-query', async () => {
      const { client, sent } = liteClientOn(h.app);
      const { results } = await client.search({
        requests: [
          { indexName: INDEX, query: 'chicgo', hitsPerPage: 5, facets: ['type', 'place_kind'] },
          {
            indexName: INDEX,
            type: 'facet',
            facet: 'type',
            facetQuery: 'print',
            query: 'chicago',
            maxFacetHits: 3,
          },
        ],
      });
      const [hits, facets] = results;
      if (!hits || !('hits' in hits) || !facets || !('facetHits' in facets))
        throw new Error('Unexpected results');
      expect(ids(hits.hits as SearchHit[])).toEqual(
        expect.arrayContaining(['market-chicago-il', 'city-chicago-il']),
      );
      expect(hits).toMatchObject({ query: 'chicgo', page: 0, hitsPerPage: 5, index: INDEX });
      expect(facets.facetHits).toEqual([
        { value: 'printmag', highlighted: '<em>print</em>mag', count: expect.any(Number) },
      ]);

      // What the client put on the wire: credentials and agent it sends are accepted and ignored.
      const [request] = sent;
      expect(request?.url.pathname).toBe('/1/indexes/*/queries');
      expect(request?.url.searchParams.get('x-algolia-agent')).toContain('Algolia for JavaScript');
      expect(request?.headers).toMatchObject({
        'x-algolia-api-key': 'public-search-key',
        'content-type': 'text/plain',
      });
    });

    it('answers the legacy array signature InstantSearch uses, and the typed helpers', async () => {
      const { client, sent } = liteClientOn(h.app);
      const { results } = await client.search([
        {
          indexName: INDEX,
          params: {
            query: 'architectural dig',
            hitsPerPage: 3,
            facets: ['type'],
            facetFilters: [['type:printmag']],
            highlightPreTag: '__ais-highlight__',
            highlightPostTag: '__/ais-highlight__',
            clickAnalytics: true,
            userToken: 'anonymous-1',
          },
        },
      ]);
      const [first] = results;
      if (!first || !('hits' in first)) throw new Error('Unexpected results');
      expect(first.hits[0]?._highlightResult?.text).toMatchObject({
        value: expect.stringMatching(
          /^__ais-highlight__Architectural__\/ais-highlight__ __ais-highlight__Dig__\/ais-highlight__est/,
        ),
      });
      // v5 flattens the legacy params into the request: the flattened shape is what arrived.
      expect(sent[0]?.body).toMatchObject({ requests: [{ indexName: INDEX, query: 'architectural dig' }] });

      const {
        results: [facetValues],
      } = await client.searchForFacets({
        requests: [{ indexName: INDEX, type: 'facet', facet: 'state', facetQuery: 'il', query: '' }],
      });
      expect(facetValues?.facetHits[0]).toMatchObject({ value: 'IL', highlighted: '<em>IL</em>' });
      const {
        results: [hitsOnly],
      } = await client.searchForHits({ requests: [{ indexName: INDEX, query: '60601' }] });
      expect(ids(hitsOnly?.hits as SearchHit[])).toEqual(['zip-60601']);
    });

    it('raises Algolia’s 404 for an unknown index through the client, without retrying', async () => {
      const { client, sent } = liteClientOn(h.app);
      await expect(
        client.search({ requests: [{ indexName: 'nope', query: 'chicago' }] }),
      ).rejects.toMatchObject({
        status: 404,
        message: 'Index does not exist',
      });
      expect(sent).toHaveLength(1);
    });

    it('answers InstantSearch’s helper in the params-string form: refinements, disjunctive facets, paging', async () => {
      const { client, sent } = v4StyleClientOn(h.app);
      const helper = algoliasearchHelper(client, INDEX, {
        disjunctiveFacets: ['type'],
        facets: ['state'],
        hitsPerPage: 5,
        maxValuesPerFacet: 20,
      })
        .setQuery('chicago')
        .addDisjunctiveFacetRefinement('type', 'printmag')
        .addDisjunctiveFacetRefinement('type', 'eddm')
        .addFacetRefinement('state', 'IL')
        .setPage(1);
      const { content } = await helper.searchOnce({});

      // Two queries, each as a params string: the hits, and the disjunctive facet without its refinement.
      expect(sent[0]?.requests).toHaveLength(2);
      for (const request of sent[0]?.requests ?? []) expect(typeof request.params).toBe('string');
      const mainParams = new URLSearchParams(String(sent[0]?.requests[0]?.params));
      expect(JSON.parse(mainParams.get('facetFilters') ?? '')).toEqual(
        expect.arrayContaining(['state:IL', expect.arrayContaining(['type:printmag', 'type:eddm'])]),
      );
      expect(mainParams.get('page')).toBe('1');

      const direct = await search({
        query: 'chicago',
        facetFilters: [['type:printmag', 'type:eddm'], 'state:IL'],
      });
      // 9 Illinois magazines and mailings match "chicago": the second page of 5 holds the last 4.
      expect(direct.nbHits).toBe(9);
      expect(content).toMatchObject({ nbHits: 9, page: 1, nbPages: 2 });
      expect(content.hits).toHaveLength(4);
      for (const hit of content.hits) expect(['printmag', 'eddm']).toContain(hit.type);
      const types = content.getFacetValues('type', { sortBy: ['name:asc'] });
      if (!Array.isArray(types)) throw new Error('Expected facet values');
      // The disjunctive query counts the other types too, so the refinement list can offer them.
      expect(types.find((t) => t.name === 'location')).toMatchObject({ isRefined: false });
      expect(types.find((t) => t.name === 'printmag')).toMatchObject({ isRefined: true });

      const facetValues = await helper.searchForFacetValues('state', 'i', 3);
      expect(facetValues.facetHits.map((f) => f.value)).toEqual(['IL']);
      expect(sent.at(-1)?.requests[0]).toMatchObject({
        type: 'facet',
        facet: 'state',
        params: expect.any(String),
      });
    });
  });

  describe('the index', () => {
    it('holds every placement and every city, zip code, market and state', async () => {
      const records = h.catalogue.siteSearch.records;
      const byKind = (kind: string) => records.filter((r) => r.place_kind === kind).length;
      expect(records.filter((r) => r.type !== 'location')).toHaveLength(
        await count(sql<number>`count(*)::int`, media),
      );
      expect(byKind('zip')).toBe(await count(sql<number>`count(*)::int`, zips));
      expect(byKind('city')).toBe(await count(sql<number>`count(distinct (city, state))::int`, zips));
      expect(byKind('market')).toBe(await count(sql<number>`count(*)::int`, markets));
      expect(byKind('state')).toBe(await count(sql<number>`count(distinct state)::int`, zips));
      expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    });

    it('describes each kind of record in the SearchRecord shape, with stable ids and shop links', async () => {
      const byId = new Map(h.catalogue.siteSearch.records.map((r) => [r.objectID, r]));
      const city = byId.get('city-chicago-il');
      expect(city).toMatchObject({ text: 'Chicago, IL', type: 'location', place_kind: 'city', state: 'IL' });
      // A city opens the shop at its most central zip code.
      expect(city).toMatchObject({ zip: '60608', url: '/shop?zip=60608' });
      expect(byId.get('zip-60601')).toMatchObject({
        text: '60601 · Chicago, IL',
        zip: '60601',
        url: '/shop?zip=60601',
      });
      const [chicago] = await h.database.db
        .select({ households: markets.households })
        .from(markets)
        .where(sql`${markets.name} = 'Chicago, IL'`);
      expect(byId.get('market-chicago-il')).toMatchObject({
        text: 'Chicago, IL market',
        place_kind: 'market',
        zip: city?.zip,
        popularity: chicago?.households,
      });
      expect(byId.get('state-il')).toMatchObject({
        text: 'Illinois',
        place_kind: 'state',
        state: 'IL',
        market: null,
      });
      // Each place is in the market of its zip code (a city: its main one's), a market in its own.
      const [chicagoZip] = await h.database.db
        .select({ prodcode: zips.prodcode })
        .from(zips)
        .where(sql`${zips.zip} = '60601'`);
      expect(byId.get('zip-60601')?.market).toBe(chicagoZip?.prodcode);
      expect(byId.get('city-chicago-il')?.market).toBe(chicagoZip?.prodcode);
      expect(byId.get('market-chicago-il')?.market).toBe(chicagoZip?.prodcode);
      expect(byId.get('media-PM501-01')).toMatchObject({
        type: 'printmag',
        partner: null,
        zip: null,
        place_kind: null,
        url: '/shop/magazines/PM501-01',
      });
    });
  });

  describe('matching', () => {
    it('finds Chicago despite a typo, and by the start of its name', async () => {
      expect(ids((await search({ query: 'chicgo', hitsPerPage: 3 })).hits)).toEqual(
        expect.arrayContaining(['market-chicago-il', 'city-chicago-il']),
      );
      expect((await search({ query: 'chic', hitsPerPage: 1 })).hits[0]?.objectID).toBe('market-chicago-il');
    });

    it('finds every Architectural Digest edition with the last word half typed', async () => {
      const expected = await count(
        sql<number>`count(*) filter (where name like 'Architectural Digest%')::int`,
        media,
      );
      const result = await search({ query: 'architectural dig', hitsPerPage: 100 });
      expect(expected).toBeGreaterThan(0);
      expect(result.nbHits).toBe(expected);
      for (const hit of result.hits) expect(hit.text).toMatch(/^Architectural Digest: .+ edition$/);
    });

    it('matches zip codes by prefix and never with typos', async () => {
      const result = await search({ query: '606', hitsPerPage: 1000 });
      expect(result.nbHits).toBe(
        await count(sql<number>`count(*) filter (where zip like '606%')::int`, zips),
      );
      expect(result.hits[0]?.objectID).toBe('zip-60601');
      for (const hit of result.hits) expect(hit.zip).toMatch(/^606/);
      expect(ids((await search({ query: '60601' })).hits)).toEqual(['zip-60601']);
    });

    it('ranks exact words before prefixes before typos, then by popularity; the exact full text first', async () => {
      const result = await search({ query: 'zorblax' });
      expect(ids(result.hits)).toEqual([
        'media-ZB900-01', // "Zorblax": the whole text, least popular
        'media-ZB900-02', // exact word, popularity 10
        'media-ZB900-03', // exact word, popularity 5
        'media-ZB900-04', // prefix (Zorblaxian), popularity 1,000
        'media-ZB900-05', // one typo (Zorblex), popularity 100,000
      ]);
    });

    it('returns nothing for an empty query (SPEC), even with facets asked for', async () => {
      for (const query of ['', '   ', '!?', undefined]) {
        const result = await search({ ...(query === undefined ? {} : { query }), facets: '*' });
        expect(result).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, facets: {} });
      }
    });
  });

  describe('the visitor’s market first', () => {
    it('ranks the editions of the market in optionalFilters first, and leaves the others in', async () => {
      const asked = { query: 'golf digest', hitsPerPage: 100 };
      const usual = await search(asked);
      const last = usual.hits.at(-1);
      expect(usual.nbHits).toBeGreaterThan(2);
      if (!last?.market) throw new Error('The last Golf Digest edition has no market');
      const visitor = await search({ ...asked, optionalFilters: [`market:${last.market}`] });
      expect(visitor.hits[0]?.objectID).toBe(last.objectID);
      expect(visitor.nbHits).toBe(usual.nbHits);
      expect(ids(visitor.hits.slice(1))).toEqual(ids(usual.hits.slice(0, -1)));
    });
  });

  describe('facets and filters', () => {
    it('counts facet values over all matches, for listed facets or all of them with *', async () => {
      const result = await search({ query: 'chicago', hitsPerPage: 1000, facets: '*' });
      expect(result.nbHits).toBeLessThan(1000);
      const tally = (attribute: 'type' | 'place_kind' | 'state') => {
        const counts: Record<string, number> = {};
        for (const hit of result.hits) {
          const value = hit[attribute];
          if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
        }
        return counts;
      };
      expect(result.facets.type).toEqual(tally('type'));
      expect(result.facets.place_kind).toEqual(tally('place_kind'));
      expect(result.facets.state).toEqual(tally('state'));
      const listed = await search({ query: 'chicago', facets: ['type', 'color'] });
      expect(Object.keys(listed.facets)).toEqual(['type']);
    });

    it('applies facetFilters: inner lists OR, outer AND, negation, plain strings, JSON in params', async () => {
      const all = await search({ query: 'chicago', hitsPerPage: 1000, facets: ['type', 'place_kind'] });
      const types = all.facets.type ?? {};
      const either = await search({ query: 'chicago', facetFilters: [['type:printmag', 'type:eddm']] });
      expect(either.nbHits).toBe((types.printmag ?? 0) + (types.eddm ?? 0));
      const both = await search({ query: 'chicago', facetFilters: ['type:location', 'place_kind:city'] });
      expect(both.nbHits).toBe(
        all.hits.filter((x) => x.type === 'location' && x.place_kind === 'city').length,
      );
      expect((await search({ query: 'chicago', facetFilters: 'type:location' })).nbHits).toBe(types.location);
      const notLocation = all.nbHits - (types.location ?? 0);
      expect((await search({ query: 'chicago', facetFilters: ['-type:location'] })).nbHits).toBe(notLocation);
      expect((await search({ query: 'chicago', facetFilters: ['type:-location'] })).nbHits).toBe(notLocation);
      expect((await search({ query: 'chicago', facetFilters: ['state:il'] })).nbHits).toBe(
        all.hits.filter((x) => x.state === 'IL').length,
      );
      expect((await search({ query: 'chicago', facetFilters: ['type:radio'] })).nbHits).toBe(0);
      const encoded = encodeV4Params({ query: 'chicago', facetFilters: [['type:printmag', 'type:eddm']] });
      expect((await search({ params: encoded })).nbHits).toBe(either.nbHits);
    });

    it('applies numericFilters on popularity: comparisons, ranges and OR lists', async () => {
      const all = await search({ query: 'chicago', hitsPerPage: 1000 });
      const where = (test: (popularity: number) => boolean) =>
        all.hits.filter((x) => test(x.popularity)).length;
      const some = all.hits[3]?.popularity ?? 0;
      const cases: Array<[unknown, (p: number) => boolean]> = [
        [['popularity>=100000'], (p) => p >= 100_000],
        [['popularity > 100000'], (p) => p > 100_000],
        [['popularity<5000'], (p) => p < 5000],
        [['popularity<=5000'], (p) => p <= 5000],
        [[`popularity=${some}`], (p) => p === some],
        [[`popularity!=${some}`], (p) => p !== some],
        ['popularity:1000 TO 50000', (p) => p >= 1000 && p <= 50_000],
        [[['popularity<100', 'popularity>1000000']], (p) => p < 100 || p > 1_000_000],
      ];
      for (const [numericFilters, test] of cases)
        expect(
          (await search({ query: 'chicago', numericFilters })).nbHits,
          JSON.stringify(numericFilters),
        ).toBe(where(test));
      const encoded = `query=chicago&numericFilters=${encodeURIComponent('popularity>=100000')}`;
      expect((await search({ params: encoded })).nbHits).toBe(where((p) => p >= 100_000));
    });

    it('searches facet values, counting the query’s matches, clamping maxFacetHits to 1–100 (default 10)', async () => {
      const states = await count(sql<number>`count(distinct state)::int`, zips);
      expect(states).toBeGreaterThan(10);
      expect((await facetSearch({ facet: 'state', facetQuery: '' })).facetHits).toHaveLength(10);
      expect((await facetSearch({ facet: 'state', facetQuery: '', maxFacetHits: 0 })).facetHits).toHaveLength(
        1,
      );
      expect(
        (await facetSearch({ facet: 'state', facetQuery: '', maxFacetHits: 500 })).facetHits,
      ).toHaveLength(states);
      const typed = await facetSearch({ facet: 'state', facetQuery: 'n', maxFacetHits: 100 });
      expect(typed.facetHits.map((hit) => hit.value).sort()).toEqual([
        'NC',
        'ND',
        'NE',
        'NH',
        'NJ',
        'NM',
        'NV',
        'NY',
      ]);
      for (const hit of typed.facetHits) expect(hit.highlighted).toBe(`<em>N</em>${hit.value.slice(1)}`);
      const types = (await search({ query: 'chicago', facets: ['type'] })).facets.type ?? {};
      expect((await facetSearch({ facet: 'type', facetQuery: 'print', query: 'chicago' })).facetHits).toEqual(
        [{ value: 'printmag', highlighted: '<em>print</em>mag', count: types.printmag }],
      );
      const { status, body } = await json<FacetSearchResponse>(
        await post(`/1/indexes/${INDEX}/facets/type/query`, {
          params: 'facetQuery=e&maxFacetHits=2&query=chicago',
        }),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ exhaustiveFacetsCount: true, facetHits: [{ value: 'eddm' }] });
    });
  });

  describe('pages and highlighting', () => {
    it('pages through all matches without repeats; past the last page the hits are empty', async () => {
      const first = await search({ query: 'springfield', hitsPerPage: 20 });
      expect(first.nbPages).toBe(Math.ceil(first.nbHits / 20));
      const seen = new Set<string>();
      for (let page = 0; page < first.nbPages; page++)
        for (const id of ids((await search({ query: 'springfield', hitsPerPage: 20, page })).hits))
          seen.add(id);
      expect(seen.size).toBe(first.nbHits);
      const past = await search({ query: 'springfield', hitsPerPage: 20, page: first.nbPages });
      expect(past).toMatchObject({ hits: [], nbHits: first.nbHits, page: first.nbPages });
      const wide = await search({ query: 'c', hitsPerPage: 100 });
      expect(wide.nbHits).toBeGreaterThan(1000);
      expect(wide.nbPages).toBe(10); // Algolia pages through the first 1,000 hits only
    });

    it('highlights matched words with <em> by default, or the tags asked for; only the typed part of a prefix', async () => {
      const chicago = (await search({ query: 'chic', facetFilters: ['place_kind:city', 'state:IL'] })).hits;
      expect(chicago.find((x) => x.objectID === 'city-chicago-il')?._highlightResult.text).toEqual({
        value: '<em>Chic</em>ago, IL',
        matchLevel: 'full',
        matchedWords: ['chic'],
        fullyHighlighted: false,
      });
      const custom = await search({
        query: 'chicgo il',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 1,
      });
      expect(custom.hits[0]?._highlightResult.text.value).toBe(
        '<mark>Chicago</mark>, <mark>IL</mark> market',
      );
      const google = await search({
        query: 'google display',
        facetFilters: ['partner:google'],
        hitsPerPage: 1,
      });
      expect(google.hits[0]?._highlightResult).toMatchObject({
        text: { matchLevel: 'full', value: expect.stringMatching(/^<em>Google<\/em> <em>Display<\/em>: /) },
        partner: {
          value: '<em>google</em>',
          matchLevel: 'partial',
          matchedWords: ['google'],
          fullyHighlighted: true,
        },
      });
      const unmatched = await search({ query: 'display', facetFilters: ['partner:google'], hitsPerPage: 1 });
      expect(unmatched.hits[0]?._highlightResult.partner).toMatchObject({
        value: 'google',
        matchLevel: 'none',
        matchedWords: [],
      });
    });

    it('does not escape HTML in records: markup comes back verbatim, with tags only around matched words', async () => {
      // The client renders highlight parts as text (InstantSearch's Highlight), so this is safe there,
      // and it is exactly what hosted Algolia answers.
      const [hit] = (await search({ query: 'zorblax gazette' })).hits;
      expect(hit?.text).toBe(XSS_TITLE);
      expect(hit?._highlightResult.text.value).toBe(
        '<img src=x onerror=alert(1)> <em>Zorblax</em> <em>Gazette</em>',
      );
    });
  });

  describe('requests', () => {
    it('answers a single-index query with flattened fields or a params string, echoing params', async () => {
      const flat = await json<SearchResponse>(
        await post(`/1/indexes/${INDEX}/query`, { query: 'chicago', hitsPerPage: 2 }),
      );
      expect(flat.status).toBe(200);
      expect(flat.body).toMatchObject({
        query: 'chicago',
        hitsPerPage: 2,
        index: INDEX,
        params: 'query=chicago&hitsPerPage=2',
      });
      const params = 'query=chicago&hitsPerPage=2&facets=%5B%22type%22%5D';
      const encoded = await json<SearchResponse>(await post(`/1/indexes/${INDEX}/query`, { params }));
      expect(encoded.body).toMatchObject({
        params,
        nbHits: flat.body.nbHits,
        facets: { type: expect.any(Object) },
      });
    });

    it('accepts x-algolia credentials, unknown parameters, form or gzip bodies, and ignores them', async () => {
      const response = await post(
        '/1/indexes/*/queries?x-algolia-api-key=key&x-algolia-application-id=app&x-algolia-agent=Algolia%20for%20JavaScript',
        gzipSync(
          JSON.stringify({
            requests: [
              {
                indexName: INDEX,
                query: 'chicago',
                analytics: false,
                clickAnalytics: true,
                attributesToSnippet: ['text:10'],
                userToken: 'user-1',
                getRankingInfo: true,
                enablePersonalization: false,
                facetQuery: null,
              },
            ],
          }),
        ),
        { 'x-algolia-api-key': 'key', 'x-algolia-application-id': 'app', 'content-encoding': 'gzip' },
      );
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: SearchResponse[] }).results[0]?.nbHits).toBeGreaterThan(
        0,
      );
    });

    it('serves the index named by SEARCH_INDEX, and only that one', async () => {
      const app = createApp({
        db: h.database.db,
        config: readServerConfig({ SEARCH_INDEX: 'staging_search' }),
        catalogue: h.catalogue,
      });
      const body = JSON.stringify({ query: 'chicago' });
      expect((await app.request('/1/indexes/staging_search/query', { method: 'POST', body })).status).toBe(
        200,
      );
      expect((await app.request(`/1/indexes/${INDEX}/query`, { method: 'POST', body })).status).toBe(404);
    });

    const many = JSON.stringify({ requests: Array.from({ length: 51 }, () => ({ indexName: INDEX })) });
    const one = (request: Record<string, unknown>) =>
      JSON.stringify({ requests: [{ indexName: INDEX, ...request }] });
    it.each([
      ['/1/indexes/*/queries', '{"requests":', 400, 'The request body is not valid JSON'],
      ['/1/indexes/*/queries', '{}', 400, 'requests is missing'],
      ['/1/indexes/*/queries', '[]', 400, 'requests is missing'],
      ['/1/indexes/*/queries', '{"requests":{}}', 400, 'requests is missing'],
      ['/1/indexes/*/queries', '{"requests":[42]}', 400, 'requests[0]: a query must be an object'],
      ['/1/indexes/*/queries', '{"requests":[{"query":"x"}]}', 400, 'requests[0]: indexName is missing'],
      ['/1/indexes/*/queries', '{"requests":[{"indexName":"nope"}]}', 404, 'Index does not exist'],
      ['/1/indexes/*/queries', many, 400, 'at most 50 queries'],
      ['/1/indexes/*/queries', one({ type: 'hits' }), 400, 'type must be "default"'],
      ['/1/indexes/*/queries', one({ hitsPerPage: 1001 }), 400, 'hitsPerPage: must be from 0 to 1000'],
      ['/1/indexes/*/queries', one({ hitsPerPage: -1 }), 400, 'hitsPerPage: must be from 0 to 1000'],
      ['/1/indexes/*/queries', one({ hitsPerPage: '20' }), 400, 'hitsPerPage: must be a number'],
      ['/1/indexes/*/queries', one({ hitsPerPage: 2.5 }), 400, 'hitsPerPage: must be a whole number'],
      ['/1/indexes/*/queries', one({ page: -1 }), 400, 'page: must be 0 or more'],
      ['/1/indexes/*/queries', one({ params: 'page=two' }), 400, 'page: must be a number'],
      ['/1/indexes/*/queries', one({ params: 5 }), 400, 'params must be a URL-encoded string'],
      ['/1/indexes/*/queries', one({ query: 42 }), 400, 'query: must be a string'],
      ['/1/indexes/*/queries', one({ facetFilters: 5 }), 400, 'facetFilters: must be a filter string'],
      [
        '/1/indexes/*/queries',
        one({ facetFilters: [[['type:tv']]] }),
        400,
        'facetFilters: must be a filter string',
      ],
      ['/1/indexes/*/queries', one({ facetFilters: ['color:red'] }), 400, '"color" is not a facet'],
      ['/1/indexes/*/queries', one({ facetFilters: ['type'] }), 400, 'is not a filter'],
      [
        '/1/indexes/*/queries',
        one({ params: 'facetFilters=%5B%5B' }),
        400,
        'facetFilters in params is not valid JSON',
      ],
      [
        '/1/indexes/*/queries',
        one({ numericFilters: ['reach>1'] }),
        400,
        '"reach" is not a numeric attribute',
      ],
      ['/1/indexes/*/queries', one({ numericFilters: ['popularity>>1'] }), 400, 'is not a number'],
      ['/1/indexes/*/queries', one({ numericFilters: ['popularity'] }), 400, 'is not a numeric filter'],
      ['/1/indexes/*/queries', one({ numericFilters: 'popularity:1 TO' }), 400, 'low TO high'],
      ['/1/indexes/*/queries', one({ filters: 'type:tv' }), 400, 'filters is not supported'],
      ['/1/indexes/*/queries', one({ type: 'facet' }), 400, 'facet is missing'],
      [
        '/1/indexes/*/queries',
        one({ type: 'facet', facet: 'text' }),
        400,
        'cannot search the values of "text"',
      ],
      [`/1/indexes/${INDEX}/queries`, '{}', 404, 'sent to /1/indexes/*/queries'],
      [`/1/indexes/${INDEX}/query`, '{"hitsPerPage":true}', 400, 'hitsPerPage: must be a number'],
      ['/1/indexes/nope/query', '{}', 404, 'Index does not exist'],
      ['/1/indexes/nope/facets/type/query', '{}', 404, 'Index does not exist'],
      [`/1/indexes/${INDEX}/facets/color/query`, '{}', 400, 'cannot search the values of "color"'],
      [`/1/indexes/${INDEX}/settings`, '{}', 404, 'There is no POST'],
      ['/1/keys', '{}', 404, 'There is no POST /1/keys'],
    ])('answers %s %s with %i in Algolia’s error shape', async (path, body, status, message) => {
      const response = await post(path, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message: expect.stringContaining(message), status });
    });

    it('refuses bodies over 256 KB with 413', async () => {
      const response = await post('/1/indexes/*/queries', { requests: [], pad: 'x'.repeat(300_000) });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: expect.stringContaining('over 256 KB'), status: 413 });
    });

    it('answers other methods with 405 and never 500 for hostile params', async () => {
      const get = await h.app.request('/1/indexes/*/queries');
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect(await get.json()).toEqual({ message: expect.stringContaining('Search with POST'), status: 405 });
      // Unknown names are ignored (as Algolia does), a query that does not decode searches nothing,
      // and values of known parameters are checked.
      for (const [params, status, message] of [
        ['__proto__=1', 200, undefined],
        ['constructor=x&query=a', 200, undefined],
        ['query=%E0%A4', 200, undefined],
        ['hitsPerPage=1e309', 400, 'hitsPerPage: must be a number (from 0 to 1000).'],
        ['facets=%5B1%5D', 400, 'facets: must be an attribute or a list of them.'],
      ] as const) {
        const response = await post(`/1/indexes/${INDEX}/query`, { params });
        expect(response.status, params).toBe(status);
        expect(((await response.json()) as { message?: string }).message, params).toBe(message);
      }
    });

    it('refuses oversized filters and highlight tags, and echoes no unvalidated nesting', async () => {
      const spaces = `popularity${' '.repeat(20_000)}x`;
      const filter = await post(`/1/indexes/${INDEX}/query`, { query: 'chicago', numericFilters: [spaces] });
      expect(filter.status).toBe(400);
      const filterAnswer = (await filter.json()) as { message: string };
      expect(filterAnswer.message).toContain('at most 256 characters');
      expect(filterAnswer.message.length).toBeLessThan(300);
      const tags = await post(`/1/indexes/${INDEX}/query`, {
        query: 'c',
        highlightPreTag: 'x'.repeat(100_000),
      });
      expect(tags.status).toBe(400);
      expect(await tags.json()).toEqual({ message: expect.stringContaining('highlightPreTag'), status: 400 });
      // An unknown parameter nested deeper than JSON.stringify can go: ignored, as unknown parameters are.
      const deep = `{"query":"chicago","deep":${'['.repeat(60_000)}${']'.repeat(60_000)}}`;
      const nested = await post(`/1/indexes/${INDEX}/query`, deep);
      expect(nested.status).toBe(200);
      expect(((await nested.json()) as SearchResponse).params).not.toContain('deep');
    });
  });
});
