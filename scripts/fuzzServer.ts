import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { getFreePort } from '../tests/support/ports';

/** The server `npm run fuzz` starts for itself, and how it reads that server's memory. */

export interface OwnServer {
  base: string;
  pid: number;
  /** Every line the server wrote to standard output and error. */
  lines: string[];
  stop(): Promise<void>;
}

/** server/main.ts (supervised) on its own copy of the seeded database, serving the API only, logging at info. */
export async function startOwnServer(outboxKey: string): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-fuzz-'));
  const dataDir = path.join(dir, 'pglite');
  const template = await loadPgliteTemplate(await pgliteTemplate());
  const dump = await template.dumpDataDir('none');
  await template.close();
  await (await PGlite.create({ dataDir, loadDataDir: dump })).close();
  const port = await getFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dir, 'no-site'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      OUTBOX_KEY: outboxKey,
      // Every request comes from 127.0.0.1: limits per client address would turn most of them into
      // 429s before they reach a handler (the end-to-end servers raise them the same way).
      LIMIT_LOGIN_PER_ADDRESS: '100000/15m',
      LIMIT_REGISTER_PER_ADDRESS: '100000/1h',
      LIMIT_RESET_PER_ADDRESS: '100000/1h',
      LIMIT_SIGNIN_LINK_PER_ADDRESS: '100000/1h',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`The server exited (${code}) before it was ready:\n${lines.slice(-20).join('\n')}`)),
    ),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/v1/ui/stats`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  // The server process under the supervisor, whose memory is measured: the one holding the database.
  const lock = JSON.parse(readFileSync(path.join(dataDir, 'adlane-server.lock'), 'utf8')) as { pid: number };
  return {
    base,
    pid: lock.pid,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        const finish = () => {
          if (partial) lines.push(partial);
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return finish();
        child.removeAllListeners('exit');
        child.once('exit', finish);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Peak and current resident memory of a process, in MB (Linux). */
export function memoryOf(pid: number): { peak: number; now: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}
