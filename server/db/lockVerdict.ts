/** What the lock file of an embedded database folder says about the process that holds it. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** When the holder took the folder (ISO 8601). */
  since: string;
  /** How it was started (`server/main.ts`, `scripts/dev.ts`), to name it in the refusal. */
  command: string;
  /**
   * Linux: the kernel's boot, the holder's process-id namespace and its start (clock ticks since
   * boot), which tell a reboot, a container or a reused pid apart from the holder itself.
   */
  bootId?: string;
  pidNamespace?: string;
  processStart?: string;
  /** Random, so a holder recognises its own file before it removes it. */
  token: string;
  /** The supervisor (`npm start`) whose server process this is: the process to stop. */
  supervisor?: { pid: number; command: string };
}

/**
 * Seen from another machine or container, a holder proves it is alive by touching its file every
 * `HEARTBEAT_MS`; one silent for `SILENT_AFTER_MS` has gone (its pid cannot be checked from there).
 */
export const HEARTBEAT_MS = 15_000;
export const SILENT_AFTER_MS = 60_000;
/** Only a file system without hard links shows a lock file before its text is written, briefly. */
const BEING_WRITTEN_MS = 5_000;

/** The process that reads a lock file, and how it looks at processes on its machine. */
export interface Machine {
  pid: number;
  hostname: string;
  bootId?: string;
  pidNamespace?: string;
  pidExists(pid: number): boolean;
  processStartOf(pid: number): string | undefined;
}

export type Verdict =
  /** `lastSeenMs`: when a holder judged by its heartbeat last touched the file; null when its pid was checked. */
  { alive: true; lastSeenMs: number | null } | { alive: false; reason: string };

const differ = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a !== b;

/**
 * Whether the holder of a lock file is still running. On the same machine and in the same process
 * namespace its pid says so (unless the machine restarted since, or the pid is now another program's,
 * or it is this process's own pid from an earlier life, as in a restarted container); elsewhere only
 * its heartbeat can.
 */
export function lockVerdict(
  owner: LockOwner | null,
  touchedMs: number | undefined,
  nowMs: number,
  machine: Machine,
): Verdict {
  const silentFor = touchedMs === undefined ? Number.POSITIVE_INFINITY : nowMs - touchedMs;
  if (!owner) {
    return silentFor < BEING_WRITTEN_MS
      ? { alive: true, lastSeenMs: null }
      : { alive: false, reason: 'its lock file is unreadable' };
  }
  const sameHost = owner.hostname === machine.hostname;
  if (sameHost && differ(owner.bootId, machine.bootId))
    return { alive: false, reason: 'the machine has restarted since' };
  if (!sameHost || differ(owner.pidNamespace, machine.pidNamespace)) {
    return silentFor < SILENT_AFTER_MS && touchedMs !== undefined
      ? { alive: true, lastSeenMs: touchedMs }
      : { alive: false, reason: `it has given no sign of life for ${Math.round(silentFor / 1000)} s` };
  }
  if (owner.pid === machine.pid) return { alive: false, reason: 'it was an earlier process with this pid' };
  if (!machine.pidExists(owner.pid)) return { alive: false, reason: 'it is no longer running' };
  if (differ(owner.processStart, machine.processStartOf(owner.pid)))
    return { alive: false, reason: 'its pid now belongs to another program' };
  return { alive: true, lastSeenMs: null };
}

/** "process 12345 (server/main.ts)", or its supervisor and it: "process 12345 (server/main.ts, serving through process 12346)" */
export const ownerSummary = (owner: LockOwner) =>
  owner.supervisor
    ? `process ${owner.supervisor.pid} (${owner.supervisor.command}, serving through process ${owner.pid})`
    : `process ${owner.pid}${owner.command ? ` (${owner.command})` : ''}`;

/** "2026-11-23 20:41:07 UTC (3 min ago)" */
function when(iso: string | undefined, nowMs: number): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return 'an unknown time';
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC (${ago(nowMs - at.getTime())})`;
}

function ago(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}

/** What a process that may not open the folder is told: who holds it, since when, what to do. */
export function refusal(
  dir: string,
  file: string,
  owner: LockOwner | null,
  lastSeenMs: number | null,
): string {
  const now = Date.now();
  const intro = `The embedded database in ${dir} is in use by another server`;
  const advice =
    'To run several servers, use PostgreSQL (DATABASE_URL); to run a second one apart, give it its own DATA_DIR.';
  if (!owner) return `${intro} (its lock file ${file} is being written). Try again in a moment. ${advice}`;
  if (lastSeenMs === null) {
    return (
      `${intro}: ${ownerSummary(owner)}, running since ${when(owner.since, now)}. ` +
      `Stop it first (\`kill ${owner.supervisor?.pid ?? owner.pid}\`, or Ctrl-C where it runs). ${advice}`
    );
  }
  const freeAt = new Date(lastSeenMs + SILENT_AFTER_MS).toISOString().slice(11, 19);
  return (
    `${intro}: ${ownerSummary(owner)} on ${owner.hostname}, running since ${when(owner.since, now)}, ` +
    `last seen ${ago(now - lastSeenMs)}. Stop it first; if it has stopped already, the folder is free ` +
    `at ${freeAt} UTC, a minute after its last sign of life (or delete ${file} once you are sure). ${advice}`
  );
}
