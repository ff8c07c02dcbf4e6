import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Background work is a job on the database queue (server/jobs/), never a timer in a web process
 * (issue 29, point 3): a timer runs in every replica, forgets its work when the process dies, and
 * has no lease, retry or dead letter. Only the process's own housekeeping may tick.
 */
const SERVER = path.resolve(import.meta.dirname, '../../server');
/** Timers that are the process's own: its shutdown, its supervisor, its data folder's lock. */
const ALLOWED = ['lifecycle.ts', 'supervision/', 'db/dataDirLock.ts'];

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(SERVER, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the server', () => {
  it('starts no interval timer outside its own housekeeping', () => {
    const ticking = sourcesUnder(SERVER)
      .filter((file) => !ALLOWED.some((allowed) => file === allowed || file.startsWith(allowed)))
      .filter((file) => /\bsetInterval\s*\(/.test(readFileSync(path.join(SERVER, file), 'utf8')));
    expect(ticking).toEqual([]);
  });

  it('would see one (the guard reads the files it means to)', () => {
    const sources = sourcesUnder(SERVER);
    expect(sources).toContain('db/dataDirLock.ts');
    expect(readFileSync(path.join(SERVER, 'db/dataDirLock.ts'), 'utf8')).toMatch(/\bsetInterval\s*\(/);
  });
});
