import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { SPARE_ENV } from '../../../server/supervision/protocol';
import { E2E_SERVER_ENV } from '../../e2e/serverEnv';
import { getFreePort } from '../ports';
import { childrenOf, type Exit, startEnvOf } from '../serverProcess';

/**
 * The server a soak runs against: `server/main.ts`, the supervisor `npm start` runs, with its server
 * processes and spare, on a free loopback port. Its log is read line by line as it comes: the access
 * lines (one a request, a hundred thousand in a long run) are counted and their 5xx kept, the rest
 * kept whole, so the supervisor's lines can be waited on without scanning everything it ever said.
 */

export interface SoakServer {
  base: string;
  port: number;
  /** The supervisor's pid. */
  pid: number;
  /** What it logged, but the access lines. */
  lines: string[];
  /** Access lines counted, and those of answers with a 5xx status. */
  accessLines(): number;
  fiveHundreds: string[];
  /** The first line at index `from` or later that matches; rejects if the server exits first. */
  logged(pattern: RegExp, from?: number): Promise<string>;
  /** The server processes serving now (not a spare). */
  serving(): number[];
  /** The highest resident memory (VmHWM) seen of each of its processes, in MB, by pid. */
  peakMemory: Map<number, number>;
  exited: Promise<Exit>;
  /** SIGTERM, and the exit (SIGKILL if it has not stopped after 30 s). */
  stop(): Promise<Exit>;
}

const ACCESS_LINE = /"msg":"request"}$/;
const SERVER_ERROR = /"status":5\d\d,/;
const PROMOTED = /Server process (\d+) is serving/;
const STOP_WITHIN_MS = 30_000;

/** Peak resident memory of a process in MB (Linux), or null once it is gone. */
function peakMemoryOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = status.match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Starts the supervisor with `env` on top of the soak's settings; resolves once it serves. */
export async function startSoakServer(env: Record<string, string>): Promise<SoakServer> {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // Every client is 127.0.0.1: the limits per address would count the soak as one visitor.
      ...E2E_SERVER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server did not start.');

  const lines: string[] = [];
  const fiveHundreds: string[] = [];
  const promoted = new Set<number>();
  const watchers = new Set<() => void>();
  let accessLines = 0;
  let hasExited = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const onLine = (line: string) => {
    if (ACCESS_LINE.test(line)) {
      accessLines += 1;
      if (SERVER_ERROR.test(line)) fiveHundreds.push(line);
      return;
    }
    lines.push(line);
    const serving = line.match(PROMOTED)?.[1];
    if (serving) promoted.add(Number(serving));
    for (const watch of watchers) watch();
  };
  for (const stream of [child.stdout, child.stderr])
    if (stream) createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', onLine);

  const peakMemory = new Map<number, number>();
  const sample = () => {
    for (const one of [pid, ...childrenOf(pid)]) {
      const peak = peakMemoryOf(one);
      if (peak !== null) peakMemory.set(one, Math.max(peak, peakMemory.get(one) ?? 0));
    }
  };
  const sampler = setInterval(() => {
    if (!hasExited) sample();
  }, 1_000);
  void exited.then(() => {
    hasExited = true;
    clearInterval(sampler);
    for (const watch of watchers) watch();
  });

  const logged = (pattern: RegExp, from = 0) =>
    new Promise<string>((resolve, reject) => {
      let next = from;
      const watch = () => {
        for (; next < lines.length; next++) {
          const line = lines[next] ?? '';
          if (pattern.test(line)) {
            watchers.delete(watch);
            resolve(line);
            return;
          }
        }
        if (hasExited) {
          watchers.delete(watch);
          reject(new Error(`The server exited before it logged ${pattern}:\n${lines.slice(-20).join('\n')}`));
        }
      };
      watchers.add(watch);
      watch();
    });

  await logged(/is ready at http/);
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    pid,
    lines,
    accessLines: () => accessLines,
    fiveHundreds,
    logged,
    // A spare has ADLANE_SPARE=1 in the environment it started with, and keeps it once promoted.
    serving: () =>
      childrenOf(pid).filter((one) => {
        try {
          return startEnvOf(one, SPARE_ENV) === '0' || promoted.has(one);
        } catch {
          return false; // it ended between the listing and the reading
        }
      }),
    peakMemory,
    exited,
    stop: async () => {
      if (!hasExited) {
        sample();
        child.kill('SIGTERM');
      }
      const late = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      const exit = await exited;
      clearTimeout(late);
      return exit;
    },
  };
}
