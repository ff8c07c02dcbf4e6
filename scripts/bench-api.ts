/**
 * `npm run bench:api`: load on `POST /api/v1/media/search` from autocannon, 50 connections on
 * loopback, against this checkout's server and the previous release's (scripts/baseline.ts), measured
 * in the same run and in turns (previous, this, previous, this...), so whatever else the machine does
 * shows in both. Three mixes: a realistic one of distinct searches, one search repeated, and searches
 * never asked before (which no answer the server kept can serve). Prints
 * requests per second, latency percentiles and the server's CPU time per request for every run and
 * for all rounds, the ratio of this checkout to the previous release, and the targets for one process
 * on a 2-core machine: at least 8,000 requests/s, p99 at most 20 ms. Requests say they accept
 * compressed answers as a browser does, since browsers are the API's clients. The CPU time is the
 * server's whole: `npm start`'s supervisor and the processes it runs. A measurement, not a test: it
 * exits non-zero on an error (a server that does not start, a failed request), never on a missed target.
 *
 * `--postgres`: every server on a database of its own in a throw-away PostgreSQL server, and this
 * checkout twice, with one server process (`WEB_CONCURRENCY=1`) and with its default of one per core,
 * in the same rounds: prints how many times the one-process figure the processes per core serve
 * (target: 1.8 × on 2 cores, p99 at most 25 ms). autocannon runs in this process on the same machine:
 * the CPU it takes (printed) is CPU the server processes do not have.
 *
 * Options: --against <tag or commit> (default: the newest v* tag that is not HEAD), --rounds 2,
 * --connections 50, --duration 15 (seconds a run), --uncompressed (requests accept no compression, to
 * see what compressing costs), --postgres.
 */
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { DISTINCT_MIX, MIXES, type Mix } from './apiBenchMixes';
import {
  BROWSER_HEADERS,
  connections,
  duration,
  HEADERS,
  postgres,
  rounds,
  uncompressed,
} from './apiBenchOptions';
import { nameOf, printMix, type Run, whole } from './apiBenchReport';
import { type Checkout, checkOutBoth } from './baseline';
import { type Teardown, withTeardown } from './benchTeardown';
import { type BenchServer, buildCheckout, startBenchPostgres, startServer } from './checkoutServer';
import { serverCpu } from './serverCpu';

/** Requests of the fresh mix sent so far in this run, so no run repeats another's. */
let freshSent = 0;

function load(server: BenchServer, mix: Mix, seconds: number, clients: number) {
  const { fresh } = mix;
  return autocannon({
    url: server.url,
    connections: clients,
    duration: seconds,
    requests: fresh
      ? [
          {
            method: 'POST' as const,
            headers: HEADERS,
            setupRequest: (request) => ({ ...request, path: fresh(freshSent++) }),
          },
        ]
      : mix.paths.map((path) => ({ method: 'POST' as const, path, headers: HEADERS })),
  });
}

async function measure(server: BenchServer, mix: Mix, round: number): Promise<Run> {
  const before = serverCpu(server.pid);
  const loaderBefore = process.cpuUsage();
  const result = await load(server, mix, duration, connections);
  const loader = process.cpuUsage(loaderBefore);
  const after = serverCpu(server.pid);
  return {
    server,
    mix,
    round,
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    cpuMs: before === null || after === null ? null : after.allMs - before.allMs,
    startedCpuMs: before === null || after === null ? null : after.rootMs - before.rootMs,
    supervised: after?.supervised ?? false,
    loaderCpuMs: (loader.user + loader.system) / 1000,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The servers measured: the baseline's and this checkout's, each on a fresh embedded database; with
 * --postgres each on a PostgreSQL database of its own, and this checkout twice (one process, and its
 * default of one per core).
 */
async function startServers(
  teardown: Teardown,
  previous: Checkout,
  current: Checkout,
): Promise<{ baseline: BenchServer; current: BenchServer[] }> {
  await Promise.all([previous, current].map((checkout) => buildCheckout(checkout, { app: false })));
  if (!postgres) {
    const [baseline, now] = await Promise.all([
      startServer(previous, teardown),
      startServer(current, teardown),
    ]);
    return { baseline, current: [now] };
  }
  const databases = await startBenchPostgres(teardown);
  const perCore = `${Math.min(8, availableParallelism())} processes`;
  // One after another: three servers seeding at once on two cores take longer than in turn.
  const baseline = await startServer(previous, teardown, {
    databaseUrl: await databases.database('bench_baseline'),
    env: { WEB_CONCURRENCY: '' },
  });
  const single = await startServer(current, teardown, {
    databaseUrl: await databases.database('bench_one'),
    env: { WEB_CONCURRENCY: '1' },
    variant: '1 process',
  });
  const many = await startServer(current, teardown, {
    databaseUrl: await databases.database('bench_per_core'),
    env: { WEB_CONCURRENCY: '' },
    variant: perCore,
  });
  return { baseline, current: [single, many] };
}

async function main() {
  await withTeardown(async (teardown) => {
    const { previous, current } = await checkOutBoth(teardown);
    console.log(
      `Starting the servers on fresh ${postgres ? 'PostgreSQL databases' : 'data folders'} (each seeds its database first)...`,
    );
    const { baseline, current: now } = await startServers(teardown, previous, current);
    const servers = [baseline, ...now];
    for (const server of servers) await load(server, DISTINCT_MIX, 3, 10);

    const started = new Date();
    console.log(
      `Measuring from ${started.toISOString()}: ${rounds} round${rounds === 1 ? '' : 's'} of ${MIXES.length} mixes, each ${duration} s with ${connections} connections accepting ${uncompressed ? 'no compression' : BROWSER_HEADERS['accept-encoding']}, ${servers.map(nameOf).join(' then ')}...`,
    );
    const runs: Run[] = [];
    for (let round = 1; round <= rounds; round++)
      for (const mix of MIXES)
        for (const server of servers) {
          const run = await measure(server, mix, round);
          runs.push(run);
          console.log(
            `  round ${round}, ${mix.short}, ${nameOf(server)}: ${whole(run.requests / run.seconds)} requests/s`,
          );
        }
    console.log(`Measured from ${started.toISOString()} to ${new Date().toISOString()}.`);
    for (const mix of MIXES) printMix(mix, runs, baseline, now);

    const failures = runs.reduce((sum, r) => sum + r.failures, 0);
    if (failures > 0) {
      console.error(
        `\n${failures} requests failed (errors, timeouts or answers other than 2xx): the figures above are not comparable.`,
      );
      process.exitCode = 1;
    }
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
