import { DEFAULT_SEARCH_INDEX } from '../../contract/search';

/**
 * How the catalogue tests see a change arrive (issue 29's watcher, issue 31's editor): what the site
 * search finds, and how long until something is true.
 */

export type Request = (path: string, init: RequestInit) => Promise<Response>;

/** The objectIDs of the site search's (Algolia protocol) first page of hits for `query`. */
export async function siteHits(request: Request, query: string): Promise<string[]> {
  const site = await request('/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: DEFAULT_SEARCH_INDEX, query }] }),
  });
  const [result] = ((await site.json()) as { results: { hits: { objectID: string }[] }[] }).results;
  return (result?.hits ?? []).map((hit) => hit.objectID);
}

/** The time it took until `found` said yes, asking every 100 ms; null if not within `ms`. */
export async function timeUntil(found: () => Promise<boolean>, ms: number): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    if (await found()) return performance.now() - started;
    if (performance.now() - started > ms) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
