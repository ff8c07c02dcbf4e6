import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_INDEX } from '../../contract/search';
import { learnContext } from '../support/hostile/context';
import { bytesOf, formPairs, jsonText, percentEncode, urlEncoded } from '../support/hostile/encode';
import { type Endpoint, endpointName, type FuzzContext } from '../support/hostile/endpoint';
import { ENDPOINTS } from '../support/hostile/endpoints';
import type { Answer, Send } from '../support/hostile/judge';
import type { FieldTree } from '../support/hostile/schemaFields';
import { sendToApp } from '../support/hostile/send';
import { DRIVERS, type Harness } from './harness';
import { createUpload, uploadWhole } from './tusClient';

/**
 * Issue 27, point 8: a value a request names a thing by (a spec sheet, a list, a role, a facet, a
 * place type...) is looked up among our own keys only, so the names every plain object inherits
 * (`constructor`, `__proto__`, `toString`...) name nothing and answer a 4xx with a sentence, never a
 * 2xx that took them for a thing, nor a 5xx (a spec sheet named `constructor` used to be taken, then
 * fail with a TypeError).
 *
 * How the parameters below were found:
 * - every `choice` field (an enum or literal of a contract schema) of every route in
 *   tests/support/hostile/ENDPOINTS, taken from the schemas as the test runs, so a new one is walked
 *   without an edit here;
 * - a search of contract/ and server/ for index access on plain objects (`TABLE[value]`), `in` checks
 *   and `Record<string, ...>` lookups, each followed back to see whether a request value reaches it
 *   (only `requirementsOf`, the spec sheets, did: through the upload's `sheet` and POST /files/{id}/attach);
 * - sending the five names to every string field of every route of ENDPOINTS, and reading each route
 *   that answered 2xx for one that looks the value up: the Algolia index, facet, filter attributes and
 *   values, and the content API's slugs. The rest of those fields are free text (names, searches,
 *   messages) or database lookups, where the names are as unknown as any other word.
 * Routes that ENDPOINTS does not walk (the tus uploads, attaching a file) are listed by hand.
 */
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/**
 * A message a person can act on: an optional `field: ` before words ending in a full stop, never
 * zod's own words. The Algolia protocol names a missing index in words of its own, which its clients
 * know (README): they stay as they are.
 */
const SENTENCE = /^(?:[\w.[\]$]+: )?["“\p{L}].*[.!?]$/su;
const ALGOLIA_NO_INDEX = 'Index does not exist';

type Place = { where: 'param' | 'query' | 'body'; path: string[] };

interface KeyedParameter {
  name: string;
  send: (key: string) => Promise<Answer>;
  /** The refusal's sentence: from the envelope, Algolia's answer, GraphQL's first error or tus's text. */
  shape: 'envelope' | 'algolia' | 'graphql' | 'text';
}

/** The choice fields of a schema's field tree, as paths (`[]` for an array's element). */
function choicePaths(tree: FieldTree | undefined, prefix: string[] = []): string[][] {
  if (!tree) return [];
  if (tree.kind === 'object')
    return Object.entries(tree.fields).flatMap(([key, child]) => choicePaths(child, [...prefix, key]));
  if (tree.kind === 'array') return choicePaths(tree.element, [...prefix, '[]']);
  return tree.kind === 'choice' && prefix.length > 0 ? [prefix] : [];
}

/** `values` with the field at `path` set to `key` (an array's element as a list of one). */
function withValue(values: Record<string, unknown>, path: string[], key: string): Record<string, unknown> {
  const copy = structuredClone(values);
  let at: Record<string, unknown> = copy;
  for (const [i, step] of path.entries()) {
    if (path[i + 1] === '[]') {
      at[step] = [key];
      return copy;
    }
    if (i === path.length - 1) at[step] = key;
    else {
      const next = at[step];
      at[step] = next && typeof next === 'object' ? next : {};
      at = at[step] as Record<string, unknown>;
    }
  }
  return copy;
}

/** An endpoint's valid sample, sent with one field (or path parameter) set to `key`. */
function sampleRequest(send: Send, ctx: FuzzContext, endpoint: Endpoint, place: Place | null, key: string) {
  let path = endpoint.path;
  for (const [name, sample] of Object.entries(endpoint.params ?? {})) {
    const value = place?.where === 'param' && place.path[0] === name ? key : sample(ctx);
    path = path.replace(`:${name}`, percentEncode(value) + (endpoint.paramSuffix ?? ''));
  }
  const query = endpoint.query?.sample(ctx);
  const body = endpoint.body?.sample(ctx);
  const queryValues = query && place?.where === 'query' ? withValue(query, place.path, key) : query;
  const bodyValues = body && place?.where === 'body' ? withValue(body, place.path, key) : body;
  const headers: Record<string, string> = {};
  if (endpoint.auth === 'required' || endpoint.auth === 'optional')
    headers.authorization = `Bearer ${ctx.token}`;
  if (bodyValues) headers['content-type'] = 'application/json';
  const search = queryValues ? urlEncoded(formPairs(queryValues)) : '';
  return send({
    method: endpoint.method,
    target: search ? `${path}?${search}` : path,
    headers,
    ...(bodyValues ? { body: bytesOf(jsonText(bodyValues)) } : {}),
    variant: `${place?.path.join('.') ?? ''}=${key}`,
  });
}

/** The refusal's sentence in the answer's own shape, or null when it has none. */
function sentenceOf(answer: Answer, shape: KeyedParameter['shape']): string | null {
  if (shape === 'text') return answer.text;
  const body = JSON.parse(answer.text) as {
    message?: string;
    errors?: { message?: string; extensions?: { code?: string } }[];
  };
  return (shape === 'graphql' ? body.errors?.[0]?.message : body.message) ?? null;
}

describe.each(DRIVERS)('the names every object inherits name nothing, on %s', (_driver, open) => {
  let h: Harness;
  let send: Send;
  let ctx: FuzzContext;
  /** A file of the customer's, waiting to be attached to something. */
  let fileId: string;

  beforeAll(async () => {
    h = await open();
    send = sendToApp(h.app);
    ctx = await learnContext(send, { afterAnswers: () => h.background.settled() });
    fileId = await uploadWhole(h, ctx.token, bytesOf('<!doctype html><p>Spring sale</p>'), {
      filename: 'blast.html',
      filetype: 'text/html',
      sheet: 'dedicated-email-blasts',
    });
  });
  afterAll(() => h.close());

  const json = (method: string, target: string, body: unknown, token?: string) =>
    send({
      method,
      target,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: bytesOf(jsonText(body)),
      variant: 'keyed',
    });
  const search = (path: string, body: Record<string, unknown>) => json('POST', `/1/indexes/${path}`, body);
  const graphql = (query: string, variables: Record<string, unknown>) =>
    json('POST', '/graphql', { query, variables });
  const tusAnswer = async (metadata: Record<string, string>): Promise<Answer> => {
    const created = await createUpload(h, ctx.token, 1000, metadata);
    return { status: created.status, contentType: 'text/plain', text: created.text, ms: 0 };
  };

  const fromEndpoints = (): KeyedParameter[] =>
    ENDPOINTS.flatMap((endpoint) => {
      const places: Place[] = [
        ...choicePaths(endpoint.query?.fields).map((path): Place => ({ where: 'query', path })),
        ...choicePaths(endpoint.body?.fields).map((path): Place => ({ where: 'body', path })),
      ];
      return places.map(
        (place): KeyedParameter => ({
          name: `${endpointName(endpoint)} ${place.where} ${place.path.join('.')}`,
          shape: endpoint.shape === 'text' ? 'envelope' : endpoint.shape,
          send: (key) => sampleRequest(send, ctx, endpoint, place, key),
        }),
      );
    });

  const byHand = (): KeyedParameter[] => [
    {
      name: 'POST /api/v1/uploads (tus) metadata sheet',
      shape: 'text',
      send: (key) => tusAnswer({ filename: 'ad.pdf', filetype: 'application/pdf', sheet: key }),
    },
    {
      name: 'POST /api/v1/files/:id/attach body sheet',
      shape: 'envelope',
      send: (key) => json('POST', `/api/v1/files/${fileId}/attach`, { sheet: key }, ctx.token),
    },
    {
      name: 'POST /api/v1/media/search query media_types[]',
      shape: 'envelope',
      send: (key) => json('POST', `/api/v1/media/search?media_types[]=${percentEncode(key)}`, {}),
    },
    {
      name: 'GET /geocoding/v5/mapbox.places/:file query types',
      shape: 'envelope',
      send: (key) =>
        send({
          method: 'GET',
          target: `/geocoding/v5/mapbox.places/chicago.json?types=${percentEncode(key)}`,
          headers: {},
          variant: 'keyed',
        }),
    },
    {
      name: 'POST /api/v1/surveymonkey/save body survey_id',
      shape: 'envelope',
      send: (key) =>
        json(
          'POST',
          '/api/v1/surveymonkey/save',
          { survey_id: key, declined: false, answers: {} },
          ctx.token,
        ),
    },
    {
      name: 'POST /api/v1/surveymonkey/save body answers (a question id)',
      shape: 'envelope',
      send: (key) =>
        json(
          'POST',
          '/api/v1/surveymonkey/save',
          { survey_id: 'onboarding-2026', declined: false, answers: { [key]: 'Yes' } },
          ctx.token,
        ),
    },
    {
      name: 'POST /1/indexes/:indexName/query path indexName',
      shape: 'algolia',
      send: (key) => search(`${percentEncode(key)}/query`, { query: 'chicago' }),
    },
    {
      name: 'POST /1/indexes/*/queries body requests[].indexName',
      shape: 'algolia',
      send: (key) => search('*/queries', { requests: [{ indexName: key, query: 'chicago' }] }),
    },
    {
      name: 'POST /1/indexes/:indexName/facets/:facet/query path facet',
      shape: 'algolia',
      send: (key) =>
        search(`${DEFAULT_SEARCH_INDEX}/facets/${percentEncode(key)}/query`, { facetQuery: 'tv' }),
    },
    {
      name: 'POST /1/indexes/:indexName/query body facetFilters (attribute)',
      shape: 'algolia',
      send: (key) => search(`${DEFAULT_SEARCH_INDEX}/query`, { facetFilters: [`${key}:tv`] }),
    },
    {
      name: 'POST /1/indexes/:indexName/query body numericFilters (attribute)',
      shape: 'algolia',
      send: (key) => search(`${DEFAULT_SEARCH_INDEX}/query`, { numericFilters: [`${key}>=1`] }),
    },
    ...(
      [
        ['specSheet(slug)', 'query Q($v: String!) { specSheet(slug: $v) { title } }'],
        ['article(slug)', 'query Q($v: String!) { article(slug: $v) { title } }'],
        ['articleCategory(slug)', 'query Q($v: String!) { articleCategory(slug: $v) { title } }'],
        ['articles(category)', 'query Q($v: String) { articles(category: $v) { totalCount } }'],
      ] as const
    ).map(
      ([field, query]): KeyedParameter => ({
        name: `POST /graphql ${field}`,
        shape: 'graphql',
        send: (key) => graphql(query, { v: key }),
      }),
    ),
  ];

  it('walks every keyed parameter: the contract’s choices and the lookups found by hand', () => {
    const names = [...fromEndpoints(), ...byHand()].map((parameter) => parameter.name);
    expect(names).toContain('GET /api/v1/files query view');
    expect(names).toContain('POST /api/v1/team/invite body role');
    expect(names.length).toBeGreaterThan(25);
  });

  it('answers every keyed parameter a 4xx with a sentence when it is one of the five', async () => {
    const wrong: string[] = [];
    for (const parameter of [...fromEndpoints(), ...byHand()]) {
      for (const key of KEYS) {
        const answer = await parameter.send(key);
        await h.background.settled();
        const sentence = answer.status < 500 ? sentenceOf(answer, parameter.shape) : null;
        // GraphQL over HTTP answers a field's NOT_FOUND in a 200 with `errors`: the error is the refusal.
        const refused =
          parameter.shape === 'graphql'
            ? answer.status < 500 && JSON.parse(answer.text).errors !== undefined
            : answer.status >= 400 && answer.status < 500;
        const readable =
          sentence !== null &&
          (SENTENCE.test(sentence) || sentence === ALGOLIA_NO_INDEX) &&
          !/Invalid (option|input)/.test(sentence);
        if (!refused || !readable)
          wrong.push(`${parameter.name} = ${key}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('finds nothing by them where a protocol ignores an unknown value, and still answers', async () => {
    for (const key of KEYS) {
      // Algolia leaves out facets the index cannot facet on, and a filter's unknown value matches nothing.
      const facets = await search(`${DEFAULT_SEARCH_INDEX}/query`, { query: '', facets: [key] });
      expect(facets.status).toBe(200);
      expect(Object.keys(JSON.parse(facets.text).facets ?? {})).toEqual([]);
      const value = await search(`${DEFAULT_SEARCH_INDEX}/query`, {
        query: '',
        facetFilters: [`type:${key}`],
      });
      expect(value.status).toBe(200);
      expect(JSON.parse(value.text).nbHits).toBe(0);
    }
  });
});
