import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  readlinkSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPERVISOR_COMMAND_ENV, SUPERVISOR_PID_ENV } from '../supervision/protocol';
import { HEARTBEAT_MS, type LockOwner, lockVerdict, type Machine, refusal } from './lockVerdict';

/** The lock file in the embedded database's folder: one server process owns the folder at a time. */
export const LOCK_FILE = 'adlane-server.lock';

export type { LockOwner } from './lockVerdict';

export class DataDirInUse extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner | null,
  ) {
    super(message);
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  /** The lock file. */
  readonly file: string;
  readonly owner: LockOwner;
  /** The holder this process took the folder over from (a killed server) and why it was judged gone. */
  readonly tookOver: { from: LockOwner | null; reason: string } | null;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

/** Locks of this process, by file: a second open of the same folder in one process is refused too. */
const held = new Map<string, LockOwner>();

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
};

const trimmedText = (file: string) => readText(file)?.trim() || undefined;

const inProject = (arg: string) =>
  arg.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), arg) : arg;

/** Facts about this process and machine that a later reader compares with. */
function thisProcess(): Omit<LockOwner, 'token' | 'since'> {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).map(inProject).join(' ').slice(0, 200),
    bootId: trimmedText('/proc/sys/kernel/random/boot_id'),
    pidNamespace: safe(() => readlinkSync('/proc/self/ns/pid')),
    processStart: processStartOf(process.pid),
    ...supervisorOf(),
  };
}

/** The supervisor that started this process (it says so in the environment it gives). */
function supervisorOf(): { supervisor: { pid: number; command: string } } | Record<string, never> {
  if (process.env[SUPERVISOR_PID_ENV] !== String(process.ppid)) return {};
  return { supervisor: { pid: process.ppid, command: process.env[SUPERVISOR_COMMAND_ENV] || 'npm start' } };
}

/** A process's start in clock ticks since boot (field 22 of /proc/<pid>/stat), on Linux. */
export function processStartOf(pid: number): string | undefined {
  const stat = safe(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19];
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** A process's state (field 3 of /proc/<pid>/stat: R, S, D, Z...), on Linux. */
function processStateOf(pid: number): string | undefined {
  const stat = safe(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat?.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/**
 * Whether a process runs on this machine: signal 0 checks without sending anything. A killed process
 * whose parent died too stays a zombie until the machine's first process reaps it, which in a
 * container may be never: it holds nothing, so it does not count.
 */
function pidExists(pid: number): boolean {
  // Read first: /proc tells the state of another user's process too.
  const state = processStateOf(pid);
  if (state === 'Z' || state === 'X') return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return !isCode(error, 'ESRCH');
  }
}

const here = (): Machine => {
  const me = thisProcess();
  return {
    pid: me.pid,
    hostname: me.hostname,
    bootId: me.bootId,
    pidNamespace: me.pidNamespace,
    pidExists,
    processStartOf,
  };
};

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof value.pid === 'number' &&
      typeof value.hostname === 'string' &&
      typeof value.token === 'string'
    )
      return value as LockOwner;
  } catch {
    // Unreadable: judged below like a file of no one.
  }
  return null;
}

/**
 * Creates `file` holding `text` only if it does not exist, never visible half-written: the text goes
 * to a file of this process first, then a hard link (atomic, refused when the name is taken) makes it
 * the lock. A file system without hard links gets an exclusive create instead.
 */
function createExclusive(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(draft, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    return createWithoutLink(file, text);
  } finally {
    unlinkSync(draft);
  }
}

function createWithoutLink(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Removes `file` if it still holds `text`; whether it did. */
function removeIfUnchanged(file: string, text: string): boolean {
  if (readText(file) !== text) return false;
  unlinkSync(file);
  return true;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ATTEMPTS = 100;

/**
 * Takes the embedded database folder for this process, or refuses with a message that names the
 * process holding it. A lock whose holder is gone (killed, the machine restarted, a pid now used by
 * another program, or silent for a minute when it cannot be checked from here) is taken over. Two
 * processes taking over the same stale lock do it one at a time under a second, short-lived lock
 * file, so exactly one of them ends up holding the folder.
 */
export async function lockDataDir(
  dir: string,
  options: {
    /** Called when a lock was judged stale, before taking it over: a test lines up racing takeovers. */
    beforeTakeover?: () => Promise<void>;
  } = {},
): Promise<DataDirLock> {
  const file = path.join(path.resolve(dir), LOCK_FILE);
  const guard = `${file}.takeover`;
  const mine = held.get(file);
  if (mine)
    throw new DataDirInUse(
      `The embedded database in ${dir} is already open in this process (pid ${process.pid}).`,
      mine,
    );
  const owner: LockOwner = {
    ...thisProcess(),
    since: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  const text = `${JSON.stringify(owner, null, 2)}\n`;
  let tookOver: DataDirLock['tookOver'] = null;

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusive(file, text)) return holdLock(file, owner, tookOver);
    const found = readText(file);
    if (found === null) continue;
    const previous = parseOwner(found);
    const verdict = lockVerdict(previous, lastTouched(file), Date.now(), here());
    if (verdict.alive) throw new DataDirInUse(refusal(dir, file, previous, verdict.lastSeenMs), previous);
    await options.beforeTakeover?.();
    // Stale: remove it under the takeover guard, only if it is still the file judged stale.
    const guardText = `${JSON.stringify({ ...owner, since: new Date().toISOString() })}\n`;
    if (createExclusive(guard, guardText)) {
      try {
        if (removeIfUnchanged(file, found)) tookOver = { from: previous, reason: verdict.reason };
      } finally {
        removeIfUnchanged(guard, guardText);
      }
    } else {
      clearAbandonedGuard(guard);
      await pause(10 + Math.random() * 20);
    }
  }
  throw new DataDirInUse(
    `Could not take the lock ${file}: other processes kept taking it. Is a server restarting in a loop?`,
    null,
  );
}

/** A guard is held for a few file operations; one left by a process killed in between is removed. */
function clearAbandonedGuard(guard: string) {
  const text = readText(guard);
  if (text === null) return;
  const verdict = lockVerdict(parseOwner(text), lastTouched(guard), Date.now(), here());
  const ageMs = Date.now() - (lastTouched(guard) ?? Date.now());
  if (!verdict.alive || ageMs > 5_000) removeIfUnchanged(guard, text);
}

const lastTouched = (file: string) => safe(() => statSync(file).mtimeMs);

function holdLock(file: string, owner: LockOwner, tookOver: DataDirLock['tookOver']): DataDirLock {
  held.set(file, owner);
  const isMine = () => parseOwner(readText(file) ?? '')?.token === owner.token;
  // Readers on another machine or in another container judge the holder by this heartbeat.
  const heartbeat = setInterval(() => {
    if (!isMine()) return;
    const now = new Date();
    safe(() => utimesSync(file, now, now));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.removeListener('exit', release);
    held.delete(file);
    safe(() => {
      if (isMine()) unlinkSync(file);
    });
  };
  // Whatever ends the process (an error at start-up, process.exit), the folder is freed.
  process.on('exit', release);
  return { file, owner, tookOver, release };
}
