/**
 * A server's CPU time read from /proc: the process the bench started and every process under it
 * (a supervisor hands its connections to server processes). Its own file because it is about Linux's
 * process table, not about the load the bench sends.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A process's parent and CPU time so far in milliseconds, from /proc (Linux counts it in 10 ms ticks). */
function processStat(pid: number): { parent: number; cpuMs: number } | null {
  try {
    // The command name before `) ` may hold spaces; the fields after it do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

interface ServerCpu {
  /** Of the process and every process under it. */
  allMs: number;
  /** Of the process alone. */
  rootMs: number;
  /** Whether server processes (server/worker.ts) run under it. */
  supervised: boolean;
}

const isServerProcess = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/worker.');
  } catch {
    return false;
  }
};

/**
 * The CPU time so far of a process and every process under it: the release's server is one process,
 * this checkout's a supervisor that hands its connections to server processes it started.
 */
export function serverCpu(root: number): ServerCpu | null {
  const stats = new Map<number, { parent: number; cpuMs: number }>();
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processStat(Number(entry)) : null;
    if (stat) stats.set(Number(entry), stat);
  }
  const rootMs = stats.get(root)?.cpuMs;
  if (rootMs === undefined) return null;
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.parent)
      if (at === root) return true;
    return false;
  };
  const cpu = { allMs: 0, rootMs, supervised: false };
  for (const [pid, stat] of stats)
    if (inTree(pid)) {
      cpu.allMs += stat.cpuMs;
      cpu.supervised ||= isServerProcess(pid);
    }
  return cpu;
}
