import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SearchErrorResponse } from '../../contract/search';
import type { AppEnv } from '../env';
import { limitBodyWith } from '../http/bodyLimits';
import { answerFacetValues, answerHits } from '../search/answer';
import { SearchRequestError } from '../search/errors';
import { isObject, type ParsedQuery, parseQuery } from '../search/params';

/** Bodies are a few hundred bytes; anything this big is a mistake or an attack (also the unzipped size). */
const MAX_BODY_BYTES = 256 * 1024;
/** InstantSearch sends one query per refined disjunctive facet: a handful, never this many. */
const MAX_QUERIES = 50;

/**
 * The search routes' body limit (the app puts it in front of /1/, before anything reads the body): a
 * 413 in Algolia's error shape.
 */
export const limitSearchBody = limitBodyWith(MAX_BODY_BYTES, (c) =>
  searchError(c, 413, `The request body is over ${MAX_BODY_BYTES / 1024} KB; search requests are small.`),
);

/** An answer in Algolia's error shape. */
export function searchError(c: Context, status: ContentfulStatusCode, message: string) {
  const body: SearchErrorResponse = { message, status };
  return c.json(body, status);
}

/**
 * The request body as JSON whatever its content type: Algolia's browser clients send JSON as
 * `text/plain` (v5) or `application/x-www-form-urlencoded` (v4) to avoid CORS preflights, and the
 * Node client may gzip it.
 */
async function readJson(c: Context<AppEnv>): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await c.req.arrayBuffer());
  } catch {
    throw new SearchRequestError(400, 'The request body could not be read.');
  }
  if ((c.req.header('content-encoding') ?? '').toLowerCase() === 'gzip') {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_BODY_BYTES });
    } catch {
      throw new SearchRequestError(400, 'The request body says it is gzip but could not be unzipped.');
    }
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchRequestError(
      400,
      'The request body is not valid JSON. Send a JSON object, like {"requests":[…]}.',
    );
  }
}

/** Only the configured index exists; Algolia answers any other name with this 404. */
function checkIndex(c: Context<AppEnv>, query: ParsedQuery): void {
  if (query.indexName !== c.var.config.searchIndex) throw new SearchRequestError(404, 'Index does not exist');
}

const answer = (c: Context<AppEnv>, query: ParsedQuery) =>
  query.type === 'facet'
    ? answerFacetValues(c.var.catalogue.siteSearch, query.params)
    : answerHits(c.var.catalogue.siteSearch, query);

const SEARCH_PATHS = ['/:indexName/queries', '/:indexName/query', '/:indexName/facets/:facet/query'];

/**
 * Algolia's search protocol (`/1/indexes/...`), answered from the catalogue's site index, so the
 * storefront's `algoliasearch/lite` and InstantSearch work against the embedded API unchanged.
 * The `x-algolia-*` credentials, agent and request ids are accepted and ignored: the index is public.
 */
export const algoliaRoutes = new Hono<AppEnv>()
  /** Several queries at once: what InstantSearch sends, hits and facet-value searches alike. */
  .post('/:indexName/queries', async (c) => {
    if (c.req.param('indexName') !== '*')
      throw new SearchRequestError(404, 'Multiple queries are sent to /1/indexes/*/queries.');
    const body = await readJson(c);
    const requests = isObject(body) ? body.requests : undefined;
    if (!Array.isArray(requests))
      throw new SearchRequestError(
        400,
        'requests is missing: send {"requests":[{"indexName":"…","query":"…"}]}.',
      );
    if (requests.length > MAX_QUERIES)
      throw new SearchRequestError(
        400,
        `Send at most ${MAX_QUERIES} queries in one request, not ${requests.length}.`,
      );
    const queries = requests.map((request, i) => parseQuery(request, { where: `requests[${i}]: ` }));
    for (const query of queries) checkIndex(c, query);
    return c.json({ results: queries.map((query) => answer(c, query)) });
  })
  .post('/:indexName/query', async (c) => {
    const query = parseQuery(await readJson(c), {
      where: '',
      indexName: c.req.param('indexName'),
      type: 'default',
    });
    checkIndex(c, query);
    return c.json(answer(c, query));
  })
  .post('/:indexName/facets/:facet/query', async (c) => {
    const query = parseQuery(await readJson(c), {
      where: '',
      indexName: c.req.param('indexName'),
      type: 'facet',
      facet: c.req.param('facet'),
    });
    checkIndex(c, query);
    return c.json(answer(c, query));
  })
  .on(['GET', 'PUT', 'PATCH', 'DELETE'], SEARCH_PATHS, (c) => {
    c.header('Allow', 'POST');
    return searchError(c, 405, `Search with POST ${c.req.path}.`);
  })
  .all('*', (c) => searchError(c, 404, `There is no ${c.req.method} ${c.req.path} in this search API.`))
  .onError((error, c) => {
    if (error instanceof SearchRequestError) return searchError(c, error.status, error.message);
    c.var.log.error({ err: error }, 'search request failed');
    return searchError(c, 500, 'Something went wrong on our side. Please try again in a moment.');
  });
