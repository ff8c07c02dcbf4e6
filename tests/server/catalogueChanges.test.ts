import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CatalogueWatch, watchCatalogue } from '../../server/catalogue/changes';
import { catalogueVersionOf } from '../../server/catalogue/snapshot';
import { media, zips } from '../../server/db/schema';
import { silentLogger } from '../../server/log';
import type { ServerProcess } from '../support/serverProcess';
import { firstTvPlacement, type Request, siteHits, timeUntil, twoServersOn } from './catalogueReach';
import { DRIVERS, type Harness } from './harness';

/*
 * Issue 29, point 4: a catalogue change reaches every process's search within 5 s. The catalogue's
 * trigger notifies each change at its commit (LISTEN/NOTIFY on PostgreSQL, PGlite's own listen in
 * its one process) and each process reads its index again. No back-office route writes placements
 * yet: the change is written to the database itself, as the trigger hears any writer.
 */

const NEW_NAME = 'Zebra Quilt Weekly';
/** How long a change may take to reach every process (the bound). */
const WITHIN_MS = 5_000;

/** Whether the site search and the shop's search both find the placement by its new name. */
async function findsRenamed(request: Request, mediacode: string, name = NEW_NAME): Promise<boolean> {
  const shop = await request(`/api/v1/media/search?search=${encodeURIComponent(name)}`, {
    method: 'POST',
  });
  const { items } = ((await shop.json()) as { data: { items: { mediacode: string }[] } }).data;
  return (
    (await siteHits(request, name)).includes(`media-${mediacode}`) &&
    items.some((item) => item.mediacode === mediacode)
  );
}

describe.each(DRIVERS)('catalogue changes in one process on %s', (name, open) => {
  let h: Harness;
  let watch: CatalogueWatch;
  /** What the watcher told of each reading: the server's metrics and snapshot follow it. */
  const reloads: { version: number; seconds: number }[] = [];
  const request: Request = async (path, init) => h.app.request(path, init);

  beforeAll(async () => {
    h = await open();
    watch = await watchCatalogue({
      listen: h.database.listen,
      index: h.catalogue,
      version: await catalogueVersionOf(h.database.db),
      versionOf: () => catalogueVersionOf(h.database.db),
      logger: silentLogger(),
      onReloaded: (version, seconds) => reloads.push({ version, seconds }),
    });
  });
  afterAll(async () => {
    await watch?.close();
    await h?.close();
  });

  /** The n-th magazine's code, once its name is not yet `to`. */
  const magazine = async (n: number, to: string) => {
    const [placement] = await h.database.db
      .select({ mediacode: media.mediacode })
      .from(media)
      .where(eq(media.mediaType, 'printmag'))
      .orderBy(media.mediacode)
      .offset(n)
      .limit(1);
    const mediacode = placement?.mediacode ?? '';
    expect(await findsRenamed(request, mediacode, to)).toBe(false);
    return mediacode;
  };
  /** What a back-office rename would write: the name, and the words the shop's search looks in. */
  const rename = (mediacode: string, to: string) =>
    h.database.db
      .update(media)
      .set({ name: to, searchText: sql`${to.toLowerCase()} || ' ' || ${media.searchText}` })
      .where(eq(media.mediacode, mediacode));

  it('reach its search index without a restart', async () => {
    const mediacode = await magazine(0, NEW_NAME);

    await rename(mediacode, NEW_NAME);

    expect(await timeUntil(() => findsRenamed(request, mediacode), WITHIN_MS)).not.toBeNull();
    const version = await catalogueVersionOf(h.database.db);
    expect(watch.version()).toBe(version);
    expect(reloads.at(-1)).toEqual({ version, seconds: expect.any(Number) });
  });

  it('read placements alone again, and places only when a zip code or market changed', async () => {
    // Reading and indexing 42,000 zip codes is most of a reading: a renamed placement leaves them be.
    const areas = h.catalogue.directMail;
    const to = 'Wombat Ledger Weekly';
    const mediacode = await magazine(3, to);
    await rename(mediacode, to);
    expect(await timeUntil(() => findsRenamed(request, mediacode, to), WITHIN_MS)).not.toBeNull();
    expect(h.catalogue.directMail).toBe(areas);

    await h.database.db.update(zips).set({ city: 'Quillbury' }).where(eq(zips.zip, '60601'));
    expect(
      await timeUntil(
        () => siteHits(request, 'quillbury').then((hits) => hits.includes('zip-60601')),
        WITHIN_MS,
      ),
    ).not.toBeNull();
    expect(h.catalogue.directMail).not.toBe(areas);
  });

  it.skipIf(name === 'PGlite')(
    'reach it after its session connection was cut, made meanwhile too',
    async () => {
      const to = 'Quokka Lantern Monthly';
      const mediacode = await magazine(1, to);
      const session = h.database.session;
      const lost = new Promise((resolve) => session?.onLost(resolve));
      await h.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'adlane-session' and datname = current_database()`,
      );
      await lost;

      // Written while the session is away (it comes back after 0.5 s): no notification reaches it.
      await rename(mediacode, to);

      expect(await timeUntil(() => findsRenamed(request, mediacode, to), WITHIN_MS)).not.toBeNull();
      // And it listens again.
      const next = 'Ibex Harbor Quarterly';
      const third = await magazine(2, next);
      await rename(third, next);
      expect(await timeUntil(() => findsRenamed(request, third, next), WITHIN_MS)).not.toBeNull();
    },
  );
});

const serverUrl = inject('postgresUrl');

describe.skipIf(!serverUrl)('catalogue changes across two processes on one PostgreSQL', () => {
  let servers: Awaited<ReturnType<typeof twoServersOn>> | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    servers = await twoServersOn(serverUrl ?? '', 'catalogue');
    ({ a, b } = servers);
  }, 300_000);
  afterAll(async () => {
    await servers?.stop();
  });

  it('reach both processes’ searches within 5 s of a change written by neither', async () => {
    const mediacode = servers ? await firstTvPlacement(servers.database) : '';
    const on =
      (server: ServerProcess): Request =>
      (path, init) =>
        fetch(`${server.baseURL}${path}`, init);
    expect(await findsRenamed(on(a), mediacode)).toBe(false);
    expect(await findsRenamed(on(b), mediacode)).toBe(false);

    await servers?.database.query(
      `update media set name = '${NEW_NAME}', search_text = '${NEW_NAME.toLowerCase()} ' || search_text where mediacode = '${mediacode}'`,
    );

    const [onA, onB] = await Promise.all(
      [a, b].map((server) => timeUntil(() => findsRenamed(on(server), mediacode), WITHIN_MS)),
    );
    expect({ onA: onA !== null, onB: onB !== null }).toEqual({ onA: true, onB: true });
  });
});
