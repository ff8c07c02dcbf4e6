import fc from 'fast-check';
import { bodyOf, variantOf } from './bodies';
import { formPairs, percentEncode, urlEncoded } from './encode';
import type { Endpoint, FuzzContext } from './endpoint';
import { hostileString, unstorableIn } from './values';

/** One request as it goes on the wire. */
export interface HostileRequest {
  method: string;
  /** Path and query string, percent-encoded as sent (only ASCII). */
  target: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** Sent in chunks without a Content-Length (over HTTP; in-process bodies never have one). */
  chunked?: boolean;
  /** How much of a long body to send before waiting a moment for a refusal (refusalPoint). */
  pauseAfter?: number;
  /** What the body tries, for the report of a failure. */
  variant: string;
}

/** Path segments that are not what a route expects, already encoded as they are sent. */
const HOSTILE_SEGMENTS = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ZZ',
    '%',
    '%E0%A4',
    '%ED%A0%80',
    '%FF%FE',
    '%C0%80',
    '%2F',
    '%2e%2e',
    '..',
    '-1',
    '0',
    '1e999',
    '99999999999999999999',
    '%C3%BC',
    '%F0%9F%98%80',
    '%20',
    '__proto__',
  ),
  fc.nat({ max: 4_000 }).map((n) => 'x'.repeat(n)),
  hostileString.map(percentEncode),
);

/** Query fragments that no encoder produces: broken escapes, bracket keys, empty keys. */
const HOSTILE_QUERY_PARTS = fc.constantFrom(
  '%',
  '%ZZ=1',
  'q=%ED%A0%80',
  'q=%00',
  'q=%C0%80',
  'q=%FF',
  'a[]=',
  'a[b][c]=1',
  '&&',
  '=x',
  '__proto__=1',
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
  `x=${'y'.repeat(6_000)}`,
  'q=%F0%9F%98',
  '+',
  'page=1&page=2&page[]=3',
);

function pathOf(endpoint: Endpoint, ctx: FuzzContext): fc.Arbitrary<string> {
  const names = Object.keys(endpoint.params ?? {});
  if (names.length === 0) return fc.constant(endpoint.path);
  const values = names.map((name) => {
    const sample = endpoint.params?.[name]?.(ctx) ?? 'x';
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(percentEncode(sample)) },
      { weight: 2, arbitrary: unstorableIn(sample).map(percentEncode) },
      { weight: 3, arbitrary: HOSTILE_SEGMENTS },
    );
  });
  return fc.tuple(...values).map((encoded) => {
    let path = endpoint.path;
    names.forEach((name, i) => {
      path = path.replace(`:${name}`, `${encoded[i]}${endpoint.paramSuffix ?? ''}`);
    });
    return path;
  });
}

function queryOf(endpoint: Endpoint, ctx: FuzzContext): fc.Arbitrary<string> {
  const fromInput = endpoint.query
    ? variantOf(endpoint.query, ctx).map((values) => urlEncoded(formPairs(values)))
    : fc.constant('');
  const extra = fc.array(HOSTILE_QUERY_PARTS, { maxLength: 3 });
  return fc
    .tuple(fromInput, fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extra }))
    .map(([query, parts]) => [query, ...parts].filter(Boolean).join('&'));
}

const AUTHORIZATIONS = (ctx: FuzzContext) =>
  fc.constantFrom(
    `Bearer ${ctx.token}`,
    `bearer   ${ctx.token}`,
    `Bearer ${ctx.token}x`,
    `Bearer ${ctx.token} extra`,
    'Bearer',
    'Bearer ',
    'Bearer not-a-token',
    `Bearer ${'a'.repeat(6_000)}`,
    'Basic Zm9vOmJhcg==',
    'Bearer \u00ff\u00fe',
  );

function headersOf(endpoint: Endpoint, ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const valid = `Bearer ${ctx.token}`;
  const authorization =
    endpoint.auth === 'never'
      ? fc.option(
          AUTHORIZATIONS(ctx).filter((a) => !a.includes(ctx.token)),
          { nil: undefined },
        )
      : endpoint.auth === 'required'
        ? fc.oneof(
            { weight: 6, arbitrary: fc.constant(valid) },
            { weight: 1, arbitrary: fc.option(AUTHORIZATIONS(ctx), { nil: undefined }) },
          )
        : fc.option(AUTHORIZATIONS(ctx), { nil: undefined, freq: 2 });
  const requestId = fc.option(
    fc.constantFrom(
      'fuzz-request-1',
      'a b',
      `${'r'.repeat(300)}`,
      '../../etc',
      'id\u00e9',
      '7f1c2d4e-0b7a-4f55-9a1e-3c2b1a0f9e8d',
    ),
    { nil: undefined, freq: 3 },
  );
  const cookie = fc.option(fc.constantFrom('adlane_dashboard_token=x', 'a=%ZZ; b', `c=${'d'.repeat(3000)}`), {
    nil: undefined,
    freq: 5,
  });
  return fc.tuple(authorization, requestId, cookie).map(([auth, id, cookieValue]) => {
    const headers: Record<string, string> = {};
    if (auth !== undefined) headers.authorization = auth;
    if (id !== undefined) headers['x-request-id'] = id;
    if (cookieValue !== undefined) headers.cookie = cookieValue;
    return headers;
  });
}

/**
 * Where a body over its route's limit is refused: at once from its Content-Length, or once it has
 * streamed past the limit when it is chunked. The sender waits there a moment for the answer.
 */
export const refusalPoint = (endpoint: Endpoint, chunked = false) =>
  chunked ? endpoint.maxBody + 4 * 1024 : 16 * 1024;

const OTHER_METHODS = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');

/** Hostile requests to one endpoint, built from its contract schema and a valid sample. */
export function hostileRequests(endpoint: Endpoint, ctx: FuzzContext): fc.Arbitrary<HostileRequest> {
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(endpoint.method) },
    { weight: 1, arbitrary: OTHER_METHODS },
  );
  const bodies =
    endpoint.method === 'POST' || endpoint.method === 'PUT' || endpoint.method === 'PATCH'
      ? bodyOf(endpoint, ctx)
      : fc.option(bodyOf(endpoint, ctx), { nil: null, freq: 8 });
  return fc
    .tuple(method, pathOf(endpoint, ctx), queryOf(endpoint, ctx), headersOf(endpoint, ctx), bodies)
    .map(([verb, path, query, headers, body]): HostileRequest => {
      const request: HostileRequest = {
        method: verb,
        target: query ? `${path}?${query}` : path,
        headers: { ...headers },
        variant: body?.variant ?? 'no body',
      };
      // A GET or HEAD with a body is not something fetch can send; over HTTP it is ignored anyway.
      if (body && verb !== 'GET' && verb !== 'HEAD') {
        request.body = body.body;
        if (body.contentType !== undefined) request.headers['content-type'] = body.contentType;
        Object.assign(request.headers, body.headers);
        if (body.chunked) request.chunked = true;
        if (body.body.length > endpoint.maxBody) request.pauseAfter = refusalPoint(endpoint, body.chunked);
      }
      return request;
    });
}
