import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adFiles } from '../../server/db/schema';
import { checkFileJob, queueFilesLeftChecking } from '../../server/files/checkJob';
import { folderStorage, type UploadStorage } from '../../server/files/storage';
import { silentLogger } from '../../server/log';
import { DRIVERS, type Harness } from './harness';
import { customer } from './orderShop';
import { caller } from './shop';
import { uploadWhole } from './tusClient';

/*
 * Ad files are checked by `files.check` jobs (here run at once in the app, as after-answer work; the
 * queue's leases and retries are pg-boss's, tests/server/jobs.test.ts), one thread at a time
 * (FILE_CHECKS_AT_ONCE=1). The storage holds the copies until the test lets them go, and records
 * which files the checks read.
 */

vi.stubEnv('FILE_CHECKS_AT_ONCE', '1');

/** A folder storage whose checks wait at the gate while it is shut, and which records what they read. */
function gatedStorage(directory: string) {
  const inner = folderStorage(directory);
  const read: string[] = [];
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const storage: UploadStorage = {
    ...inner,
    localCopy: async (id) => {
      read.push(id);
      await gate;
      return inner.localCopy(id);
    },
  };
  return {
    storage,
    read,
    shut: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

describe.each(DRIVERS)('the file check queue on %s', (_name, openHarness) => {
  let h: Harness;
  let folder: string;
  let gated: ReturnType<typeof gatedStorage>;
  const call = caller(() => h);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'adlane-checks-'));
    gated = gatedStorage(folder);
    h = await openHarness({ storage: gated.storage });
  });
  afterAll(async () => {
    // A failed test must not leave its checks waiting at the gate, which closing waits for.
    gated.open();
    await h.close();
    await rm(folder, { recursive: true, force: true });
  });

  const banner = () =>
    sharp({ create: { width: 300, height: 250, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const statusOf = async (id: string) =>
    (await h.database.db.select({ status: adFiles.status }).from(adFiles).where(eq(adFiles.id, id)))[0]
      ?.status;

  it('checks every file sent while the storage is slow, once each, none left checking', async () => {
    const buyer = await customer(call);
    gated.read.length = 0;
    gated.shut();
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1)
      ids.push(
        await uploadWhole(h, buyer.token, await banner(), {
          filename: `banner-${i}.png`,
          filetype: 'image/png',
          sheet: 'online-display-ads',
        }),
      );
    for (const id of ids) expect(await statusOf(id)).toBe('checking');
    gated.open();
    await h.background.settled();
    expect([...gated.read].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await statusOf(id)).toBe('passed');
  });

  /** A file sent and checked, then set back to `checking`, as a server that stopped would leave it. */
  async function leftChecking(filename: string) {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, await banner(), {
      filename,
      filetype: 'image/png',
      sheet: 'online-display-ads',
    });
    await h.background.settled();
    await h.database.db.update(adFiles).set({ status: 'checking', checks: [] }).where(eq(adFiles.id, id));
    const [row] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, id));
    if (!row) throw new Error('The file is gone.');
    return row;
  }

  it('queues again the checks of the files a stopped server left checking', async () => {
    const row = await leftChecking('left.png');
    gated.read.length = 0;
    expect(await queueFilesLeftChecking(h.database.db, h.jobs)).toBeGreaterThanOrEqual(1);
    await h.background.settled();
    expect(gated.read).toEqual([row.id]);
    expect(await statusOf(row.id)).toBe('passed');
  });

  it('leaves alone a file sent again since its check was queued, or checked already', async () => {
    const row = await leftChecking('again.png');
    const deps = {
      db: h.database.db,
      storage: gated.storage,
      clock: () => new Date(),
      logger: silentLogger(),
    };
    const run = { id: 'job', attempt: 0, last: false, signal: new AbortController().signal, jobs: h.jobs };
    gated.read.length = 0;
    const before = (row.uploadedAt?.getTime() ?? 0) - 1_000;
    await checkFileJob(deps, { fileId: row.id, uploadedAt: before }, run);
    expect(gated.read).toEqual([]);
    expect(await statusOf(row.id)).toBe('checking');
    await checkFileJob(deps, { fileId: row.id, uploadedAt: row.uploadedAt?.getTime() ?? 0 }, run);
    expect(gated.read).toEqual([row.id]);
    expect(await statusOf(row.id)).toBe('passed');
    await checkFileJob(deps, { fileId: row.id, uploadedAt: row.uploadedAt?.getTime() ?? 0 }, run);
    expect(gated.read).toEqual([row.id]);
  });
});
