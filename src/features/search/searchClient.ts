import { createMemoryCache } from '@algolia/client-common';
import { type LiteClient, liteClient } from 'algoliasearch/lite';
import { config } from '../../config';

type SearchArguments = Parameters<LiteClient['search']>;
type SearchAnswer = Awaited<ReturnType<LiteClient['search']>>;

/** The host of the embedded API (its Algolia-compatible endpoint lives beside the REST API). */
function embeddedHost(): { url: string; protocol: 'http' | 'https' } {
  const origin = new URL(config.apiHost || window.location.origin);
  return { url: origin.host, protocol: origin.protocol === 'http:' ? 'http' : 'https' };
}

/** A parameter of one request, in either shape InstantSearch sends (flat, or with a params object). */
function paramOf(request: unknown, name: string): unknown {
  const r = request as Record<string, unknown> & { params?: Record<string, unknown> };
  return r[name] ?? r.params?.[name];
}

/** The query of one request. */
function queryOf(request: unknown): string {
  const query = paramOf(request, 'query');
  return typeof query === 'string' ? query : '';
}

/** The facet filters of one request, in either shape, as a flat list of strings. */
function facetFiltersOf(request: unknown): string[] {
  const filters = paramOf(request, 'facetFilters');
  return (Array.isArray(filters) ? filters.flat() : [filters]).filter(
    (f): f is string => typeof f === 'string',
  );
}

/**
 * Where each answer carries the facet filters of the request it answers: InstantSearch gives the
 * last answer the parameters of the search on its way, and a service may leave its own echo out.
 */
const ANSWERED_FILTERS = 'adlaneAnsweredFilters';

/** The facet filters an answer (a raw result of the search) was for. */
export function answeredFilters(result: unknown): string[] {
  const filters = (result as Record<string, unknown> | undefined)?.[ANSWERED_FILTERS];
  return Array.isArray(filters) ? filters.filter((f): f is string => typeof f === 'string') : [];
}

const emptyResult = (request: unknown) => ({
  hits: [],
  nbHits: 0,
  nbPages: 0,
  page: 0,
  hitsPerPage: 0,
  processingTimeMS: 0,
  exhaustiveNbHits: true,
  query: queryOf(request),
  params: '',
  facets: {},
  [ANSWERED_FILTERS]: facetFiltersOf(request),
});

/**
 * The site search client: `algoliasearch/lite`, talking to hosted Algolia when it is configured and
 * otherwise to the embedded API (only `hosts` differ). A search for nothing is answered here with
 * nothing (SPEC section 5: search calls return nothing for empty input), so opening search costs no
 * request.
 */
export function createSearchClient(): LiteClient {
  const { appId, searchKey, hosted } = config.search;
  const client = liteClient(appId, searchKey, {
    ...(hosted ? {} : { hosts: [{ ...embeddedHost(), accept: 'readWrite' }] }),
    // The browser default keeps host health in localStorage and yields a whole task before every
    // request to read it, so each keystroke's request waited for the next frame. In memory, the
    // request leaves in the same task as the keystroke.
    hostsCache: createMemoryCache(),
    // The embedded API has one host: there is no other to retry on, so a slow answer is waited for
    // (Algolia's 2 s read time-out suits its several fast hosts, not one busy server).
    ...(hosted ? {} : { timeouts: { connect: 5_000, read: 15_000, write: 30_000 } }),
  });
  const search = (...args: SearchArguments): Promise<SearchAnswer> => {
    const [params] = args;
    const requests: unknown[] = Array.isArray(params) ? params : params.requests;
    const isFacetSearch = (request: unknown) => (request as { type?: unknown }).type === 'facet';
    if (requests.every((request) => !isFacetSearch(request) && queryOf(request).trim() === '')) {
      return Promise.resolve({ results: requests.map(emptyResult) } as SearchAnswer);
    }
    return client.search(...args).then(
      (answer) =>
        ({
          ...answer,
          results: answer.results.map((result, index) => ({
            ...result,
            [ANSWERED_FILTERS]: facetFiltersOf(requests[index]),
          })),
        }) as SearchAnswer,
    );
  };
  return { ...client, search } as LiteClient;
}
