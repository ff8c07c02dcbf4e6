import { IncomingMessage } from 'node:http';

/**
 * The Node request behind a context's `env`, when it came over a socket: not one made in-process, as
 * tests make them, even when a test gives it a stand-in `incoming` with a client address only.
 */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/**
 * The body a request's headers announce, as HTTP/1.1 frames it: `chunked` (its size is known once it
 * has all come), else its Content-Length, and none (0) without either; Node refuses a body that
 * differs from its Content-Length, and a request with both.
 */
export function declaredBody(incoming: IncomingMessage): number | 'chunked' {
  const { headers } = incoming;
  if (headers['transfer-encoding'] !== undefined) return 'chunked';
  const length = headers['content-length'];
  return length === undefined ? 0 : Number(length);
}
