import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { type InchSize, requirementsOf } from '../../../contract/specRequirements';
import { type Check, type PreflightResult, preflight } from '../../../server/preflight/index';

/*
 * What the preflight tests share: a folder of their own per test under the system's temp folder,
 * removed after it, and the preflight run on a file against a sheet by its slug.
 */

let folder = '';
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'adlane-preflight-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A path in this test's folder. */
export const inFolder = (name: string): string => path.join(folder, name);

export async function saved(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = inFolder(name);
  await writeFile(file, bytes);
  return file;
}

/** The sheets' titles, as a customer sees them in the sentence of a rejected file. */
const TITLES: Readonly<Record<string, string>> = {
  'magazine-print-ads': 'Magazine print ads',
  'linear-tv-spots': 'Linear TV spots',
  'digital-billboards': 'Digital billboards',
  'dedicated-email-blasts': 'Dedicated e-mail blasts',
};

export async function checked(file: string, sheet: string, trim: InchSize | null = null) {
  const { size } = await stat(file);
  return preflight({
    path: file,
    size,
    deliverables: requirementsOf(sheet),
    trim,
    sheetTitle: TITLES[sheet] ?? sheet,
  });
}

export const named = (result: PreflightResult, name: string): Check | undefined =>
  result.checks.find((check) => check.name === name);

/** Each message is one sentence: it ends with a full stop and no second sentence starts inside. */
export function expectOneSentenceEach(result: PreflightResult): void {
  for (const check of result.checks) {
    expect(check.message, check.name).toMatch(/[^.]\.$/);
    expect(check.message.slice(0, -1), check.name).not.toMatch(/[.!?]\s+[A-Z]/);
  }
}

const FFMPEG = '/usr/bin/ffmpeg';

/** Runs ffmpeg quietly; without it the video tests fail and say how to get it (they never skip). */
export function ffmpeg(args: readonly string[]): void {
  if (!existsSync(FFMPEG))
    throw new Error(
      'The video checks are tested on short clips made with ffmpeg: install it (apt-get install ffmpeg).',
    );
  execFileSync(FFMPEG, ['-loglevel', 'error', '-y', ...args]);
}
