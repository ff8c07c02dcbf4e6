import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope, Meta } from '../../contract/envelope';
import { jsonAnswer } from './jsonAnswer';

/** A successful answer in the SPEC envelope. */
export function ok<T>(c: Context, data: T, meta: Partial<Meta> = {}, message = '') {
  const body: Envelope<T> = { success: true, data, meta: { drop_cookies: [], ...meta }, message };
  return jsonAnswer(c, body, 200);
}

/** A failed answer in the SPEC envelope, with a message a person can act on. */
export function fail(c: Context, status: ContentfulStatusCode, message: string, meta: Partial<Meta> = {}) {
  const body: Envelope<null> = { success: false, data: null, meta: { drop_cookies: [], ...meta }, message };
  return jsonAnswer(c, body, status);
}
