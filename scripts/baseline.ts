/**
 * The previous release beside this checkout, for benchmarks that measure both in one run, so that
 * whatever else the machine is doing slows both alike: which ref to compare with, a temporary detached
 * worktree of it with its packages, and a server process started the same way from either checkout on
 * a fresh data folder of its own. Everything made is undone by a Teardown: at the end, on an error,
 * and on Ctrl-C.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort } from '../tests/support/ports';

/** How long a server may take to start: a fresh data folder is seeded first (seconds, more when busy). */
const START_LIMIT_MS = 5 * 60_000;
/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_LIMIT_MS = 15_000;

const git = (args: string[], cwd = process.cwd()): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Steps that undo what a run made, run once, newest first; one that fails does not stop the others. */
export class Teardown {
  private readonly steps: (() => unknown)[] = [];
  private running: Promise<void> | null = null;

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) {
        try {
          await step();
        } catch (error) {
          console.error(`While cleaning up: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.running;
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs `work` with a teardown that runs when the work ends or fails, and on Ctrl-C, SIGTERM or
 * SIGHUP (the process then exits 130, 143 or 129 once it has cleaned up).
 */
export async function withTeardown<T>(work: (teardown: Teardown) => Promise<T>): Promise<T> {
  const teardown = new Teardown();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // The terminal signals every process of the group, and tsx passes it on too: clean up once.
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the servers and removing what this run made...`);
    void teardown.run().finally(() => process.exit(128 + os.constants.signals[signal]));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    return await work(teardown);
  } finally {
    await teardown.run();
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
}

/** A checkout a server can be started from. */
export interface Checkout {
  /** What the tables call it: the tag or ref asked for, or `HEAD`. */
  label: string;
  /** The commit, abbreviated. */
  commit: string;
  dir: string;
}

/** This checkout, as it is on disk (uncommitted changes included: they are what is being measured). */
export function thisCheckout(): Checkout {
  const dir = git(['rev-parse', '--show-toplevel']);
  const changed = git(['status', '--porcelain', '--untracked-files=no'], dir) !== '';
  return { label: 'HEAD', commit: `${git(['rev-parse', '--short', 'HEAD'], dir)}${changed ? '+' : ''}`, dir };
}

/** The newest release tag (`v*`, by version) that HEAD contains and that is not on HEAD itself, or null. */
export function previousRelease(): string | null {
  const head = git(['rev-parse', 'HEAD']);
  const tags = git(['tag', '--list', 'v*', '--merged', 'HEAD', '--sort=-version:refname']).split('\n');
  return tags.find((tag) => tag !== '' && git(['rev-parse', `${tag}^{commit}`]) !== head) ?? null;
}

/** The ref to compare with: `against` when given, else the previous release. */
export function baselineRef(against: string | undefined): string {
  const ref = against ?? previousRelease();
  if (!ref)
    throw new Error(
      'There is no release tag (v*) before HEAD to compare with: name the baseline with --against <tag or commit>, for example --against c9caf61.',
    );
  return ref;
}

/**
 * `ref` in a temporary detached worktree with its packages: a link to this checkout's node_modules when
 * both package-lock.json files are the same bytes, else its own `npm ci`. Removed by the teardown.
 */
export async function checkOutBaseline(ref: string, teardown: Teardown): Promise<Checkout> {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`There is no tag or commit "${ref}" in this repository: pass --against one that exists.`);
  }
  const here = thisCheckout().dir;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-baseline-'));
  teardown.add(() => rmSync(dir, { recursive: true, force: true }));
  git(['worktree', 'add', '--detach', dir, commit], here);
  teardown.add(() => {
    git(['worktree', 'remove', '--force', dir], here);
    git(['worktree', 'prune'], here);
  });
  const lock = (root: string) => readFileSync(path.join(root, 'package-lock.json'));
  if (lock(here).equals(lock(dir))) {
    symlinkSync(path.join(here, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } else {
    console.log(
      `${ref}'s package-lock.json differs from this checkout's: installing its packages (npm ci)...`,
    );
    await finished(
      spawn('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
      `npm ci in the checkout of ${ref}`,
    );
  }
  return { label: ref, commit: git(['rev-parse', '--short', commit]), dir };
}

function finished(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit code ${code}`}).`)),
    );
  });
}

export interface BenchServer {
  checkout: Checkout;
  url: string;
  pid: number;
}

/**
 * The checkout's server (`node --import tsx server/main.ts`, API only) on a free loopback port and a
 * fresh embedded database folder, which it seeds as on any first start; resolves once it answers HTTP.
 * Its log goes to a file in that folder (printed if it fails to start); the teardown stops it and
 * removes the folder.
 */
export async function startServer(checkout: Checkout, teardown: Teardown): Promise<BenchServer> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'adlane-bench-data-'));
  teardown.add(() => rmSync(folder, { recursive: true, force: true }));
  const logFile = path.join(folder, 'server.log');
  const log = openSync(logFile, 'w');
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: checkout.dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'pglite'),
      DATABASE_URL: '',
      STATIC_DIR: path.join(folder, 'no-build'),
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  teardown.add(async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
    await exit;
    clearTimeout(killer);
  });
  if (child.pid === undefined) throw new Error(`The server of ${checkout.label} did not start.`);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    // Any answer will do: the server listens only once it is seeded and ready.
    if (
      await fetch(url, { method: 'HEAD' }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (exited || Date.now() > deadline) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(
        `The server of ${checkout.label} ${exited ? 'exited' : `did not answer within ${START_LIMIT_MS / 1000} s`} before it was ready. Its last lines:\n${tail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { checkout, url, pid: child.pid };
}
