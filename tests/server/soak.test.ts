import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, checkedStatus, createUpload, sendPart, signUp, uploadOffset } from '../support/httpShop';
import { type SoakDatabase, soakOnPglite, soakOnPostgres } from '../support/soak/databases';
import { formatSummary } from '../support/soak/format';
import { SERVING_AGAIN_WITHIN_MS, summarize } from '../support/soak/report';
import { runSoak } from '../support/soak/run';
import { type SoakServer, startSoakServer } from '../support/soak/server';
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

/** A photo of noise (it does not compress) as the bytes an upload sends. */
async function photo(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp(noise(size, size), { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length) as Uint8Array<ArrayBuffer>;
}

/** Resolves once `done()` holds, looking every 20 ms, for 10 s at most. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('Still waiting after 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const fileStatus = async (server: SoakServer, token: string, id: string) =>
  (await call<{ status: string }>(server.base, 'GET', `/files/${id}`, { token })).status;

/** SIGKILL to the one server process, and the spare serving in its place. */
async function killTheServingProcess(server: SoakServer) {
  const [serving] = server.serving();
  if (serving === undefined) throw new Error('No server process is serving.');
  const from = server.lines.length;
  process.kill(serving, 'SIGKILL');
  await server.logged(/took over in/, from);
}

describe('what the soak found', () => {
  const postgresUrl = inject('postgresUrl');

  /** One server process (and its spare) on a PostgreSQL database of its own, and a customer of it. */
  async function withOneProcess(
    work: (server: SoakServer, token: string, database: SoakDatabase) => Promise<void>,
  ) {
    const database = await soakOnPostgres(postgresUrl ?? '', POSTGRES_TEMPLATE_DB);
    const server = await startSoakServer({ ...database.env, WEB_CONCURRENCY: '1', STATIC_DIR: site });
    try {
      await server.logged(/is ready to take over/);
      const { token } = await signUp(server.base, 'found');
      await work(server, token, database);
    } finally {
      await server.stop();
      await database.remove();
    }
  }

  it.skipIf(!postgresUrl)(
    'on PostgreSQL, the files a killed server process had queued for their checks are checked by its replacement',
    { timeout: 120_000 },
    () =>
      withOneProcess(async (server, token) => {
        // Six photos sent at once: the process checks one at a time, the rest wait in its queue.
        const bytes = await photo(1200);
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
        const statuses = await Promise.all(ids.map((id) => fileStatus(server, token, id)));
        expect(statuses).toContain('checking');
        await killTheServingProcess(server);
        for (const id of ids) expect(await checkedStatus(server.base, token, id, 30_000)).toBe('attention');
      }),
  );

  it.skipIf(!postgresUrl)(
    'a file whose last bytes were stored just before a kill is checked once a HEAD says every byte is in',
    { timeout: 120_000 },
    () =>
      withOneProcess(async (server, token, database) => {
        const bytes = await photo(300);
        const upload = await createUpload(server.base, token, bytes.length, {
          filename: 'photo.jpg',
          filetype: 'image/jpeg',
          sheet: 'magazine-print-ads',
        });
        const id = upload.slice(upload.lastIndexOf('/') + 1);
        // The file's row held, the server process stores the bytes and then waits to mark the file.
        const holder = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await holder.connect();
        try {
          await holder.query('BEGIN');
          await holder.query('SELECT id FROM ad_files WHERE id = $1 FOR UPDATE', [id]);
          const last = sendPart(server.base, token, upload, 0, bytes).catch(() => null);
          await until(
            () =>
              (statSync(path.join(database.uploadsDir, id), { throwIfNoEntry: false })?.size ?? 0) ===
              bytes.length,
          );
          await killTheServingProcess(server);
          expect(await last).toBeNull();
          // Killed before its UPDATE reached the database: the statement it left waiting goes too.
          await holder.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'update "ad_files"%' AND pid <> pg_backend_pid()`,
          );
        } finally {
          await holder.query('ROLLBACK');
          await holder.end();
        }
        expect(await fileStatus(server, token, id)).toBe('uploading');
        // tus-js-client asks the offset, hears every byte is in, and sends no more.
        expect(await uploadOffset(server.base, token, upload)).toBe(bytes.length);
        expect(await checkedStatus(server.base, token, id, 30_000)).toBe('attention');
      }),
  );
});
