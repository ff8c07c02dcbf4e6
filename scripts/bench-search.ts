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
import { DEFAULT_SEARCH_INDEX, type SearchResponse } from '../contract/search';
import { createApp } from '../server/app';
import { CatalogueIndex } from '../server/catalogue/index';
import { readServerConfig } from '../server/config';
import { loadCatalogueRows } from '../server/data/catalogue';
import { openPglite } from '../server/db/client';
import { buildSearchRecords } from '../server/search/records';
import { SiteIndex } from '../server/search/siteIndex';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { BENCH_JSON_MARK, type Checkout, checkOutBoth, withTeardown } from './baseline';
import { benchBrowser, KEY_DELAY } from './benchSearchBrowser';
import { CITY_ZIPS } from './benchZips';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

/** A multi-query body as algoliasearch/lite v5 sends it for InstantSearch (flattened parameters). */
export interface SearchBody {
  requests: Array<Record<string, unknown>>;
}

/** What people type: first letters, whole and half-typed places, zip codes, titles, and typos. */
const PLACES = [
  'chicago',
  'new york',
  'los angeles',
  'houston',
  'phoenix',
  'philadelphia',
  'san antonio',
  'san diego',
  'dallas',
  'seattle',
  'denver',
  'boston',
  'atlanta',
  'miami',
  'portland',
  'springfield',
  'columbus',
  'kansas city',
  'salt lake city',
  'st louis',
  'illinois',
  'texas',
  'california',
  'new jersey',
];
const ZIPS = CITY_ZIPS.slice(0, 11);
const TITLES = [
  'architectural digest',
  'golf digest',
  'rolling stone',
  'house beautiful',
  'bon appetit',
  'the new yorker',
  'every door direct mail',
  'streaming tv',
  'google display',
  'groundtruth geofencing',
  'dedicated e-mail blast',
  'chicago living',
  'taste of boston',
  'airport concourse',
  'audience mail',
  'forbes',
  'outside',
];
const TYPOS = [
  'chicgo',
  'seatle',
  'houstn',
  'philadelpia',
  'bostn',
  'atlnta',
  'denvr',
  'architectual digest',
  'golf digets',
  'san fransisco',
  'los angelas',
  'pitsburgh',
  'cincinati',
  'louisvile',
  'chcago liv',
];

/** A small deterministic generator, so every run sends the same queries. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** The text of one query: a whole or half-typed place, zip, title or typo. */
function queryText(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const typed = (text: string) => text.slice(0, 1 + Math.floor(next() * text.length));
  const kind = next();
  if (kind < 0.15) return pick(PLACES).slice(0, 1 + Math.floor(next() * 2)); // "c", "ch"
  if (kind < 0.4) return typed(pick(PLACES));
  if (kind < 0.55) return typed(pick(ZIPS));
  if (kind < 0.8) return typed(pick(TITLES));
  return pick(TYPOS);
}

/**
 * The mix of requests: InstantSearch's hits query (20 hits, the `type` facet, its highlight tags), in
 * a third of the cases with a refinement (only places, some media types, no places, a popularity
 * range); a disjunctive refinement adds the helper's second query for the unrefined facet counts.
 */
export function searchQueryMix(count = 1000, seed = 7, indexName = DEFAULT_SEARCH_INDEX): SearchBody[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const query = queryText(next);
    const hits: Record<string, unknown> = {
      indexName,
      query,
      hitsPerPage: 20,
      page: next() < 0.1 ? 1 : 0,
      facets: ['type'],
      maxValuesPerFacet: 10,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    };
    const refinement = next();
    let disjunctive = false;
    if (refinement < 0.15) {
      hits.facetFilters = [['type:location']];
      disjunctive = true;
    } else if (refinement < 0.25) {
      hits.facetFilters = [['type:printmag', 'type:tv', 'type:ctv']];
      disjunctive = true;
    } else if (refinement < 0.3) hits.facetFilters = ['type:-location'];
    else if (refinement < 0.35) hits.numericFilters = ['popularity>=10000'];
    if (!disjunctive) return { requests: [hits] };
    const { facetFilters: _refined, ...unrefined } = hits;
    const counts = {
      ...unrefined,
      hitsPerPage: 0,
      page: 0,
      analytics: false,
      clickAnalytics: false,
      attributesToRetrieve: [],
    };
    return { requests: [hits, counts] };
  });
}

export interface RunResult {
  /** Milliseconds per request, in the order sent. */
  durations: number[];
  /** nbHits of each request's first query. */
  nbHits: number[];
  failures: number;
}

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

/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export interface ServerBench {
  records: number;
  words: number;
  /** Median of three builds of the site index from the loaded rows (records and index). */
  buildMs: number;
  /** Loading the catalogue from the database, site index included, as the server does at start. */
  catalogueLoadMs: number;
  run: RunResult;
  queries: SearchBody[];
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

const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;

export function printServerBench(bench: ServerBench): void {
  const { run } = bench;
  const withHits = run.nbHits.filter((n) => n > 0).length;
  const refined = bench.queries.filter(
    (q) => q.requests.length > 1 || 'facetFilters' in (q.requests[0] ?? {}),
  ).length;
  console.log('\nSite search, server side (app.request on POST /1/indexes/*/queries)');
  console.log(`  records          ${String(bench.records).padStart(8)}   (${bench.words} distinct words)`);
  console.log(`  index build      ${ms(bench.buildMs)}   (records and index, median of 3)`);
  console.log(`  catalogue load   ${ms(bench.catalogueLoadMs)}   (database reads included)`);
  console.log(
    `  queries          ${String(run.durations.length).padStart(8)}   (${refined} with facet filters)`,
  );
  console.log(`  latency p50      ${ms(percentile(run.durations, 50))}`);
  console.log(`  latency p95      ${ms(percentile(run.durations, 95))}   (target <= 5 ms)`);
  console.log(`  latency p99      ${ms(percentile(run.durations, 99))}`);
  console.log(`  latency max      ${ms(Math.max(...run.durations))}`);
  console.log(
    `  with hits        ${String(withHits).padStart(8)}   of ${run.nbHits.length}; failures ${run.failures}`,
  );
  console.log(`  median nbHits    ${String(percentile(run.nbHits, 50)).padStart(8)}`);
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

/** A checkout's rounds as one: every query's time, the median build and load. */
function together(benches: ServerBench[]) {
  const durations = benches.flatMap((b) => b.run.durations);
  return {
    buildMs: percentile(
      benches.map((b) => b.buildMs),
      50,
    ),
    catalogueLoadMs: percentile(
      benches.map((b) => b.catalogueLoadMs),
      50,
    ),
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    failures: benches.reduce((sum, b) => sum + b.run.failures, 0),
  };
}

function printComparison(rows: { checkout: Checkout; benches: ServerBench[] }[]) {
  const cells = (values: (string | number)[]) =>
    values.map((value, i) => (i === 0 ? String(value).padEnd(28) : String(value).padStart(12))).join('');
  console.log(
    `\nSite search, server side, beside the baseline (${rows[0]?.benches.length ?? 0} rounds each, in turns)`,
  );
  console.log(`  ${cells(['', 'index build', 'catalogue', 'p50 ms', 'p95 ms', 'p99 ms', 'failures'])}`);
  const figures = rows.map((row) => ({ row, f: together(row.benches) }));
  for (const { row, f } of figures)
    console.log(
      `  ${cells([
        `${row.checkout.label} (${row.checkout.commit})`,
        `${f.buildMs.toFixed(0)} ms`,
        `${f.catalogueLoadMs.toFixed(0)} ms`,
        f.p50.toFixed(2),
        f.p95.toFixed(2),
        f.p99.toFixed(2),
        f.failures,
      ])}`,
    );
  const [before, now] = figures;
  if (!before || !now) return;
  const ratio = (a: number, b: number) => (b === 0 ? '-' : `${(a / b).toFixed(2)}×`);
  console.log(
    `  ${cells([
      `${now.row.checkout.label} / ${before.row.checkout.label}`,
      ratio(now.f.buildMs, before.f.buildMs),
      ratio(now.f.catalogueLoadMs, before.f.catalogueLoadMs),
      ratio(now.f.p50, before.f.p50),
      ratio(now.f.p95, before.f.p95),
      ratio(now.f.p99, before.f.p99),
      '',
    ])}`,
  );
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
