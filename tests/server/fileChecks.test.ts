import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filesLeftChecking } from '../../server/data/adFiles';
import { adFiles } from '../../server/db/schema';
import { CHECK_HOLD_AT_MOST_MS, CHECK_LEASE_MS, fileChecks } from '../../server/files/checkQueue';
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

/**
 * Retries `check` until it passes (5 s at most). Not vi.waitFor: with fake timers it moves them on
 * each try, which here would fire the renewals the tests fire themselves.
 */
async function eventually(check: () => unknown): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
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

  /** A file sent and checked, then set back to `checking` with no lease, as one waiting for its check. */
  async function fileToCheck(filename: string) {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, await banner(), {
      filename,
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
    return row;
  }
  const leaseOf = async (id: string) =>
    (await h.database.db.select().from(adFiles).where(eq(adFiles.id, id)))[0]?.checkLeaseUntil?.getTime();
  const othersSee = async (id: string, at: Date) =>
    (await filesLeftChecking(h.database.db, at)).some((file) => file.id === id);

  /**
   * Checks `row` with the storage's gate shut and the renewals' interval faked, on a clock that
   * `at(ms after the start)` moves; `during` runs while the check waits at the gate.
   */
  async function checkHeldAtTheGate(
    row: Awaited<ReturnType<typeof fileToCheck>>,
    during: (clock: { start: number; at: (ms: number) => Date }) => Promise<void>,
  ) {
    const start = Date.now();
    let now = new Date(start);
    const deps = { db: h.database.db, storage: gated.storage, clock: () => now, logger: silentLogger() };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      gated.read.length = 0;
      gated.shut();
      const checking = fileChecks().check(deps, row);
      await eventually(() => expect(gated.read).toEqual([row.id]));
      expect(await leaseOf(row.id)).toBe(start + CHECK_LEASE_MS);
      await during({
        start,
        at: (ms) => {
          now = new Date(start + ms);
          return now;
        },
      });
      gated.open();
      await checking;
      // Done, it renews nothing more.
      vi.advanceTimersByTime(CHECK_LEASE_MS);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      gated.open();
      vi.useRealTimers();
    }
  }

  it('holds the check of a file as long as it runs, renewing its lease', async () => {
    const row = await fileToCheck('slow.png');
    await checkHeldAtTheGate(row, async ({ start, at }) => {
      // The check goes on past its first lease; each quarter of one, it is renewed from the clock.
      for (let quarter = 1; quarter <= 6; quarter += 1) {
        const now = at((quarter * CHECK_LEASE_MS) / 4);
        vi.advanceTimersByTime(CHECK_LEASE_MS / 4);
        await eventually(async () => expect(await leaseOf(row.id)).toBe(now.getTime() + CHECK_LEASE_MS));
        expect(await othersSee(row.id, new Date(start + CHECK_LEASE_MS + 1))).toBe(false);
      }
    });
    expect(await statusOf(row.id)).toBe('passed');
    expect(await leaseOf(row.id)).toBeUndefined();
  });

  it('lets go of a check another process has taken over, and of one held for two minutes', async () => {
    const taken = await fileToCheck('taken.png');
    await checkHeldAtTheGate(taken, async ({ at }) => {
      // It missed its renewals (a stalled event loop) and another process claimed the lapsed lease.
      const theirs = at(CHECK_LEASE_MS + 1).getTime() + CHECK_LEASE_MS;
      await h.database.db
        .update(adFiles)
        .set({ checkLeaseUntil: new Date(theirs) })
        .where(eq(adFiles.id, taken.id));
      vi.advanceTimersByTime(CHECK_LEASE_MS / 4);
      await eventually(() => expect(vi.getTimerCount()).toBe(0));
      expect(await leaseOf(taken.id)).toBe(theirs);
    });

    const stalled = await fileToCheck('stalled.png');
    await checkHeldAtTheGate(stalled, async ({ start, at }) => {
      let renewedUntil = start + CHECK_LEASE_MS;
      for (let ms = CHECK_LEASE_MS / 4; ms < CHECK_HOLD_AT_MOST_MS; ms += CHECK_LEASE_MS / 4) {
        renewedUntil = at(ms).getTime() + CHECK_LEASE_MS;
        vi.advanceTimersByTime(CHECK_LEASE_MS / 4);
        await eventually(async () => expect(await leaseOf(stalled.id), `at ${ms} ms`).toBe(renewedUntil));
      }
      // Two minutes on, its copy of the file still stalled: the lease is left to lapse.
      at(CHECK_HOLD_AT_MOST_MS);
      vi.advanceTimersByTime(CHECK_LEASE_MS / 4);
      await eventually(() => expect(vi.getTimerCount()).toBe(0));
      expect(await leaseOf(stalled.id)).toBe(renewedUntil);
      expect(await othersSee(stalled.id, new Date(renewedUntil + 1))).toBe(true);
    });
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
