import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The text of every answer `jsonAnswer` made, so the compression after it knows its size and bytes
 * without reading the answer back through a stream.
 */
const texts = new WeakMap<Response, string>();

/** What `c.json(value, status)` answers, with its text kept for `jsonTextOf`. */
export function jsonAnswer(c: Context, value: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(value);
  const answer = c.body(text, status, { 'Content-Type': 'application/json' });
  texts.set(answer, text);
  return answer;
}

/** The JSON text of an answer `jsonAnswer` made; undefined for any other. */
export const jsonTextOf = (answer: Response): string | undefined => texts.get(answer);
