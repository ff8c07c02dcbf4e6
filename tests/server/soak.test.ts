import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, checkedStatus, createUpload, sendPart, signUp } from '../support/httpShop';
import { type SoakDatabase, soakOnPglite, soakOnPostgres } from '../support/soak/databases';
import { formatSummary } from '../support/soak/format';
import { SERVING_AGAIN_WITHIN_MS, summarize } from '../support/soak/report';
import { runSoak } from '../support/soak/run';
import { startSoakServer } from '../support/soak/server';
import { noise } from '../support/soak/world';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

/**
 * `npm run soak` for 30 s on each database (a minute in all, beside the rest of the suite on two
 * cores; `npm run soak` runs five minutes each): the mix of every kind of request from 8 clients
 * while two server processes are killed, and then every acknowledged write found in the database.
 */

const SECONDS = 30;

/** A built site's shape, small: the SPA's page and a script and a style sheet to fetch. */
function builtSite(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-soak-site-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Adlane</title><div id="root"></div>');
  writeFileSync(
    path.join(dir, 'assets', 'index-5oak0001.js'),
    `export const soak = ${JSON.stringify('x'.repeat(50_000))};`,
  );
  writeFileSync(path.join(dir, 'assets', 'index-5oak0002.css'), 'body { margin: 0 }\n'.repeat(2_000));
  return dir;
}

const site = builtSite();
afterAll(() => rmSync(site, { recursive: true, force: true }));

async function soak(database: SoakDatabase) {
  try {
    const run = await runSoak({ database, seconds: SECONDS, clients: 8, kills: 2, staticDir: site });
    return summarize(run);
  } finally {
    await database.remove();
  }
}

function expectSurvived(summary: ReturnType<typeof summarize>) {
  // The whole report comes with a failure, for whoever reads it.
  expect(summary.problems, formatSummary(summary)).toEqual([]);
  expect(summary.lostWrites).toEqual([]);
  expect(summary.fiveHundreds).toEqual({ clients: [], log: [] });
  expect(summary.kills).toHaveLength(2);
  for (const kill of summary.kills) expect(kill.servingAgainMs).toBeLessThan(SERVING_AGAIN_WITHIN_MS);
  expect(summary.restarts).toHaveLength(2);
  // Every step of the mix ran, and wrote what it writes.
  const kinds = summary.kinds.map((k) => k.kind);
  for (const kind of [
    'page',
    'static',
    'site search',
    'sign-in',
    'checkout',
    'upload part',
    'download',
    'invoice pdf',
  ])
    expect(kinds).toContain(kind);
  const { accounts, carts, orders, files } = summary.acknowledged;
  expect(Math.min(accounts, carts, orders, files)).toBeGreaterThan(0);
}

describe('a soak run (npm run soak, shortened)', () => {
  it(`keeps serving through two kills on PGlite for ${SECONDS} s and keeps every acknowledged write`, {
    timeout: 240_000,
  }, async () => {
    expectSurvived(await soak(await soakOnPglite(inject('pgliteTemplate'))));
  });

  const postgresUrl = inject('postgresUrl');
  it.skipIf(!postgresUrl)(
    `keeps serving through two kills on PostgreSQL (two server processes) for ${SECONDS} s and keeps every acknowledged write`,
    { timeout: 240_000 },
    async () => {
      expectSurvived(await soak(await soakOnPostgres(postgresUrl ?? '', POSTGRES_TEMPLATE_DB)));
    },
  );
});

describe('what the soak found', () => {
  const postgresUrl = inject('postgresUrl');
  it.skipIf(!postgresUrl)(
    'on PostgreSQL, the files a killed server process had queued for their checks are checked by its replacement',
    { timeout: 120_000 },
    async () => {
      const database = await soakOnPostgres(postgresUrl ?? '', POSTGRES_TEMPLATE_DB);
      const server = await startSoakServer({ ...database.env, WEB_CONCURRENCY: '1', STATIC_DIR: site });
      try {
        await server.logged(/is ready to take over/);
        const { token } = await signUp(server.base, 'queued');
        // Six photos of 1200 × 1200 px sent at once: the process checks one at a time, the rest wait.
        const jpeg = await sharp(noise(1200, 1200), { raw: { width: 1200, height: 1200, channels: 3 } })
          .jpeg({ quality: 90 })
          .toBuffer();
        const bytes = new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length) as Uint8Array<ArrayBuffer>;
        const ids = await Promise.all(
          Array.from({ length: 6 }, async (_, i) => {
            const upload = await createUpload(server.base, token, bytes.length, {
              filename: `photo-${i}.jpg`,
              filetype: 'image/jpeg',
              sheet: 'magazine-print-ads',
            });
            await sendPart(server.base, token, upload, 0, bytes);
            return upload.slice(upload.lastIndexOf('/') + 1);
          }),
        );
        const statuses = await Promise.all(
          ids.map(
            async (id) =>
              (await call<{ status: string }>(server.base, 'GET', `/files/${id}`, { token })).status,
          ),
        );
        expect(statuses).toContain('checking');
        const [serving] = server.serving();
        if (serving === undefined) throw new Error('No server process is serving.');
        const from = server.lines.length;
        process.kill(serving, 'SIGKILL');
        await server.logged(/took over in/, from);
        for (const id of ids) expect(await checkedStatus(server.base, token, id, 30_000)).toBe('attention');
      } finally {
        await server.stop();
        await database.remove();
      }
    },
  );
});
