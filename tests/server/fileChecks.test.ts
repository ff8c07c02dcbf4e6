import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filesLeftChecking } from '../../server/data/adFiles';
import { adFiles } from '../../server/db/schema';
import { CHECK_LEASE_MS, fileChecks } from '../../server/files/checkQueue';
import { folderStorage, type UploadStorage } from '../../server/files/storage';
import { silentLogger } from '../../server/log';
import { DRIVERS, type Harness } from './harness';
import { customer } from './orderShop';
import { caller } from './shop';
import { uploadWhole } from './tusClient';

/*
 * Ad files are checked on the process's queue: one at a time here (FILE_CHECKS_AT_ONCE=1) in the
 * order they arrive, one waiting at most (FILE_CHECKS_WAITING=1); past that a file stays `checking`
 * and is taken up, in upload order, once nothing waits. The storage holds the first file's copy until
 * the test lets it go, and records the order the checks read the files in.
 */

vi.stubEnv('FILE_CHECKS_AT_ONCE', '1');
vi.stubEnv('FILE_CHECKS_WAITING', '1');

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

  it('checks one file at a time in upload order, and takes up the files past the queue once nothing waits', async () => {
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
    // The first is being checked, the second waits, the third and fourth are left in the database.
    expect(gated.read).toEqual(ids.slice(0, 1));
    for (const id of ids) expect(await statusOf(id)).toBe('checking');
    gated.open();
    await h.background.settled();
    await fileChecks().idle();
    expect(gated.read).toEqual(ids);
    for (const id of ids) expect(await statusOf(id)).toBe('passed');
  });

  it('checks again the files a stopped server left checking', async () => {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, await banner(), {
      filename: 'left.png',
      filetype: 'image/png',
      sheet: 'online-display-ads',
    });
    await h.background.settled();
    await h.database.db.update(adFiles).set({ status: 'checking', checks: [] }).where(eq(adFiles.id, id));
    const deps = {
      db: h.database.db,
      storage: gated.storage,
      clock: () => new Date(),
      logger: silentLogger(),
    };
    await fileChecks().pickUpLeftChecking(deps);
    await fileChecks().idle();
    expect(await statusOf(id)).toBe('passed');
  });

  it('holds the check of a file as long as it runs, renewing its lease', async () => {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, await banner(), {
      filename: 'slow.png',
      filetype: 'image/png',
      sheet: 'online-display-ads',
    });
    await h.background.settled();
    await fileChecks().idle();
    await h.database.db
      .update(adFiles)
      .set({ status: 'checking', checks: [], checkLeaseUntil: null })
      .where(eq(adFiles.id, id));
    const [row] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, id));
    if (!row) throw new Error('The file is gone.');
    const start = Date.now();
    let now = new Date(start);
    const deps = { db: h.database.db, storage: gated.storage, clock: () => now, logger: silentLogger() };
    const leaseOf = async () =>
      (await h.database.db.select().from(adFiles).where(eq(adFiles.id, id)))[0]?.checkLeaseUntil?.getTime();
    const othersSee = async (at: Date) =>
      (await filesLeftChecking(h.database.db, at)).some((file) => file.id === id);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      gated.read.length = 0;
      gated.shut();
      const checking = fileChecks().check(deps, row);
      await vi.waitFor(() => expect(gated.read).toEqual([id]));
      expect(await leaseOf()).toBe(start + CHECK_LEASE_MS);
      // The check goes on past its first lease; each quarter of one, it is renewed from the clock.
      for (let quarter = 1; quarter <= 6; quarter += 1) {
        now = new Date(start + (quarter * CHECK_LEASE_MS) / 4);
        vi.advanceTimersByTime(CHECK_LEASE_MS / 4);
        await vi.waitFor(async () => expect(await leaseOf()).toBe(now.getTime() + CHECK_LEASE_MS));
        expect(await othersSee(new Date(start + CHECK_LEASE_MS + 1))).toBe(false);
      }
      gated.open();
      await checking;
      expect(await statusOf(id)).toBe('passed');
      expect(await leaseOf()).toBeUndefined();
      // Done, it renews nothing more.
      vi.advanceTimersByTime(CHECK_LEASE_MS);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      gated.open();
      vi.useRealTimers();
    }
  });

  it('leaves a file another process is checking to it, and takes it up once that process’s lease has passed', async () => {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, await banner(), {
      filename: 'held.png',
      filetype: 'image/png',
      sheet: 'online-display-ads',
    });
    await h.background.settled();
    await fileChecks().idle();
    // As a process that took it and then died would leave it: checking, its lease still running.
    let now = new Date();
    await h.database.db
      .update(adFiles)
      .set({ status: 'checking', checks: [], checkLeaseUntil: new Date(now.getTime() + CHECK_LEASE_MS) })
      .where(eq(adFiles.id, id));
    const deps = { db: h.database.db, storage: gated.storage, clock: () => now, logger: silentLogger() };
    gated.read.length = 0;
    await fileChecks().pickUpLeftChecking(deps);
    await fileChecks().idle();
    expect(gated.read).toEqual([]);
    expect(await statusOf(id)).toBe('checking');
    // A file picked up anyway (a check queued before the other took it) is not checked twice.
    const [row] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, id));
    if (!row) throw new Error('The file is gone.');
    await fileChecks().check(deps, row);
    expect(gated.read).toEqual([]);

    now = new Date(now.getTime() + CHECK_LEASE_MS + 1);
    await fileChecks().pickUpLeftChecking(deps);
    await fileChecks().idle();
    expect(gated.read).toEqual([id]);
    expect(await statusOf(id)).toBe('passed');
  });
});
