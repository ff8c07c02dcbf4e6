import fc from 'fast-check';
import { bytesOf, concatBytes, formPairs, jsonText, multipart, urlEncoded } from './encode';
import type { Endpoint, FuzzContext, Input } from './endpoint';
import { hostileVariant } from './values';

/**
 * Bodies of hostile requests: an endpoint's input (its valid sample, or a hostile variant of it)
 * encoded every way a client might, well and badly: JSON, URL-encoded and multipart forms, files,
 * truncated or with the wrong boundary, bytes that are not UTF-8, deep nesting, other content
 * types, a gzip claim, random bytes, and bodies past the route's limit with and without a length.
 */

const BOUNDARY = '----adlane-fuzz-7MA4YWxkTrZu0gW';

/** The valid sample now and then, a hostile variant of it mostly. */
export const variantOf = (input: Input, ctx: FuzzContext) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(input.sample(ctx)) },
    { weight: 6, arbitrary: hostileVariant(input.sample(ctx), input.fields) },
  );

export interface Body {
  contentType?: string;
  body: Uint8Array;
  headers?: Record<string, string>;
  chunked?: boolean;
  variant: string;
}

/** The input encoded every way a client might, well and badly. */
export function bodyOf(endpoint: Endpoint, ctx: FuzzContext): fc.Arbitrary<Body | null> {
  const input = endpoint.body;
  const values: fc.Arbitrary<Record<string, unknown>> = input ? variantOf(input, ctx) : fc.constant({});
  const json = (variant: string, contentType = 'application/json') =>
    values.map((v): Body => ({ contentType, body: bytesOf(jsonText(v)), variant }));
  const form = values.map(
    (v): Body => ({
      contentType: 'application/x-www-form-urlencoded',
      body: bytesOf(urlEncoded(formPairs(v))),
      variant: 'urlencoded',
    }),
  );
  const parts = values.map((v) => multipart(formPairs(v), BOUNDARY));
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
  const limit = endpoint.maxBody;
  const arbitraries: fc.WeightedArbitrary<Body | null>[] = [
    { weight: 5, arbitrary: json('json') },
    { weight: 3, arbitrary: form },
    {
      weight: 3,
      arbitrary: parts.map((body) => ({ contentType: multipartType, body, variant: 'multipart' })),
    },
    {
      weight: 1,
      arbitrary: values.map((v) => ({
        contentType: multipartType,
        body: multipart(formPairs(v), BOUNDARY, true),
        variant: 'multipart files',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(parts, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, cut]) => ({
        contentType: multipartType,
        body: body.slice(0, Math.floor(body.length * cut)),
        variant: 'truncated multipart',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          parts,
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=other',
            'multipart/form-data; boundary=',
          ),
        )
        .map(([body, contentType]) => ({
          contentType,
          body,
          variant: 'multipart with a wrong boundary',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(values, fc.double({ min: 0, max: 1, noNaN: true })).map(([v, cut]) => {
        const text = jsonText(v);
        return {
          contentType: 'application/json',
          body: bytesOf(text.slice(0, Math.floor(text.length * cut))),
          variant: 'truncated json',
        };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(values, fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xfe, 0xff], [0xe2, 0x82]))
        .map(([v, bad]) => {
          const text = jsonText(v);
          const at = Math.max(0, text.indexOf('"', 2) + 1);
          return {
            contentType: 'application/json',
            body: concatBytes(bytesOf(text.slice(0, at)), Uint8Array.from(bad), bytesOf(text.slice(at))),
            variant: 'json with bytes that are not UTF-8',
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: Math.floor(limit / 2) - 1 }).map((depth) => ({
        contentType: 'application/json',
        body: bytesOf(`${'['.repeat(depth)}${']'.repeat(depth)}`),
        variant: `json nested ${depth} deep`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 50, max: Math.floor(limit / 8) }).map((depth) => ({
        contentType: 'application/json',
        body: bytesOf(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
        variant: `json objects nested ${depth} deep`,
      })),
    },
    { weight: 1, arbitrary: json('json as text/plain', 'text/plain;charset=UTF-8') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          json('json with another content type'),
          fc.constantFrom(
            'APPLICATION/JSON',
            'application/json; charset=utf-16le',
            'application/xml',
            'application/octet-stream',
            'multipart/mixed',
            'text/html',
            'application/json, text/plain',
            'application/x-www-form-urlencoded; charset=latin1',
            '',
            ';;;',
            'x/y; boundary="',
          ),
        )
        .map(([b, contentType]) => ({ ...b, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 600 }),
          fc.constantFrom(
            'application/json',
            'application/x-www-form-urlencoded',
            multipartType,
            'text/plain',
          ),
        )
        .map(([body, contentType]) => ({ contentType, body, variant: 'random bytes' })),
    },
    {
      weight: 1,
      arbitrary: json('json claiming gzip').map((b) => ({ ...b, headers: { 'content-encoding': 'gzip' } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: limit + 1, max: limit * 3 }), fc.boolean())
        .map(([size, chunked]) => ({
          contentType: 'application/json',
          body: bytesOf(`{"padding":"${'x'.repeat(size)}"}`),
          chunked,
          variant: `over the limit (${size} bytes${chunked ? ', chunked' : ''})`,
        })),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  return fc.oneof(...arbitraries);
}
