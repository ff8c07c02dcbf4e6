/**
 * `npm run bench:search`: the site search as the storefront uses it. Opens the seeded embedded
 * database (the tests' cached template), builds the catalogue and its site index, then sends 1,000
 * mixed queries through the real HTTP handler in-process (`app.request` on
 * `/1/indexes/*\/queries`, with the bodies InstantSearch sends through algoliasearch/lite v5) and
 * prints the index build time, latency percentiles and how many queries found something.
 * Target: p95 at most 5 ms per query on a 2-core machine. A number, not a test: shared machines
 * make timed assertions flaky.
 *
 * The server section runs beside the previous release's (scripts/baseline.ts): each checkout's own
 * `benchServer` in a child process of its own (scripts/benchSearchChild.ts), in turns, --rounds times,
 * and prints both with their ratio. The browser section (scripts/benchSearchBrowser.ts) is this
 * checkout's only.
 * Options: --queries 1000 --seed 7 --rounds 2 --against <tag or commit> --no-browser.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchResponse } from '../contract/search';
import { createApp } from '../server/app';
import { CatalogueIndex } from '../server/catalogue/index';
import { readServerConfig } from '../server/config';
import { loadCatalogueRows } from '../server/data/catalogue';
import { openPglite } from '../server/db/client';
import { buildSearchRecords } from '../server/search/records';
import { SiteIndex } from '../server/search/siteIndex';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { BENCH_JSON_MARK, type Checkout, checkOutBoth } from './baseline';
import { benchBrowser, KEY_DELAY } from './benchSearchBrowser';
import { withTeardown } from './benchTeardown';
import { percentile } from './percentile';
import { ms, printComparison, printServerBench, type RunResult, type ServerBench } from './searchBenchReport';
import { type SearchBody, searchQueryMix } from './searchQueryMix';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

type App = ReturnType<typeof createApp>;

/** Sends each body through the app's real HTTP handler, timing the request and reading its answer. */
export async function runSearchQueries(app: App, bodies: readonly SearchBody[]): Promise<RunResult> {
  const result: RunResult = { durations: [], nbHits: [], failures: 0 };
  for (const body of bodies) {
    const text = JSON.stringify(body); // the client's work, not the server's
    const started = performance.now();
    const response = await app.request(
      '/1/indexes/*/queries?x-algolia-agent=Algolia%20for%20JavaScript%20(5.64.0)',
      {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'x-algolia-api-key': 'bench',
          'x-algolia-application-id': 'bench',
        },
        body: text,
      },
    );
    const answer = await response.text();
    result.durations.push(performance.now() - started);
    if (response.status !== 200) {
      result.failures++;
      result.nbHits.push(0);
      continue;
    }
    const parsed = JSON.parse(answer) as { results: SearchResponse[] };
    result.nbHits.push(parsed.results[0]?.nbHits ?? 0);
  }
  return result;
}

/** The server section: build the index, warm up, then time the query mix through `app.request`. */
export async function benchServer(count = arg('queries', 1000), seed = arg('seed', 7)): Promise<ServerBench> {
  const database = await openPglite({ instance: await loadPgliteTemplate(await pgliteTemplate()) });
  try {
    const loadStarted = performance.now();
    const catalogue = await CatalogueIndex.load(database.db);
    const catalogueLoadMs = performance.now() - loadStarted;
    const rows = await loadCatalogueRows(database.db);
    const builds = [0, 1, 2].map(() => {
      const started = performance.now();
      SiteIndex.build(buildSearchRecords(rows));
      return performance.now() - started;
    });
    const app = createApp({ db: database.db, config: readServerConfig({}), catalogue });
    const queries = searchQueryMix(count, seed);
    await runSearchQueries(app, searchQueryMix(300, seed + 1)); // warm-up: let the JIT compile the hot paths
    const run = await runSearchQueries(app, queries);
    return {
      records: catalogue.siteSearch.size,
      words: catalogue.siteSearch.vocabulary.size,
      buildMs: percentile(builds, 50),
      catalogueLoadMs,
      run,
      queries,
    };
  } finally {
    await database.close();
  }
}

/** The checkout's own server section, in a child process with the checkout as working folder. */
function benchCheckout(checkout: Checkout, here: Checkout): Promise<ServerBench> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here.dir, 'scripts/benchSearchChild.ts'),
      path.join(checkout.dir, 'scripts/bench-search.ts'),
      String(arg('queries', 1000)),
      String(arg('seed', 7)),
    ],
    { cwd: checkout.dir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith(BENCH_JSON_MARK));
      if (code !== 0 || !line)
        reject(new Error(`The search bench of ${checkout.label} failed (exit code ${code}):\n${output}`));
      else resolve(JSON.parse(line.slice(BENCH_JSON_MARK.length)) as ServerBench);
    });
  });
}

async function main() {
  const rounds = Math.max(1, arg('rounds', 2));
  await withTeardown(async (teardown) => {
    const { previous, current } = await checkOutBoth(teardown);
    const rows = [previous, current].map((checkout) => ({ checkout, benches: [] as ServerBench[] }));
    for (let round = 1; round <= rounds; round++)
      for (const row of rows) {
        const bench = await benchCheckout(row.checkout, current);
        row.benches.push(bench);
        console.log(
          `  round ${round}, ${row.checkout.label}: p95 ${percentile(bench.run.durations, 95).toFixed(2)} ms`,
        );
      }
    const mine = rows[1]?.benches[0];
    if (mine) printServerBench(mine);
    printComparison(rows);
  });
  if (process.argv.includes('--no-browser')) return;
  const browser = await benchBrowser();
  const { latencies } = browser;
  console.log(
    '\nSite search in Chromium (search drawer, built app, embedded API; keystroke to results on screen)',
  );
  console.log(
    `  keystrokes       ${String(latencies.length).padStart(8)}   (${browser.queries} queries typed at ${KEY_DELAY} ms a key; ${browser.overtaken} overtaken by the next key, ${browser.unchanged} spaces not timed)`,
  );
  console.log(`  latency p50      ${ms(percentile(latencies, 50))}`);
  console.log(`  latency p95      ${ms(percentile(latencies, 95))}   (target <= 50 ms)`);
  console.log(`  latency p99      ${ms(percentile(latencies, 99))}`);
  console.log(`  latency max      ${ms(Math.max(...latencies))}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
