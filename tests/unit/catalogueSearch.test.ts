import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MediaSearchQuery } from '../../contract/media';
import { LIFESTYLE_VALUES, type LifestyleValue, MEDIA_TYPES } from '../../contract/mediaTypes';
import { CatalogueIndex } from '../../server/catalogue/index';
import type { Placement } from '../../server/catalogue/placement';
import type { CatalogueRows } from '../../server/data/catalogue';
import { plainSchedule } from '../../server/pricing/schedule';

/*
 * The shop's search finds a page without listing every match (server/catalogue/index.ts). Whatever the
 * catalogue and the search, it must find what filtering the shop's order and cutting the page out
 * finds: the market's placements first (markets in code order), then national ones, or every placement
 * without markets.
 */
const MARKETS = ['CHI', 'LAX', 'NYC'];
const WORDS = ['lake', 'city', 'north', 'river'];
const NOON = new Date('2027-01-11T12:00:00');

const placementArbitrary = fc.record({
  media_type: fc.constantFrom(...MEDIA_TYPES),
  lifestyle: fc.constantFrom(...LIFESTYLE_VALUES.slice(0, 3)),
  prodcode: fc.option(fc.constantFrom(...MARKETS), { freq: 4 }),
  reach: fc.integer({ min: 0, max: 5 }),
  words: fc.subarray(WORDS),
});

type Drawn = typeof placementArbitrary extends fc.Arbitrary<infer T> ? T : never;

const placementOf = (drawn: Drawn, i: number): Placement => ({
  mediacode: `P-${String(i).padStart(4, '0')}`,
  name: drawn.words.join(' '),
  media_type: drawn.media_type,
  partner: null,
  prodcode: drawn.prodcode,
  market: drawn.prodcode ?? 'National',
  state: null,
  lifestyle: drawn.lifestyle,
  unit_price: 1,
  unit_label: 'per unit',
  reach: drawn.reach,
  reach_label: String(drawn.reach),
  image: '',
  description: '',
  schedule: plainSchedule('weeks'),
});

const rowsOf = (placements: Placement[]): CatalogueRows => ({
  media: placements.map((media) => ({ media, searchText: media.name })),
  zips: [],
  markets: [],
});

const queryArbitrary = fc.record({
  media_types: fc.subarray([...MEDIA_TYPES, 'all' as const], { maxLength: 3 }),
  lifestyle: fc.constantFrom<LifestyleValue>('all', ...LIFESTYLE_VALUES.slice(0, 3)),
  zip: fc.constant<string[]>([]),
  search: fc.subarray(WORDS, { maxLength: 2 }).map((words) => words.join(' ')),
  page: fc.integer({ min: 1, max: 6 }),
  per_page: fc.integer({ min: 1, max: 12 }),
});

/** The search written plainly: every match in the shop's order, then the page. */
function plainSearch(shop: readonly Placement[], query: MediaSearchQuery, prodcodes: string[] | null) {
  const candidates = prodcodes
    ? [
        ...[...prodcodes].sort().flatMap((code) => shop.filter((p) => p.prodcode === code)),
        ...shop.filter((p) => p.prodcode === null),
      ]
    : shop;
  const types = query.media_types.filter((t) => t !== 'all');
  const words = query.search.split(' ').filter(Boolean);
  const matches = candidates.filter(
    (p) =>
      (types.length === 0 || types.includes(p.media_type)) &&
      (query.lifestyle === 'all' || p.lifestyle === query.lifestyle) &&
      words.every((word) => p.name.includes(word)),
  );
  const start = (query.page - 1) * query.per_page;
  return {
    codes: matches.slice(start, start + query.per_page).map((p) => p.mediacode),
    total: matches.length,
  };
}

describe('the shop’s search', () => {
  it('finds the page and the count that filtering the whole shop finds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(placementArbitrary, { maxLength: 60 }),
        fc.array(fc.tuple(queryArbitrary, fc.option(fc.subarray(MARKETS, { minLength: 1 }))), {
          minLength: 1,
          maxLength: 8,
        }),
        async (drawn, searches) => {
          const index = await CatalogueIndex.from(async () => rowsOf(drawn.map(placementOf)));
          for (const [query, prodcodes] of searches) {
            const { items, total } = index.search(query, prodcodes, NOON);
            expect({ codes: items.map((m) => m.mediacode), total }).toEqual(
              plainSearch(index.placements, query, prodcodes),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
