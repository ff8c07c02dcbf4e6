/**
 * What the search bench's server section measures (ServerBench, also the JSON a checkout's child
 * process prints: scripts/benchSearchChild.ts) and its tables: this checkout's figures, and both
 * checkouts' rounds side by side with their ratio. Its own file because it holds no server module, so
 * the child that loads another checkout's bench can name the type without loading this one's server.
 */
import type { Checkout } from './baseline';
import { percentile } from './percentile';
import type { SearchBody } from './searchQueryMix';

export interface RunResult {
  /** Milliseconds per request, in the order sent. */
  durations: number[];
  /** nbHits of each request's first query. */
  nbHits: number[];
  failures: number;
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

/** A duration for the tables: two decimals, right-aligned. */
export const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;

/** This checkout's server section: the index, its load, and the latency of the query mix. */
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

/** Both checkouts' rounds side by side, and this checkout's figures over the baseline's. */
export function printComparison(rows: { checkout: Checkout; benches: ServerBench[] }[]) {
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
