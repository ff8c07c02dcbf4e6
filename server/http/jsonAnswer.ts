import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A JSON answer serialised once. One kept for many requests (the shop's searches,
 * server/routes/searchAnswers.ts) keeps its compressed forms too, by encoding, each made the first
 * time a client asks for it (server/http/compression.ts), so it is not compressed again for each.
 */
export interface PreparedJson {
  readonly text: string;
  /**
   * Null for an answer sent once: held with it until the answer is collected, its compressed bytes
   * kept the server's 99th percentile at twice its time under a load of searches never asked before.
   */
  readonly encoded: Map<string, Uint8Array<ArrayBuffer>> | null;
}

export const prepareJson = (value: unknown): PreparedJson => ({ text: JSON.stringify(value), encoded: null });

/** The answer, to be sent many times: it keeps its compressed forms. */
export const keptJson = (json: PreparedJson): PreparedJson => ({ text: json.text, encoded: new Map() });

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
