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
 * Options: --against <tag or commit> (default: the newest v* tag that is not HEAD), --rounds 2,
 * --connections 50, --duration 15 (seconds a run), --uncompressed (requests accept no compression, to
 * see what compressing costs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  type BenchServer,
  baselineRef,
  checkOutBaseline,
  startServer,
  thisCheckout,
  withTeardown,
} from './baseline';
import { SHOP_SEARCHES } from './shopSearches';

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const connections = Number(arg('connections') ?? 50);
const duration = Number(arg('duration') ?? 15);
const rounds = Math.max(1, Number(arg('rounds') ?? 2));

const TARGET_REQUESTS_PER_SECOND = 8_000;
const TARGET_P99_MS = 20;

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
  const result = await load(server, mix, duration, connections);
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
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

const nameOf = (server: BenchServer) => `${server.checkout.label} (${server.checkout.commit})`;
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

const WIDTHS = [28, 6, 12, 8, 8, 8, 12, 8];
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

function printMix(mix: Mix, runs: Run[], baseline: BenchServer, current: BenchServer) {
  const ofMix = runs.filter((r) => r.mix === mix);
  console.log(`\nPOST /api/v1/media/search, ${mix.name}`);
  console.log(row(['', 'round', 'requests/s', 'p50 ms', 'p90 ms', 'p99 ms', 'CPU µs/req', 'failed']));
  for (const run of ofMix)
    console.log(
      row([nameOf(run.server), String(run.round), ...figureCells(figuresOf([run])), String(run.failures)]),
    );
  const before = figuresOf(ofMix.filter((r) => r.server === baseline));
  const now = figuresOf(ofMix.filter((r) => r.server === current));
  const failed = (server: BenchServer) =>
    String(ofMix.filter((r) => r.server === server).reduce((sum, r) => sum + r.failures, 0));
  console.log(row([nameOf(baseline), 'all', ...figureCells(before), failed(baseline)]));
  console.log(row([nameOf(current), 'all', ...figureCells(now), failed(current)]));
  console.log(
    row([
      `${current.checkout.label} / ${baseline.checkout.label}`,
      '',
      ratio(now.perSecond, before.perSecond),
      ratio(now.p50, before.p50),
      ratio(now.p90, before.p90),
      ratio(now.p99, before.p99),
      ratio(now.cpuPerRequestUs, before.cpuPerRequestUs),
    ]),
  );
  const met = (ok: boolean) => `${current.checkout.label} ${ok ? 'met it' : 'missed it'}`;
  for (const server of [baseline, current]) {
    const own = ofMix.filter((r) => r.server === server);
    const requests = own.reduce((sum, r) => sum + r.requests, 0);
    if (!own.some((r) => r.supervised) || requests === 0) continue;
    const started = own.reduce((sum, r) => sum + (r.startedCpuMs ?? 0), 0);
    console.log(
      `  of ${server.checkout.label}'s CPU, its supervisor took ${((started * 1000) / requests).toFixed(1)} µs a request, its server processes the rest`,
    );
  }
  console.log(
    `  target for one process: >= ${whole(TARGET_REQUESTS_PER_SECOND)} requests/s (${met(now.perSecond >= TARGET_REQUESTS_PER_SECOND)}), p99 <= ${TARGET_P99_MS} ms (${met(now.p99 <= TARGET_P99_MS)})`,
  );
}

async function main() {
  await withTeardown(async (teardown) => {
    const ref = baselineRef(arg('against'));
    const current = thisCheckout();
    console.log(`Checking out ${ref} beside this checkout (${current.dir}, ${current.commit})...`);
    const previous = await checkOutBaseline(ref, teardown);
    console.log('Starting both servers on fresh data folders (each seeds its database first)...');
    const [baseline, now] = await Promise.all([
      startServer(previous, teardown),
      startServer(current, teardown),
    ]);
    for (const server of [baseline, now]) await load(server, DISTINCT_MIX, 3, 10);

    const started = new Date();
    console.log(
      `Measuring from ${started.toISOString()}: ${rounds} round${rounds === 1 ? '' : 's'} of ${MIXES.length} mixes, each ${duration} s with ${connections} connections accepting ${uncompressed ? 'no compression' : BROWSER_HEADERS['accept-encoding']}, ${nameOf(baseline)} then ${nameOf(now)}...`,
    );
    const runs: Run[] = [];
    for (let round = 1; round <= rounds; round++)
      for (const mix of MIXES)
        for (const server of [baseline, now]) {
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
