/**
 * The previous release beside this checkout, for benchmarks that measure both in one run, so that
 * whatever else the machine is doing slows both alike: which ref to compare with, and a temporary
 * detached worktree of it with its packages, removed by the teardown (scripts/benchTeardown.ts). Its
 * server is started as any checkout's (scripts/checkoutServer.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Teardown } from './benchTeardown';

/** The value after `--<name>` on the command line, if given. */
export const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

/** What precedes the JSON figures a bench's child process prints (scripts/benchSearchChild.ts). */
export const BENCH_JSON_MARK = 'bench figures: ';

const git = (args: string[], cwd = process.cwd()): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

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

/** This checkout, and beside it the baseline (`--against`, else the previous release) checked out. */
export async function checkOutBoth(teardown: Teardown): Promise<{ previous: Checkout; current: Checkout }> {
  const ref = baselineRef(option('against'));
  const current = thisCheckout();
  console.log(`Checking out ${ref} beside this checkout (${current.dir}, ${current.commit})...`);
  return { previous: await checkOutBaseline(ref, teardown), current };
}

/** Resolves once the child exits with code 0; rejects, naming `what`, otherwise. */
export function finished(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit code ${code}`}).`)),
    );
  });
}
