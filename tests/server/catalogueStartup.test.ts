import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueVersionOf,
  readSnapshot,
  readVersionedCatalogue,
  writeSnapshot,
} from '../../server/catalogue/snapshot';
import { readServerConfig } from '../../server/config';
import { media, zips } from '../../server/db/schema';
import { jobHandlers } from '../../server/jobs/handlers';
import { silentLogger } from '../../server/log';
import { catalogueFor } from '../../server/startup/catalogue';
import { DRIVERS, type Harness } from './harness';

/*
 * A server process starting on the embedded database takes the zip codes and markets from the
 * snapshot the last one left (reading them from PGlite is most of reading the catalogue), as long as
 * the database's digest of them is the same.
 */

describe('the catalogue at the start of a process on the embedded database', () => {
  let h: Harness;
  let dataDir: string;

  beforeAll(async () => {
    const [, open] = DRIVERS.find(([name]) => name === 'PGlite') ?? [];
    if (!open) throw new Error('The server tests always run on PGlite.');
    h = await open();
    dataDir = await mkdtemp(path.join(tmpdir(), 'adlane-snapshot-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cityOf = async (zip: string) => {
    const config = readServerConfig({ DATA_DIR: dataDir });
    const { index } = await catalogueFor(h.database.db, config, null, silentLogger());
    const record = index.siteSearch.records.find((r) => r.objectID === `zip-${zip}`);
    return record?.text;
  };

  it('keeps the snapshot’s zip codes while the database’s are the same, and reads them once changed', async () => {
    const snapshot = await readVersionedCatalogue(h.database.db);
    // A mark only the snapshot carries shows which rows the index was built from.
    const kept = snapshot.rows.zips.map((z) => (z.zip === '60601' ? { ...z, city: 'Snapshotville' } : z));
    await writeSnapshot(dataDir, { ...snapshot, rows: { ...snapshot.rows, zips: kept } });
    expect(await cityOf('60601')).toBe('60601 · Snapshotville, IL');

    await h.database.db.update(zips).set({ city: 'Quillbury' }).where(eq(zips.zip, '60601'));
    expect(await cityOf('60601')).toBe('60601 · Quillbury, IL');
  });
  it('follows a change of the catalogue through the catalogue.refresh job', async () => {
    const config = readServerConfig({ DATA_DIR: dataDir });
    const refresh = () =>
      jobHandlers({
        db: h.database.db,
        config,
        clock: () => new Date(),
        logger: silentLogger(),
        storage: async () => h.storage,
      })['catalogue.refresh'](
        {},
        { id: 'refresh', attempt: 0, last: true, signal: new AbortController().signal, jobs: h.jobs },
      );
    const [first] = await h.database.db.select({ mediacode: media.mediacode }).from(media).limit(1);
    const mediacode = first?.mediacode ?? '';
    await h.database.db
      .update(media)
      .set({ name: 'Snapshot Follows Weekly' })
      .where(eq(media.mediacode, mediacode));

    await refresh();

    const snapshot = await readSnapshot(dataDir);
    expect(snapshot?.version).toBe(await catalogueVersionOf(h.database.db));
    expect(snapshot?.rows.media.find((row) => row.media.mediacode === mediacode)?.media.name).toBe(
      'Snapshot Follows Weekly',
    );
  });
});
