import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A JSON answer serialised once, and its compressed forms by encoding, each made the first time a
 * client asks for it (server/http/compression.ts): an answer kept for many requests (the shop's
 * searches, server/catalogue/index.ts) is neither serialised nor compressed again for each.
 */
export interface PreparedJson {
  readonly text: string;
  readonly encoded: Map<string, Uint8Array<ArrayBuffer>>;
}

export const prepareJson = (value: unknown): PreparedJson => ({
  text: JSON.stringify(value),
  encoded: new Map(),
});

/**
 * The JSON of every answer made here, so the compression after it knows its size and bytes without
 * reading the answer back through a stream.
 */
const prepared = new WeakMap<Response, PreparedJson>();

/** An answer of JSON prepared before (and perhaps sent before). */
export function preparedAnswer(c: Context, json: PreparedJson, status: ContentfulStatusCode = 200): Response {
  const answer = c.body(json.text, status, { 'Content-Type': 'application/json' });
  prepared.set(answer, json);
  return answer;
}

/** What `c.json(value, status)` answers, with its text kept for `preparedOf`. */
export const jsonAnswer = (c: Context, value: unknown, status: ContentfulStatusCode = 200): Response =>
  preparedAnswer(c, prepareJson(value), status);

/** The JSON of an answer made here; undefined for any other. */
export const preparedOf = (answer: Response): PreparedJson | undefined => prepared.get(answer);
