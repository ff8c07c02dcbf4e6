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
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import {
  type BenchServer,
  buildCheckout,
  type Checkout,
  checkOutBoth,
  option,
  startBenchPostgres,
  startServer,
  type Teardown,
  withTeardown,
} from './baseline';
import { SHOP_SEARCHES } from './shopSearches';

const connections = Number(option('connections') ?? 50);
const duration = Number(option('duration') ?? 15);
const rounds = Math.max(1, Number(option('rounds') ?? 2));

const postgres = process.argv.includes('--postgres');

const TARGET_REQUESTS_PER_SECOND = 8_000;
const TARGET_P99_MS = 20;
/** With --postgres: one process per core against one process, on this 2-core machine. */
const TARGET_SCALING = 1.8;
const TARGET_SCALED_P99_MS = 25;

// The first of the shop's searches, the magazines of downtown Chicago.
const ONE = SHOP_SEARCHES.slice(0, 1);

interface Mix {
  name: string;
  /** The paths sent in turn, or the path of the nth request (`fresh`). */
  paths: readonly string[];
  fresh?: (n: number) => string;
  /** Its name in the progress lines. */
  short: string;
}
const DISTINCT_MIX: Mix = {
  name: `${SHOP_SEARCHES.length} distinct searches`,
  short: 'distinct searches',
  paths: SHOP_SEARCHES,
};
/** The shop's searches of a place (with a zip code): the same work as theirs, once their zip codes are looked up. */
const PLACE_SEARCHES = SHOP_SEARCHES.filter((path) => path.includes('zip[]='));
/**
 * Searches never asked before in the run: the shop's searches of a place, each with two zip codes more
 * that no place has (00001 to 00099), a pair that differs for each of the first 1.3 million requests,
 * so no answer the server kept serves them, as the first time a search is asked after a catalogue
 * change or on a new day. They find what the shop's search finds, and say the two zip codes are unknown.
 */
const FRESH_MIX: Mix = {
  name: 'searches never asked before (the shop’s of a place, each with two unknown zip codes)',
  short: 'new searches',
  paths: [],
  fresh: (n) => {
    const unknown = (k: number) => String((k % 99) + 1).padStart(5, '0');
    const base = PLACE_SEARCHES[Math.floor(n / (99 * 99)) % PLACE_SEARCHES.length];
    return `${base}&zip[]=${unknown(n)}&zip[]=${unknown(Math.floor(n / 99))}`;
  },
};
/** Requests of the fresh mix sent so far in this run, so no run repeats another's. */
let freshSent = 0;
const MIXES: Mix[] = [
  DISTINCT_MIX,
  { name: `one search repeated (${ONE.join('')})`, short: 'one search', paths: ONE },
  FRESH_MIX,
];

interface Run {
  server: BenchServer;
  mix: Mix;
  round: number;
  requests: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  /** The server's CPU time (all its processes and threads), in milliseconds; null where /proc cannot tell. */
  cpuMs: number | null;
  /** Of it, the process the bench started: the supervisor, when the checkout has one. */
  startedCpuMs: number | null;
  /** Whether that process is a supervisor: server processes (server/worker.ts) run under it. */
  supervised: boolean;
  /** The CPU time of this process meanwhile (autocannon's load), in milliseconds. */
  loaderCpuMs: number;
  failures: number;
}

/** A process's parent and CPU time so far in milliseconds, from /proc (Linux counts it in 10 ms ticks). */
function processStat(pid: number): { parent: number; cpuMs: number } | null {
  try {
    // The command name before `) ` may hold spaces; the fields after it do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

interface ServerCpu {
  /** Of the process and every process under it. */
  allMs: number;
  /** Of the process alone. */
  rootMs: number;
  /** Whether server processes (server/worker.ts) run under it. */
  supervised: boolean;
}

const isServerProcess = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/worker.');
  } catch {
    return false;
  }
};

/**
 * The CPU time so far of a process and every process under it: the release's server is one process,
 * this checkout's a supervisor that hands its connections to server processes it started.
 */
function serverCpu(root: number): ServerCpu | null {
  const stats = new Map<number, { parent: number; cpuMs: number }>();
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processStat(Number(entry)) : null;
    if (stat) stats.set(Number(entry), stat);
  }
  const rootMs = stats.get(root)?.cpuMs;
  if (rootMs === undefined) return null;
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.parent)
      if (at === root) return true;
    return false;
  };
  const cpu = { allMs: 0, rootMs, supervised: false };
  for (const [pid, stat] of stats)
    if (inTree(pid)) {
      cpu.allMs += stat.cpuMs;
      cpu.supervised ||= isServerProcess(pid);
    }
  return cpu;
}

/** What a browser says it takes: compression is part of what an answer costs the server. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const uncompressed = process.argv.includes('--uncompressed');
const HEADERS = uncompressed ? {} : BROWSER_HEADERS;

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

const nameOf = (server: BenchServer) =>
  `${server.checkout.label} (${server.checkout.commit})${server.variant ? `, ${server.variant}` : ''}`;
const shortName = (server: BenchServer) =>
  `${server.checkout.label}${server.variant ? `, ${server.variant}` : ''}`;
const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

interface Figures {
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  cpuPerRequestUs: number | null;
}

/** Requests/s and CPU per request over all the runs; latency percentiles as the mean of the runs'. */
function figuresOf(runs: Run[]): Figures {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const cpu = runs.every((r) => r.cpuMs !== null) ? runs.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0) : null;
  return {
    perSecond: requests / runs.reduce((sum, r) => sum + r.seconds, 0),
    p50: mean(runs.map((r) => r.p50)),
    p90: mean(runs.map((r) => r.p90)),
    p99: mean(runs.map((r) => r.p99)),
    cpuPerRequestUs: cpu === null || requests === 0 ? null : (cpu * 1000) / requests,
  };
}

const WIDTHS = [40, 6, 12, 8, 8, 8, 12, 8];
const row = (cells: string[]) =>
  `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i] ?? 0) : cell.padStart(WIDTHS[i] ?? 0))).join('')}`;
const figureCells = (f: Figures) => [
  whole(f.perSecond),
  f.p50.toFixed(1),
  f.p90.toFixed(1),
  f.p99.toFixed(1),
  f.cpuPerRequestUs === null ? '-' : whole(f.cpuPerRequestUs),
];
const ratio = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0 ? '-' : `${(now / before).toFixed(2)}×`;

/**
 * One mix's table: every run, each server over all rounds, each of this checkout's servers against
 * the baseline, and the targets: one process's, or with --postgres the processes per core against one.
 */
function printMix(mix: Mix, runs: Run[], baseline: BenchServer, current: BenchServer[]) {
  const ofMix = runs.filter((r) => r.mix === mix);
  const ofServer = (server: BenchServer) => ofMix.filter((r) => r.server === server);
  console.log(`\nPOST /api/v1/media/search, ${mix.name}`);
  console.log(row(['', 'round', 'requests/s', 'p50 ms', 'p90 ms', 'p99 ms', 'CPU µs/req', 'failed']));
  for (const run of ofMix)
    console.log(
      row([nameOf(run.server), String(run.round), ...figureCells(figuresOf([run])), String(run.failures)]),
    );
  const figures = new Map([baseline, ...current].map((server) => [server, figuresOf(ofServer(server))]));
  const failed = (server: BenchServer) => String(ofServer(server).reduce((sum, r) => sum + r.failures, 0));
  for (const [server, f] of figures)
    console.log(row([nameOf(server), 'all', ...figureCells(f), failed(server)]));
  const ratioRow = (now: BenchServer, before: BenchServer) => {
    const [a, b] = [figures.get(now), figures.get(before)];
    if (!a || !b) return;
    console.log(
      row([
        `${shortName(now)} / ${shortName(before)}`,
        '',
        ratio(a.perSecond, b.perSecond),
        ratio(a.p50, b.p50),
        ratio(a.p90, b.p90),
        ratio(a.p99, b.p99),
        ratio(a.cpuPerRequestUs, b.cpuPerRequestUs),
      ]),
    );
  };
  for (const server of current) ratioRow(server, baseline);
  for (const server of [baseline, ...current]) {
    const own = ofServer(server);
    const requests = own.reduce((sum, r) => sum + r.requests, 0);
    const seconds = own.reduce((sum, r) => sum + r.seconds, 0);
    const loader = own.reduce((sum, r) => sum + r.loaderCpuMs, 0);
    if (requests === 0) continue;
    const supervisor = own.some((r) => r.supervised)
      ? `its supervisor took ${((own.reduce((sum, r) => sum + (r.startedCpuMs ?? 0), 0) * 1000) / requests).toFixed(1)} µs a request, its server processes the rest; `
      : '';
    console.log(
      `  ${shortName(server)}: ${supervisor}autocannon took ${((loader / 1000 / seconds) * 100).toFixed(0)} % of a core`,
    );
  }
  const [single, perCore] = current;
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  if (postgres && single && perCore) {
    ratioRow(perCore, single);
    const one = figures.get(single);
    const many = figures.get(perCore);
    if (one && many) {
      const scaling = many.perSecond / one.perSecond;
      console.log(
        `  target on PostgreSQL: ${shortName(perCore)} >= ${TARGET_SCALING}× ${shortName(single)} (${scaling.toFixed(2)}×, ${met(scaling >= TARGET_SCALING)}), p99 <= ${TARGET_SCALED_P99_MS} ms (${many.p99.toFixed(1)} ms, ${met(many.p99 <= TARGET_SCALED_P99_MS)})`,
      );
    }
  } else if (single) {
    const now = figures.get(single);
    if (now)
      console.log(
        `  target for one process: >= ${whole(TARGET_REQUESTS_PER_SECOND)} requests/s (${met(now.perSecond >= TARGET_REQUESTS_PER_SECOND)}), p99 <= ${TARGET_P99_MS} ms (${met(now.p99 <= TARGET_P99_MS)})`,
      );
  }
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
