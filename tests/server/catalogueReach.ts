import { DEFAULT_SEARCH_INDEX } from '../../contract/search';
import { postgresDatabase } from '../support/postgres';
import { spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

type PostgresDatabase = Awaited<ReturnType<typeof postgresDatabase>>;

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

/** Two server processes on a fresh copy of the seeded PostgreSQL database (`prepare` writes to it first). */
export async function twoServersOn(
  serverUrl: string,
  tag: string,
  prepare: (database: PostgresDatabase) => Promise<unknown> = async () => {},
) {
  const database = await postgresDatabase(serverUrl, tag, POSTGRES_TEMPLATE_DB);
  await prepare(database);
  const [a, b] = await Promise.all([
    spawnServer({ DATABASE_URL: database.url }),
    spawnServer({ DATABASE_URL: database.url }),
  ]);
  await Promise.all([a.ready, b.ready]);
  return {
    a,
    b,
    database,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    },
  };
}

/** The database's first TV placement. */
export async function firstTvPlacement(database: PostgresDatabase): Promise<string> {
  const [row] = await database.query<{ mediacode: string }>(
    "select mediacode from media where media_type = 'tv' order by mediacode limit 1",
  );
  return row?.mediacode ?? '';
}
