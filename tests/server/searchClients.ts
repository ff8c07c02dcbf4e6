import type { SearchResponses } from 'algoliasearch/lite';
import { liteClient } from 'algoliasearch/lite';
import type { Harness } from './harness';

type App = Harness['app'];

/** What a client put on the wire, for asserting the exact request shapes. */
export interface SentRequest {
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The real `algoliasearch/lite` v5 client, pointed at a made-up host whose requests are answered by
 * the app in-process: everything but the socket is Algolia's own code (URL, credentials, agent,
 * body serialization, error handling).
 */
export function liteClientOn(app: App) {
  const sent: SentRequest[] = [];
  const client = liteClient('adlane-embedded', 'public-search-key', {
    hosts: [{ url: 'search.adlane.test', protocol: 'https', accept: 'readWrite' }],
    requester: {
      send: async (request) => {
        const url = new URL(request.url);
        // The data is a string, or gzip bytes when compression is on (it is not here).
        const data = typeof request.data === 'string' ? request.data : undefined;
        sent.push({ url, headers: request.headers, body: data ? JSON.parse(data) : null });
        const response = await app.request(`${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: data,
        });
        return { status: response.status, content: await response.text(), isTimedOut: false };
      },
    },
  });
  return { client, sent };
}

/** Search parameters the way the v4 client (and InstantSearch on it) encodes them: lists as JSON. */
export function encodeV4Params(params: Record<string, unknown>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${key}=${encodeURIComponent(text)}`;
    })
    .join('&');
}

/**
 * A v4-shaped search client for algoliasearch-helper: it sends each query's parameters as the
 * URL-encoded `params` string, with the form content type v4 used, and keeps what it sent.
 */
export function v4StyleClientOn(app: App) {
  const sent: Array<{ requests: Array<Record<string, unknown>> }> = [];
  const client = {
    search: async <T>(
      requests: ReadonlyArray<{
        indexName: string;
        params?: Record<string, unknown>;
        [key: string]: unknown;
      }>,
    ): Promise<SearchResponses<T>> => {
      const body = {
        requests: requests.map(({ params = {}, ...rest }) => ({ ...rest, params: encodeV4Params(params) })),
      };
      sent.push(body);
      const response = await app.request(
        '/1/indexes/*/queries?x-algolia-agent=Algolia%20for%20JavaScript%20(4.24.0)',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-algolia-api-key': 'public-search-key',
          },
          body: JSON.stringify(body),
        },
      );
      if (response.status !== 200)
        throw new Error(`The search API answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as SearchResponses<T>;
    },
  };
  return { client, sent };
}
