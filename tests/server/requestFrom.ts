import type { Envelope } from '../../contract/envelope';
import type { Harness } from './harness';

export interface RequestOptions {
  body?: unknown;
  /** Sent as the bearer. */
  token?: string;
  /** The `Cookie` header as a browser sends it. */
  cookie?: string;
  /** The client's address; without one the request is handed over in-process, as tests do. */
  from?: string;
}

/**
 * A JSON request to the API from a client address (the socket's peer), as @hono/node-server hands it
 * to the app, with its status, headers and envelope.
 */
export async function requestFrom<T = unknown>(
  app: Harness['app'],
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const env = options.from ? { incoming: { socket: { remoteAddress: options.from } } } : undefined;
  const response = await app.request(
    `/api/v1${path}`,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    env as never,
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope<T> };
}
