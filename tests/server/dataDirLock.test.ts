import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirInUse,
  LOCK_FILE,
  type LockOwner,
  lockDataDir,
  processStartOf,
} from '../../server/db/dataDirLock';
import { lockVerdict, type Machine } from '../../server/db/lockVerdict';

/** One server process per embedded database folder: who holds a lock, and taking over a stale one. */

const NOW = Date.parse('2027-01-11T09:00:00Z');

const holder: LockOwner = {
  pid: 4242,
  hostname: 'box',
  since: '2027-01-11T08:00:00.000Z',
  command: 'server/main.ts',
  bootId: 'boot-1',
  pidNamespace: 'pid:[1]',
  processStart: '1000',
  token: 'theirs',
};

/** The reader: pid 7 on `box`, same boot and namespace, where pid 4242 runs and started at tick 1000. */
const reader: Machine = {
  pid: 7,
  hostname: 'box',
  bootId: 'boot-1',
  pidNamespace: 'pid:[1]',
  pidExists: (pid) => pid === 4242,
  processStartOf: (pid) => (pid === 4242 ? '1000' : undefined),
};

describe('whether the holder of a lock is still running', () => {
  it.each<
    [string, Partial<LockOwner> | null, Partial<Machine>, number | undefined, ReturnType<typeof lockVerdict>]
  >([
    ['its pid runs, started when it did', {}, {}, NOW - 3_600_000, { alive: true, lastSeenMs: null }],
    ['its pid is gone (killed)', { pid: 5151 }, {}, NOW, { alive: false, reason: 'it is no longer running' }],
    [
      'its pid runs but started later: another program',
      { processStart: '900' },
      {},
      NOW,
      { alive: false, reason: 'its pid now belongs to another program' },
    ],
    [
      'it had the reader’s own pid (a restarted container)',
      { pid: 7 },
      { pidExists: () => true },
      NOW,
      { alive: false, reason: 'it was an earlier process with this pid' },
    ],
    [
      'the machine has booted since',
      {},
      { bootId: 'boot-2' },
      NOW,
      { alive: false, reason: 'the machine has restarted since' },
    ],
    [
      'on another host, touched 10 s ago',
      { hostname: 'elsewhere' },
      {},
      NOW - 10_000,
      { alive: true, lastSeenMs: NOW - 10_000 },
    ],
    [
      'on another host, silent for 61 s',
      { hostname: 'elsewhere' },
      {},
      NOW - 61_000,
      { alive: false, reason: 'it has given no sign of life for 61 s' },
    ],
    [
      'in another container of this machine, touched 59 s ago',
      { pidNamespace: 'pid:[2]' },
      {},
      NOW - 59_000,
      { alive: true, lastSeenMs: NOW - 59_000 },
    ],
    ['unreadable, written 1 s ago', null, {}, NOW - 1_000, { alive: true, lastSeenMs: null }],
    ['unreadable, for 10 s', null, {}, NOW - 10_000, { alive: false, reason: 'its lock file is unreadable' }],
  ])('%s', (_case, owner, machine, touchedMs, expected) => {
    const lockOwner = owner === null ? null : { ...holder, ...owner };
    expect(lockVerdict(lockOwner, touchedMs, NOW, { ...reader, ...machine })).toEqual(expected);
  });
});

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-lock-'));
  folders.push(dir);
  return dir;
}

/** The pid of a process that has run and exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('No process was started.');
  return pid;
}

/**
 * A process that has exited and is a zombie until its parent waits for it, which it never does: a
 * shell starts it and becomes `sleep`, which waits for no child. As a killed server process is once
 * its supervisor died too, in a container whose first process does not reap.
 */
async function zombieProcess() {
  // Perl (essential on Debian) forks a child that exits at once and never waits for it. A shell's
  // `true & exec sleep` did the same unless the shell reaped its child before the exec, which a
  // loaded machine made it do now and then (the zombie was gone before the test looked).
  const parent = spawn(
    'perl',
    ['-e', '$| = 1; my $pid = fork(); exit 0 unless $pid; print "$pid\n"; sleep 60'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const first = await createInterface({ input: parent.stdout })[Symbol.asyncIterator]().next();
  const zombie = Number(first.value);
  const deadline = Date.now() + 5_000;
  while (!readFileSync(`/proc/${zombie}/stat`, 'utf8').includes(') Z ') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return { zombie, parent };
}

/** A lock file as a server on this machine would have written it. */
function writeLock(dir: string, owner: Partial<LockOwner>, file = LOCK_FILE) {
  const text = JSON.stringify({
    hostname: os.hostname(),
    since: '2027-01-11T08:00:00.000Z',
    command: 'server/main.ts',
    token: `token-of-${owner.pid}`,
    ...owner,
  });
  writeFileSync(path.join(dir, file), text);
}

const lockFile = (dir: string): LockOwner => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));

describe('the lock of an embedded database folder', () => {
  it('is taken by writing who holds it, and removed on release', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir);
    expect(lockFile(dir)).toMatchObject({
      pid: process.pid,
      hostname: os.hostname(),
      processStart: processStartOf(process.pid),
      token: lock.owner.token,
    });
    expect(lock.tookOver).toBeNull();
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('is refused while its holder runs, with a message naming it', async () => {
    const dir = folder();
    // The test runner's own parent: a process on this machine that outlives the test.
    writeLock(dir, { pid: process.ppid, processStart: processStartOf(process.ppid) });
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUse);
    expect((refused as DataDirInUse).message).toMatch(
      new RegExp(
        `^The embedded database in ${dir} is in use by another server: process ${process.ppid} \\(server/main\\.ts\\), running since 2027-01-11 08:00:00 UTC \\(.+ ago\\)\\. Stop it first \\(\`kill ${process.ppid}\`, or Ctrl-C where it runs\\)\\. To run several servers, use PostgreSQL \\(DATABASE_URL\\); to run a second one apart, give it its own DATA_DIR\\.$`,
      ),
    );
    expect(lockFile(dir).pid).toBe(process.ppid);
  });

  it('is refused to a second open in the same process', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `The embedded database in ${dir} is already open in this process (pid ${process.pid}).`,
    );
    lock.release();
  });

  it('is taken over from a holder that is gone, past an abandoned takeover', async () => {
    const dir = folder();
    const killed = deadPid();
    writeLock(dir, { pid: killed });
    writeLock(dir, { pid: deadPid() }, `${LOCK_FILE}.takeover`);
    const lock = await lockDataDir(dir);
    expect(lock.tookOver).toEqual({
      from: expect.objectContaining({ pid: killed }),
      reason: 'it is no longer running',
    });
    expect(lockFile(dir).token).toBe(lock.owner.token);
    expect(existsSync(path.join(dir, `${LOCK_FILE}.takeover`))).toBe(false);
    lock.release();
  });

  it('is taken over from a holder killed with its parent, left a zombie nobody reaps', async () => {
    const dir = folder();
    const { zombie, parent } = await zombieProcess();
    try {
      expect(existsSync(`/proc/${zombie}`)).toBe(true);
      writeLock(dir, { pid: zombie, processStart: processStartOf(zombie) });
      const lock = await lockDataDir(dir);
      expect(lock.tookOver).toEqual({
        from: expect.objectContaining({ pid: zombie }),
        reason: 'it is no longer running',
      });
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('is left alone on release once it is no longer this process’s', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir);
    writeLock(dir, { pid: process.ppid, token: 'someone else' });
    lock.release();
    expect(lockFile(dir).token).toBe('someone else');
  });

  it('goes to exactly one of several processes that found the same lock stale', {
    timeout: 60_000,
  }, async () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const contenders = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/holdLock.ts', dir], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async () => String((await lines.next()).value);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { child, next, exited };
    });
    expect(await Promise.all(contenders.map((one) => one.next()))).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
    ]);
    for (const { child } of contenders) child.stdin.write('go\n');
    expect(await Promise.all(contenders.map((one) => one.next()))).toEqual([
      'stale',
      'stale',
      'stale',
      'stale',
    ]);
    // One takes over first; the others, which judged the same lock stale, go after it, all at once.
    const [first, ...others] = contenders;
    if (!first) throw new Error('No contenders');
    first.child.stdin.write('take over\n');
    const firstResult = JSON.parse(await first.next());
    expect(firstResult).toEqual({ pid: first.child.pid, won: true });
    for (const { child } of others) child.stdin.write('take over\n');
    const results: { pid: number; won: boolean; message?: string }[] = [
      firstResult,
      ...(await Promise.all(others.map(async (one) => JSON.parse(await one.next())))),
    ];

    expect(results.filter((result) => result.won)).toEqual([firstResult]);
    expect(lockFile(dir).pid).toBe(first.child.pid);
    for (const loser of results.filter((result) => !result.won))
      expect(loser.message).toContain(`is in use by another server: process ${first.child.pid} `);

    for (const { child } of contenders) child.stdin.end();
    expect(await Promise.all(contenders.map((one) => one.exited))).toEqual([0, 0, 0, 0]);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
