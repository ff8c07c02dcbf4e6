import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../contract/search';
import { answerFacetValues, answerHits } from '../../server/search/answer';
import { IndexPart } from '../../server/search/indexPart';
import { parseQuery } from '../../server/search/params';
import { SiteIndex } from '../../server/search/siteIndex';

const record = (objectID: string, text: string, popularity: number, extra: Partial<SearchRecord> = {}) =>
  ({
    objectID,
    text,
    type: 'printmag',
    partner: null,
    url: `/shop/magazines/${objectID}`,
    zip: null,
    place_kind: null,
    state: 'IL',
    market: null,
    popularity,
    ...extra,
  }) satisfies SearchRecord;

const index = SiteIndex.build([
  record('typo', 'Pakrer Weekly', 900),
  record('prefix', 'Parkersburg Review', 500),
  record('exact-small', 'Parker Living', 10),
  record('exact-big', 'Parker Table', 20),
  record('exact-full', 'Parker', 1),
  record('two-exact', 'Parker Weekly', 5),
  record('tie-b', 'Beta Parker', 20),
]);

const hits = (query: string, extra: Record<string, unknown> = {}) => {
  const parsed = parseQuery({ indexName: 'i', query, ...extra }, { where: '' });
  if (parsed.type !== 'default') throw new Error('expected a hits query');
  return answerHits(index, parsed);
};

describe('ranking (typos, then exact words, then exact text, then popularity, then text)', () => {
  it('puts exact before prefix before typo matches, whatever their popularity', () => {
    expect(hits('parker').hits.map((h) => h.objectID)).toEqual([
      'exact-full',
      'tie-b',
      'exact-big',
      'exact-small',
      'two-exact',
      'prefix',
      'typo',
    ]);
  });

  it('ranks more exact words first, and the exact full text before that', () => {
    expect(hits('parker weekly').hits.map((h) => h.objectID)).toEqual(['two-exact', 'typo']);
    expect(hits('parker weekl').hits.map((h) => h.objectID)).toEqual(['two-exact', 'typo']);
  });

  it('breaks popularity ties by text', () => {
    const order = hits('parker').hits.map((h) => h.objectID);
    expect(order.indexOf('tie-b')).toBeLessThan(order.indexOf('exact-big'));
  });
});

describe('paging and facet-value limits', () => {
  it('never pages past the 1,000th hit, as Algolia', () => {
    const many = SiteIndex.build(Array.from({ length: 1500 }, (_, i) => record(`r${i}`, `Common ${i}`, i)));
    const parsed = parseQuery({ indexName: 'i', query: 'common', hitsPerPage: 100, page: 9 }, { where: '' });
    if (parsed.type !== 'default') throw new Error('expected a hits query');
    const answer = answerHits(many, parsed);
    expect(answer).toMatchObject({ nbHits: 1500, nbPages: 10 });
    expect(answer.hits).toHaveLength(100);
    expect(answerHits(many, { ...parsed, params: { ...parsed.params, page: 10 } }).hits).toEqual([]);
  });

  it('clamps maxFacetHits between 1 and 100, 10 by default (SPEC)', () => {
    const states = SiteIndex.build(
      Array.from({ length: 150 }, (_, i) => record(`r${i}`, `Common ${i}`, i, { state: `S${i}` })),
    );
    const facetHits = (maxFacetHits?: number) => {
      const parsed = parseQuery(
        {
          indexName: 'i',
          type: 'facet',
          facet: 'state',
          query: 'common',
          ...(maxFacetHits === undefined ? {} : { maxFacetHits }),
        },
        { where: '' },
      );
      if (parsed.type !== 'facet') throw new Error('expected a facet query');
      return answerFacetValues(states, parsed.params).facetHits.length;
    };
    expect(facetHits()).toBe(10);
    expect(facetHits(0)).toBe(1);
    expect(facetHits(-5)).toBe(1);
    expect(facetHits(500)).toBe(100);
    expect(facetHits(42)).toBe(42);
  });
});

describe('optional filters (the visitor’s market first)', () => {
  const editions = SiteIndex.build([
    record('philadelphia', 'Rolling Stone: Philadelphia edition', 900, { market: 'PHL', state: 'PA' }),
    record('boston', 'Rolling Stone: Boston edition', 500, { market: 'BOS', state: 'MA' }),
    record('chicago', 'Rolling Stone: Chicago edition', 100, { market: 'CHI', state: 'IL' }),
    record('chicago-typo', 'Rolling Stoen: Chicago Weekly', 5_000, { market: 'CHI', state: 'IL' }),
    record('national', 'Rolling Stone', 50),
  ]);
  const order = (query: string, extra: Record<string, unknown> = {}) => {
    const parsed = parseQuery({ indexName: 'i', query, ...extra }, { where: '' });
    if (parsed.type !== 'default') throw new Error('expected a hits query');
    return answerHits(editions, parsed).hits.map((hit) => hit.objectID);
  };

  it('ranks the hits of the market asked for first, and leaves none out', () => {
    expect(order('rolling stone')).toEqual(['national', 'philadelphia', 'boston', 'chicago', 'chicago-typo']);
    expect(order('rolling stone', { optionalFilters: ['market:CHI'] })).toEqual([
      'chicago',
      'national',
      'philadelphia',
      'boston',
      'chicago-typo',
    ]);
    // As a params string too, as InstantSearch's helper sends it.
    expect(order('rolling stone', { params: 'optionalFilters=%5B%22market%3ACHI%22%5D' })[0]).toBe('chicago');
  });

  it('counts after typos and before exact words, as Algolia’s filters criterion', () => {
    // A typo still ranks after every exact match, boosted or not.
    expect(order('rolling stone', { optionalFilters: 'market:CHI' }).at(-1)).toBe('chicago-typo');
    // The exact full text ("Rolling Stone") no longer comes before the visitor's market.
    expect(order('rolling stone', { optionalFilters: 'market:BOS' }).slice(0, 2)).toEqual([
      'boston',
      'national',
    ]);
  });

  it('adds the scores of the filters matched, <score=N> weighs one more, an inner list counts its best', () => {
    expect(
      order('rolling stone', { optionalFilters: ['market:PHL', 'market:BOS<score=3>'] }).slice(0, 2),
    ).toEqual(['boston', 'philadelphia']);
    expect(
      order('rolling stone', { optionalFilters: [['market:PHL', 'market:BOS<score=2>'], 'state:PA'] }),
    ).toEqual(['philadelphia', 'boston', 'national', 'chicago', 'chicago-typo']);
    expect(order('rolling stone', { optionalFilters: ['-market:PHL'] }).at(-2)).toBe('philadelphia');
  });

  it('refuses a filter on what is no facet, naming the parameter', () => {
    expect(() => order('rolling stone', { optionalFilters: ['colour:red'] })).toThrow(
      /^optionalFilters: "colour" is not a facet of this index/,
    );
  });
});

describe('an index built of parts (the places kept while placements change)', () => {
  const placements = [
    record('media-1', 'Chicago Parent E-mail List', 900, {
      type: 'email',
      partner: 'Mail-Chimp',
      market: 'CHI',
    }),
    record('media-2', 'Springfield Weekly', 300, { market: 'SPI' }),
    record('media-3', 'Parker Table', 20, { state: 'CO' }),
  ];
  const places = [
    record('city-chicago-il', 'Chicago, IL', 2_000, { type: 'location', place_kind: 'city', market: 'CHI' }),
    record('city-springfield-il', 'Springfield, IL', 300, { type: 'location', place_kind: 'city' }),
    record('zip-80134', '80134 · Parker, CO', 20, { type: 'location', place_kind: 'zip', state: 'CO' }),
    record('state-il', 'Illinois', 5_000, { type: 'location', place_kind: 'state' }),
  ];
  const whole = SiteIndex.build([...placements, ...places]);
  const joined = SiteIndex.fromParts([IndexPart.of(placements), IndexPart.of(places)]);
  const answer = (index: SiteIndex, query: string) => {
    const parsed = parseQuery(
      { indexName: 'i', query, facets: ['type', 'partner', 'place_kind', 'state', 'market'] },
      { where: '' },
    );
    if (parsed.type !== 'default') throw new Error('expected a hits query');
    const { processingTimeMS: _, ...rest } = answerHits(index, parsed);
    return rest;
  };

  it('answers every query as the index of all their records at once', () => {
    const queries = [
      'chicago',
      'chi',
      'chicgo',
      'email',
      'e-mail',
      'mail chimp',
      'springfield il',
      'parker',
      '801',
      'ilinois',
      'parent list',
    ];
    for (const query of queries) expect(answer(joined, query), query).toEqual(answer(whole, query));
    expect(answer(joined, 'chicago').nbHits).toBe(2);
  });
});
