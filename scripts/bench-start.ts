/**
 * `npm run bench:start`: how long the server takes to start on a seeded database, this checkout beside
 * the previous release (scripts/baseline.ts), each started as its `npm run serve` starts it (this one:
 * the bundle, with plain node). Each checkout first seeds a database of its own (an embedded folder,
 * and a PostgreSQL database when PostgreSQL's programs are installed) and stops; then both are started
 * on theirs in turns, --runs times each, and stopped once they serve. Prints the median and every
 * sample of two figures: from the spawn to the line saying it is ready (what an operator waits), and
 * the start-up the server prints itself (`started in N ms`). Target: under 1 s from spawn to ready.
 * A measurement, not a test: it exits non-zero on an error, never on a missed target.
 *
 * Options: --against <tag or commit> (default: the newest v* tag that is not HEAD), --runs 5,
 * --no-postgres.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin } from '../tests/support/postgres';
import { type Checkout, checkOutBoth, option } from './baseline';
import { type Teardown, withTeardown } from './benchTeardown';
import { buildCheckout, type ServerOptions, startBenchPostgres, startServer } from './checkoutServer';
import { percentile } from './percentile';

const runs = Math.max(1, Number(option('runs') ?? 5));
const withPostgres = !process.argv.includes('--no-postgres') && findPostgresBin() !== null;

const TARGET_MS = 1_000;

interface Sample {
  readyMs: number;
  startedMs: number | null;
}

interface Subject {
  checkout: Checkout;
  database: 'embedded' | 'PostgreSQL';
  options: ServerOptions;
  samples: Sample[];
}

/** A database of the checkout's own, seeded by one start of its server (then stopped). */
async function seeded(
  checkout: Checkout,
  database: Subject['database'],
  teardown: Teardown,
  postgres: Awaited<ReturnType<typeof startBenchPostgres>> | null,
): Promise<Subject> {
  let options: ServerOptions;
  if (database === 'PostgreSQL' && postgres) {
    options = { databaseUrl: await postgres.database('bench_start'), env: { WEB_CONCURRENCY: '' } };
  } else {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'adlane-bench-start-'));
    teardown.add(() => rmSync(folder, { recursive: true, force: true }));
    options = { dataDir: path.join(folder, 'pglite') };
  }
  const first = await startServer(checkout, teardown, options);
  await first.stop();
  return { checkout, database, options, samples: [] };
}

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);
const median = (values: number[]) => (values.length === 0 ? null : percentile(values, 50));

function print(subjects: Subject[]) {
  console.log(
    `\nStart on a seeded database, ${runs} starts each (median, then every start): spawn to ready | started in (the server's own figure)`,
  );
  for (const subject of subjects) {
    const ready = subject.samples.map((s) => s.readyMs);
    const own = subject.samples.flatMap((s) => (s.startedMs === null ? [] : [s.startedMs]));
    console.log(
      `  ${`${subject.checkout.label} (${subject.checkout.commit}), ${subject.database}`.padEnd(44)}${ms(median(ready)).padStart(9)} | ${ms(median(own)).padStart(8)}   (${subject.samples.map((s) => `${ms(s.readyMs)} | ${ms(s.startedMs)}`).join(', ')})`,
    );
  }
  for (const database of ['embedded', 'PostgreSQL'] as const) {
    const [before, now] = subjects.filter((s) => s.database === database);
    if (!before || !now) continue;
    const a = median(now.samples.map((s) => s.readyMs));
    const b = median(before.samples.map((s) => s.readyMs));
    if (a === null || b === null) continue;
    console.log(
      `  ${database}: ${now.checkout.label} / ${before.checkout.label} ${(a / b).toFixed(2)}×; target under ${TARGET_MS} ms from spawn to ready: ${a < TARGET_MS ? 'met' : 'missed'} (${ms(a)})`,
    );
  }
}

async function main() {
  await withTeardown(async (teardown) => {
    const { previous, current } = await checkOutBoth(teardown);
    const checkouts = [previous, current];
    for (const checkout of checkouts) await buildCheckout(checkout, { app: false });
    const postgres = withPostgres ? await startBenchPostgres(teardown) : null;
    console.log(
      `Seeding a database for each (embedded${postgres ? ' and PostgreSQL' : ''}) with one start of its server...`,
    );
    const subjects: Subject[] = [];
    for (const database of postgres ? (['embedded', 'PostgreSQL'] as const) : (['embedded'] as const))
      for (const checkout of checkouts) subjects.push(await seeded(checkout, database, teardown, postgres));

    const started = new Date();
    console.log(`Measuring from ${started.toISOString()}...`);
    for (let run = 1; run <= runs; run++)
      for (const subject of subjects) {
        const server = await startServer(subject.checkout, teardown, subject.options);
        await server.stop();
        subject.samples.push({ readyMs: server.readyMs, startedMs: server.startedMs });
        console.log(
          `  start ${run}, ${subject.checkout.label}, ${subject.database}: ${ms(server.readyMs)} to ready (it says ${ms(server.startedMs)})`,
        );
      }
    console.log(`Measured from ${started.toISOString()} to ${new Date().toISOString()}.`);
    print(subjects);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
