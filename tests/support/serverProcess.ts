import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getFreePort } from './ports';

/**
 * Real server processes (`node --import tsx server/main.ts`), for tests of what only a process has:
 * its lock on the embedded database folder, its signals, several of them on one PostgreSQL. Tests
 * wait on what a process says or answers, never on the clock.
 */

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  pid: number;
  port: number;
  baseURL: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves once it has printed `text`; rejects if it exits first. */
  printed(text: string): Promise<void>;
  /** Resolves once it has said it is ready; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<Exit>;
  /** `ready`, or the exit if it comes first. */
  readyOrExited: Promise<'ready' | Exit>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, and the exit. */
  stop(): Promise<Exit>;
}

/**
 * A server API-only (no built app) on a free loopback port; `env` sets its database and anything
 * else. `script`: server/main.ts (the supervisor, as `npm start` runs it), server/worker.ts (one
 * server process on its own), or a bundle's main.js, run with plain node.
 */
export async function spawnServer(
  env: Record<string, string>,
  script: 'server/main.ts' | 'server/worker.ts' | `${string}.js` = 'server/main.ts',
): Promise<ServerProcess> {
  const port = await getFreePort();
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      STATIC_DIR: path.join(os.tmpdir(), 'adlane-no-build'),
      // One server process beside the supervisor and its spare, unless a test asks for more.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('The server process did not start.');
  let output = '';
  const watchers = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watch of watchers) watch();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const watch of watchers) watch();
  });

  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const watch = () => {
        if (output.includes(text)) {
          watchers.delete(watch);
          resolve();
        } else if (hasExited) {
          watchers.delete(watch);
          reject(new Error(`The server exited before it printed "${text}":\n${output}`));
        }
      };
      watchers.add(watch);
      watch();
    });
  const ready = printed('is ready');
  // A test that expects a refusal never waits on `ready`.
  ready.catch(() => {});

  return {
    pid: child.pid,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    output: () => output,
    printed,
    ready,
    exited,
    readyOrExited: Promise.race([
      ready.then(
        () => 'ready' as const,
        () => exited,
      ),
      exited,
    ]),
    kill: (signal) => {
      if (!hasExited) child.kill(signal);
    },
    stop: async () => {
      if (!hasExited) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A folder with its own copy of the seeded PGlite template, removed by `remove`. */
export async function pgliteFolder(template: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-process-'));
  const dataDir = path.join(dir, 'pglite');
  const seeded = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
  const dump = await seeded.dumpDataDir('none');
  await seeded.close();
  await (await PGlite.create({ dataDir, loadDataDir: dump })).close();
  return { dataDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Sends form fields or JSON to the API and reads the envelope. */
export async function api<T = unknown>(
  baseURL: string,
  method: 'GET' | 'POST',
  route: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; headers: Headers; body: { data: T; message: string; success: boolean } }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * Sends a file to a server process with tus in one PATCH, checked against `sheet`; resolves with its
 * id once its last byte is answered.
 */
export async function sendFile(
  baseURL: string,
  token: string,
  file: { name: string; type: string; sheet: string; bytes: Buffer },
): Promise<string> {
  const metadata = [
    ['filename', file.name],
    ['filetype', file.type],
    ['sheet', file.sheet],
  ]
    .map(([key, value]) => `${key} ${Buffer.from(value ?? '').toString('base64')}`)
    .join(',');
  const tus = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` };
  const created = await fetch(`${baseURL}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...tus, 'Upload-Length': String(file.bytes.length), 'Upload-Metadata': metadata },
  });
  if (created.status !== 201)
    throw new Error(`Creating the upload: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location') ?? '', baseURL);
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(file.bytes),
  });
  if (sent.status !== 204) throw new Error(`Sending the file: ${sent.status} ${await sent.text()}`);
  return location.pathname.split('/').pop() ?? '';
}

/** The processes a process started (a supervisor's server processes and spare), from /proc. */
export function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

/** Whether a process has ended: gone, or a zombie left for a parent that died too (it runs nothing). */
export function hasEnded(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true;
  }
}

/**
 * Waits until every one of `pids` has ended, as a service manager does before it starts a service
 * again (the kernel takes a moment to end a killed process that holds a lot of memory); the pids
 * still running at `withinMs`.
 */
export async function untilEnded(pids: readonly number[], withinMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (pids.some((pid) => !hasEnded(pid)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return pids.filter((pid) => !hasEnded(pid));
}

/** A variable of the environment a process was started with, from /proc. */
export function startEnvOf(pid: number, name: string): string | undefined {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return entries.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The server process that holds an embedded database folder (its lock says so). */
export function holderOf(dataDir: string): number {
  return (JSON.parse(readFileSync(path.join(dataDir, 'adlane-server.lock'), 'utf8')) as { pid: number }).pid;
}
