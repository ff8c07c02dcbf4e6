import { describe, expect, it, vi } from 'vitest';

// The hosted client's own search, standing in for the service: it answers each request with its text.
vi.mock('algoliasearch/lite', () => ({
  liteClient: () => ({
    search: async (params: { requests: Array<{ query?: string }> }) => ({
      results: params.requests.map((request) => ({ hits: [], nbHits: 0, query: request.query ?? '' })),
    }),
  }),
}));

// The embedded API's host comes from the page's address.
vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
const { answeredFilters, createSearchClient } = await import('../../src/features/search/searchClient');

describe('the site search client', () => {
  it('marks each answer with the filters of the request it answers, in either request shape', async () => {
    const client = createSearchClient();
    const answer = await client.search({
      requests: [
        { indexName: 'i', query: 'chicago', facetFilters: ['type:location'] },
        { indexName: 'i', query: 'chicago' },
        { indexName: 'i', params: { query: 'new york', facetFilters: [['type:location'], 'state:NY'] } },
      ] as never,
    });
    expect(answer.results.map(answeredFilters)).toEqual([
      ['type:location'],
      [],
      ['type:location', 'state:NY'],
    ]);
  });

  it('answers a search for nothing itself, marked with its filters too', async () => {
    const answer = await createSearchClient().search({
      requests: [{ indexName: 'i', query: '  ', facetFilters: ['type:location'] }] as never,
    });
    expect(answer.results.map(answeredFilters)).toEqual([['type:location']]);
    expect(answeredFilters(undefined)).toEqual([]);
  });
});
