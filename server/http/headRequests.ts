import type { MiddlewareHandler } from 'hono';

/**
 * Bodies streamed from storage with no length known before their end (an order's zip): a HEAD must
 * cancel them, never read them, or it would build the whole answer (gigabytes read from storage and
 * held in memory) to measure it. A WeakSet, so a body forgotten by everyone is forgotten here too.
 */
const streamedBodies = new WeakSet<ReadableStream>();

/** Marks a body as streamed: a HEAD cancels it unread and announces no length. */
export function streamedBody<T extends ReadableStream>(body: T): T {
  streamedBodies.add(body);
  return body;
}

/**
 * Hono answers a HEAD by running the GET route and dropping its body without reading or cancelling
 * it. A body streamed from a file then keeps its file descriptor open until the process runs out of
 * them (100 HEADs of an ad file held 100). Here a body whose length the headers give, or one marked
 * as streamed, is cancelled, which closes its source at once; any other (built in memory: a
 * thumbnail, a PDF, a CSV) is read for its length, so the HEAD's Content-Length is the GET's, as
 * HTTP asks.
 */
const dropBody: MiddlewareHandler = async (c, next) => {
  await next();
  const { body } = c.res;
  if (!body) return;
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  if (headers.has('content-length') || streamedBodies.has(body)) await body.cancel().catch(() => {});
  else headers.set('content-length', String((await c.res.arrayBuffer()).byteLength));
  c.res = new Response(null, { status, headers });
};

/** Any other request is passed on as it is. */
export const dropHeadBodies: MiddlewareHandler = (c, next) =>
  c.req.method === 'HEAD' ? dropBody(c, next) : next();
