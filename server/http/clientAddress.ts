import type { Context } from 'hono';

/**
 * The address a request came from (the socket's peer), or null for requests handed to the app
 * in-process (tests, the dev server's own calls). Forwarded-for headers are not trusted: anyone
 * can write them. Behind a proxy, the proxy's own limits apply first.
 */
export function clientAddress(c: Context): string | null {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
    ?.socket;
  return socket?.remoteAddress ?? null;
}
