/**
 * `npm run bench:api`: load on `POST /api/v1/media/search` from autocannon, 50 connections on
 * loopback, against the real server process on a seeded embedded database. Prints requests per
 * second and latency percentiles. Targets on a 2-core machine: at least 2,000 requests/s, p99 at
 * most 50 ms. A number, not a test: shared machines make timed assertions flaky.
 *
 * Options: --connections 50 --duration 15 (seconds).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { getFreePort } from '../tests/support/ports';
import { CITY_ZIPS } from './benchZips';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const connections = arg('connections', 50);
const duration = arg('duration', 15);

// A realistic mix: shop pages of big and small markets, with and without filters, first and later pages.
const ZIPS = CITY_ZIPS;
const TYPES = ['printmag', 'tv', 'ctv', 'dooh', 'digital', 'abdm', 'all'];
const LIFESTYLES = ['all', 'all', 'home-garden', 'food-dining', 'business-finance'];
const paths: string[] = [];
for (const [i, zip] of ZIPS.entries()) {
  for (const [j, type] of TYPES.entries()) {
    const lifestyle = LIFESTYLES[(i + j) % LIFESTYLES.length];
    paths.push(`/api/v1/media/search?media_types[]=${type}&lifestyle=${lifestyle}&zip[]=${zip}&per_page=24`);
  }
}
for (const type of TYPES)
  for (const page of [1, 2, 5])
    paths.push(`/api/v1/media/search?media_types[]=${type}&per_page=24&page=${page}`);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adlane-bench-'));
  // Start from the seeded template rather than seeding (seconds) on every run.
  const template = await loadPgliteTemplate(await pgliteTemplate());
  const dump = await template.dumpDataDir('none');
  await template.close();
  await (await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump })).close();

  const port = await getFreePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'pglite'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is ready')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was ready.`)));
  });

  try {
    const url = `http://127.0.0.1:${port}`;
    const requests = paths.map((p) => ({ method: 'POST' as const, path: p }));
    console.log(
      `Warming up (3 s), then ${connections} connections for ${duration} s over ${paths.length} distinct searches...`,
    );
    await autocannon({ url, connections: 10, duration: 3, requests });
    const result = await autocannon({ url, connections, duration, requests });
    const failures = result.errors + result.timeouts + result.non2xx;
    console.log('\nPOST /api/v1/media/search');
    console.log(`  requests/s   ${result.requests.average.toFixed(0).padStart(7)}   (target >= 2000)`);
    console.log(`  latency p50  ${String(result.latency.p50).padStart(7)} ms`);
    console.log(`  latency p90  ${String(result.latency.p90).padStart(7)} ms`);
    console.log(`  latency p99  ${String(result.latency.p99).padStart(7)} ms   (target <= 50)`);
    console.log(`  requests     ${String(result.requests.total).padStart(7)}   failures ${failures}`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
