/**
 * How the app's API calls reach the server. In the browser: `fetch`, except that the answers the
 * server used to render this page (embedded in it, src/ssr/prefetched.ts) are taken from the page,
 * once each, so the first render in the browser has exactly the data the page was drawn with. On the
 * server: the in-process API, set for each render by the server entry (src/entry-server.tsx).
 */
import { takePrefetched } from '../ssr/prefetched';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

let serverFetch: Fetch | null = null;

/** The server entry's way in: every call of every render goes through `fetch` (it tells renders apart). */
export function setServerFetch(fetch: Fetch): void {
  serverFetch = fetch;
}

/** The key a call is embedded under: method, path and query, and the body of a GraphQL query. */
export function callKey(method: string, url: string, body: unknown): string {
  const { pathname, search } = new URL(url, 'http://page.invalid');
  const text = typeof body === 'string' ? body : '';
  return `${method.toUpperCase()} ${pathname}${search}${text ? ` ${text}` : ''}`;
}

export const apiFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = urlOf(input);
  if (serverFetch) return serverFetch(url, init);
  // The server drew the page as a visitor: its answers are never a signed-in call's.
  const signed = new Headers(init?.headers).has('Authorization');
  const embedded = signed ? null : takePrefetched(callKey(init?.method ?? 'GET', url, init?.body));
  return embedded ? Promise.resolve(embedded) : fetch(input, init);
};
