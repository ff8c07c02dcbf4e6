import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope, Meta } from '../../contract/envelope';
import { jsonAnswer } from './jsonAnswer';

/** The SPEC envelope of a successful answer. */
export const okEnvelope = <T>(data: T, meta: Partial<Meta> = {}, message = ''): Envelope<T> => ({
  success: true,
  data,
  meta: { drop_cookies: [], ...meta },
  message,
});

/** A successful answer in the SPEC envelope. */
export const ok = <T>(c: Context, data: T, meta: Partial<Meta> = {}, message = '') =>
  jsonAnswer(c, okEnvelope(data, meta, message), 200);

/** A failed answer in the SPEC envelope, with a message a person can act on. */
export function fail(c: Context, status: ContentfulStatusCode, message: string, meta: Partial<Meta> = {}) {
  const body: Envelope<null> = { success: false, data: null, meta: { drop_cookies: [], ...meta }, message };
  return jsonAnswer(c, body, status);
}

/** The paging part of a list's meta: which page this is, how many a page holds, and how many in all. */
export const pageMeta = (page: number, perPage: number, total: number) => ({
  page,
  per_page: perPage,
  pages: Math.ceil(total / perPage),
  total,
});
