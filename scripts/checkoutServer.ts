/**
 * A checkout's server for the benches: built (`buildCheckout`) and started as its `npm run serve`
 * starts it (its bundle, or its TypeScript through tsx before there was one) on a fresh embedded data
 * folder or a PostgreSQL database of its own (`startBenchPostgres`), stopped by the teardown. Its own
 * file because the benches of one checkout (bench:routes, bench:map) start servers without a baseline.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort } from '../tests/support/ports';
import { findPostgresBin, postgresDatabase, startTempPostgres } from '../tests/support/postgres';
import { type Checkout, finished } from './baseline';
import type { Teardown } from './benchTeardown';

/** How long a server may take to start: a fresh data folder is seeded first (seconds, more when busy). */
const START_LIMIT_MS = 5 * 60_000;
/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_LIMIT_MS = 15_000;

/**
 * Whether the checkout's `npm run serve` runs a bundle of the server (dist/.server/main.js, issue 29)
 * rather than its TypeScript through tsx, as releases before it did.
 */
export function isBundled(checkout: Checkout): boolean {
  const manifest = JSON.parse(readFileSync(path.join(checkout.dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return (manifest.scripts?.serve ?? '').includes('dist/.server/main.js');
}

/** How the checkout's `npm run serve` starts its server, as arguments of node. */
const serverArgs = (checkout: Checkout) =>
  isBundled(checkout) ? ['dist/.server/main.js'] : ['--import', 'tsx', 'server/main.ts'];

const builds = new Map<string, Promise<void>>();

/**
 * Builds what the checkout's server runs, once a run: with `app`, its whole `npm run build` (the app
 * it serves, and its server bundle if it has one); else only its server bundle (a second or two), if
 * it has one. A release before the bundle needs no build for the API.
 */
export function buildCheckout(checkout: Checkout, options: { app: boolean }): Promise<void> {
  const key = `${checkout.dir} ${options.app ? 'app' : 'server'}`;
  const run = (command: string, args: string[], what: string) =>
    finished(
      spawn(command, args, { cwd: checkout.dir, stdio: ['ignore', 'ignore', 'inherit'] }),
      `Building ${checkout.label} (${what})`,
    );
  let build = builds.get(key);
  if (!build) {
    if (options.app) build = run('npm', ['run', 'build'], 'npm run build');
    else if (isBundled(checkout))
      build = run(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], 'its server bundle');
    else build = Promise.resolve();
    builds.set(key, build);
  }
  return build;
}

/** A throw-away PostgreSQL server for a run, stopped and removed by the teardown. */
export async function startBenchPostgres(teardown: Teardown) {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'The PostgreSQL server programs were not found (apt-get install postgresql, or set PG_BIN to their folder): --postgres needs them.',
    );
  const server = await startTempPostgres(bin);
  teardown.add(() => server.stop());
  return {
    /** An empty database: a server started on it migrates and seeds it, as on any first start. */
    database: async (tag: string) => (await postgresDatabase(server.url('postgres'), tag)).url,
  };
}

export interface ServerOptions {
  /** Variables of its environment beside the bench's own (`WEB_CONCURRENCY`...). */
  env?: Record<string, string>;
  /** A PostgreSQL database of its own; else an embedded database folder. */
  databaseUrl?: string;
  /** An embedded folder kept between starts (`bench:start` restarts on it); else a fresh one. */
  dataDir?: string;
  /** The built app it serves (the checkout's dist/); else none, the API only. */
  staticDir?: string;
  /** What the tables call it beside its checkout, when one checkout runs more than one way. */
  variant?: string;
}

export interface BenchServer {
  checkout: Checkout;
  variant: string | null;
  url: string;
  pid: number;
  /** Milliseconds from its spawn to its ready line (or its first answer, if it prints none). */
  readyMs: number;
  /** What it said its start took (`started in N ms`), if it said. */
  startedMs: number | null;
  /** SIGTERM, then its exit (SIGKILL past STOP_LIMIT_MS). */
  stop(): Promise<void>;
}

/** What a server prints once it serves: "Adlane is ready at … started in 812 ms)". */
const READY_LINE = /is ready at [^\n]*?started in (\d+) ms/;
/** How long past its first answer a server may take to print its ready line. */
const LINE_AFTER_ANSWER_MS = 2_000;

/**
 * The checkout's server as `npm run serve` runs it (build it first: `buildCheckout`) on a free loopback
 * port, on a fresh embedded database folder (seeded on its first start, as any) unless told otherwise;
 * resolves once it answers HTTP. Its output goes to a log file (its last lines are printed if it fails
 * to start); the teardown stops it and removes what it made.
 */
export async function startServer(
  checkout: Checkout,
  teardown: Teardown,
  options: ServerOptions = {},
): Promise<BenchServer> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'adlane-bench-data-'));
  teardown.add(() => rmSync(folder, { recursive: true, force: true }));
  const logFile = path.join(folder, 'server.log');
  const log = createWriteStream(logFile);
  const port = await getFreePort();
  if (isBundled(checkout) && !existsSync(path.join(checkout.dir, 'dist/.server/main.js')))
    throw new Error(`${checkout.label} has no server bundle: call buildCheckout first.`);
  const spawned = performance.now();
  const child = spawn(process.execPath, serverArgs(checkout), {
    cwd: checkout.dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir ?? path.join(folder, 'pglite'),
      DATABASE_URL: options.databaseUrl ?? '',
      STATIC_DIR: options.staticDir ?? path.join(folder, 'no-build'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const said: { readyAt: number | null; startedMs: number | null } = { readyAt: null, startedMs: null };
  const onOutput = (chunk: Buffer) => {
    log.write(chunk);
    if (said.readyAt !== null) return;
    output += chunk.toString();
    const ready = READY_LINE.exec(output);
    if (ready) {
      said.readyAt = performance.now();
      said.startedMs = Number(ready[1]);
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  let exited = false;
  // 'close' rather than 'exit': its output has all been read by then, so none is written after the end.
  const exit = new Promise<void>((resolve) =>
    child.once('close', () => {
      exited = true;
      log.end();
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
    await exit;
    clearTimeout(killer);
  };
  teardown.add(stop);
  if (child.pid === undefined) throw new Error(`The server of ${checkout.label} did not start.`);

  const url = `http://127.0.0.1:${port}`;
  const deadline = spawned + START_LIMIT_MS;
  let answeredAt: number | null = null;
  for (;;) {
    // Any answer will do: the server listens only once it is seeded and ready.
    if (
      said.readyAt !== null ||
      (await fetch(url, { method: 'HEAD' }).then(
        () => true,
        () => false,
      ))
    ) {
      answeredAt ??= performance.now();
      if (said.readyAt !== null || performance.now() - answeredAt > LINE_AFTER_ANSWER_MS) break;
    }
    if (exited || performance.now() > deadline) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(
        `The server of ${checkout.label} ${exited ? 'exited' : `did not answer within ${START_LIMIT_MS / 1000} s`} before it was ready. Its last lines:\n${tail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    checkout,
    variant: options.variant ?? null,
    url,
    pid: child.pid,
    readyMs: (said.readyAt ?? answeredAt) - spawned,
    startedMs: said.startedMs,
    stop,
  };
}
