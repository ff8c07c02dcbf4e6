/**
 * `npx tsx scripts/bench-compression.ts`: what compressing the shop's search answers costs at the
 * level the API uses (server/http/compression.ts) and at zlib's default. Opens the seeded embedded
 * database (the tests' cached template), gets the answers of the API benchmark's searches
 * (scripts/shopSearches.ts) in-process, then gzips them all, in turns, at each level, and prints the
 * microseconds an answer and the bytes. A number, not a test.
 *
 * Options: --rounds 20.
 */
import { gzipSync } from 'node:zlib';
import { createApp } from '../server/app';
import { CatalogueIndex } from '../server/catalogue/index';
import { readServerConfig } from '../server/config';
import { openPglite } from '../server/db/client';
import { COMPRESSION_LEVEL } from '../server/http/compression';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { SHOP_SEARCHES } from './shopSearches';

const index = process.argv.indexOf('--rounds');
const rounds = index > 0 ? Number(process.argv[index + 1]) : 20;
const ZLIB_DEFAULT_LEVEL = 6;

async function answers(): Promise<string[]> {
  const database = await openPglite({ instance: await loadPgliteTemplate(await pgliteTemplate()) });
  try {
    const catalogue = await CatalogueIndex.load(database.db);
    const app = createApp({ db: database.db, config: readServerConfig({}), catalogue });
    const texts: string[] = [];
    for (const path of SHOP_SEARCHES) texts.push(await (await app.request(path, { method: 'POST' })).text());
    return texts;
  } finally {
    await database.close();
  }
}

const texts = await answers();
const levels = [COMPRESSION_LEVEL, ZLIB_DEFAULT_LEVEL];
const time = new Map(levels.map((level) => [level, 0n]));
const bytes = new Map(
  levels.map((level) => [level, texts.reduce((sum, t) => sum + gzipSync(t, { level }).length, 0)]),
);
// Each round gzips every answer at every level, so whatever else the machine does slows both alike.
for (let round = 0; round <= rounds; round++)
  for (const level of levels) {
    const started = process.hrtime.bigint();
    for (const text of texts) gzipSync(text, { level });
    // The first round warms up.
    if (round > 0) time.set(level, (time.get(level) ?? 0n) + process.hrtime.bigint() - started);
  }
const raw = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
console.log(`${texts.length} search answers, ${raw.toLocaleString('en-US')} bytes of JSON:`);
for (const level of levels) {
  const us = Number(time.get(level) ?? 0n) / 1000 / (rounds * texts.length);
  const used = level === COMPRESSION_LEVEL ? ' (the API’s)' : '';
  console.log(
    `  gzip level ${level}${used}: ${us.toFixed(1)} µs an answer, ${(bytes.get(level) ?? 0).toLocaleString('en-US')} bytes`,
  );
}
