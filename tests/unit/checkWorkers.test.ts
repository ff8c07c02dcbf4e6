import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requirementsOf } from '../../contract/specRequirements';
import { type CheckWorkers, createCheckWorkers } from '../../server/files/checkWorkers';
import { blackPng } from '../support/pngBomb';

/*
 * The threads ad files are checked on: a check past its time or its heap is stopped, the file
 * rejected with a sentence, and the next check runs on a new thread. The stand-in module does what
 * its input's path says; the last test runs the real preflight on its thread.
 */

const opened: CheckWorkers[] = [];
afterAll(async () => {
  await Promise.all(opened.map((workers) => workers.close()));
});

/**
 * Threads with a time limit: long, but for the test of it, since a limit also counts the thread's
 * start (loading its modules through tsx), which a busy machine makes take seconds.
 */
function workers(module?: URL, timeLimitMs = 60_000) {
  const made = createCheckWorkers({
    threads: 1,
    timeLimitMs,
    heapMb: 32,
    ...(module ? { module } : {}),
  });
  opened.push(made);
  return made;
}

const standIn = (timeLimitMs?: number) =>
  workers(new URL('../support/standInCheck.ts', import.meta.url), timeLimitMs);
const input = (file: string) => ({
  path: file,
  size: 1,
  deliverables: requirementsOf('magazine-print-ads'),
  trim: null,
  sheetTitle: 'Magazine print ads',
});

describe('check workers', { timeout: 90_000 }, () => {
  it('stops a check past its time and checks the next file on a new thread', async () => {
    const pool = standIn(5_000);
    expect(await pool.preflight(input('loop'))).toEqual({
      status: 'rejected',
      format: null,
      checks: [
        {
          name: 'time',
          result: 'failed',
          message:
            'Checking the file took more than 5 s, so it was stopped: export it again more simply (flattened, fewer layers and objects) and send the new file.',
        },
      ],
      thumbnail: null,
    });
    const next = await pool.preflight(input('fine.png'));
    expect(next.status).toBe('passed');
    expect(Buffer.isBuffer(next.thumbnail)).toBe(true);
    expect([...(next.thumbnail ?? [])]).toEqual([1, 2, 3, 4]);
  });

  it('stops a check past its heap, not the server, and checks the next file', async () => {
    const pool = standIn();
    const result = await pool.preflight(input('grow'));
    expect(result.checks).toEqual([
      {
        name: 'memory',
        result: 'failed',
        message:
          'Checking the file needed more than 32 MB, so it was stopped: export it again more simply (flattened, fewer layers and objects) and send the new file.',
      },
    ]);
    expect((await pool.preflight(input('fine.png'))).status).toBe('passed');
  });

  it('passes on a check’s own failure', async () => {
    await expect(standIn().preflight(input('throw'))).rejects.toThrow('The stand-in check failed.');
  });

  it('runs the preflight on its thread', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'adlane-workers-'));
    try {
      const file = path.join(folder, 'bomb.png');
      await writeFile(file, await blackPng(16_383, 16_383, { whole: false }));
      const result = await workers().preflight({ ...input(file), size: (await stat(file)).size });
      expect(result.checks.map((c) => c.message)).toEqual([
        '16,383 × 16,383 px is 268 megapixels; the largest this spec takes is 34.5 megapixels: export at most 5,175 × 6,675 px.',
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
