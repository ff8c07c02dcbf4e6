import type { MiddlewareHandler } from 'hono';

/**
 * Hono answers a HEAD by running the GET route and dropping its body without reading or cancelling
 * it. A body streamed from a file then keeps its file descriptor open until the process runs out of
 * them (100 HEADs of an ad file held 100). Here a body whose length the headers give is cancelled,
 * which closes its source at once; any other (built in memory: a thumbnail, a PDF, a CSV) is read
 * for its length, so the HEAD's Content-Length is the GET's, as HTTP asks.
 */
const dropBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.body) return;
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  if (headers.has('content-length')) await c.res.body.cancel().catch(() => {});
  else headers.set('content-length', String((await c.res.arrayBuffer()).byteLength));
  c.res = new Response(null, { status, headers });
};

/** Any other request is passed on as it is. */
export const dropHeadBodies: MiddlewareHandler = (c, next) =>
  c.req.method === 'HEAD' ? dropBody(c, next) : next();
