/**
 * `npm run bench:api`'s figures and tables: a run's measurements, each mix's table (every run, each
 * server over all rounds, the ratios to the baseline) and the targets. Its own file because printing
 * is apart from starting servers and sending the load (scripts/bench-api.ts).
 */

import type { Mix } from './apiBenchMixes';
import { postgres } from './apiBenchOptions';
import type { BenchServer } from './checkoutServer';

const TARGET_REQUESTS_PER_SECOND = 8_000;
const TARGET_P99_MS = 20;
/** With --postgres: one process per core against one process, on this 2-core machine. */
const TARGET_SCALING = 1.8;
const TARGET_SCALED_P99_MS = 25;

/** One run of one mix against one server. */
export interface Run {
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

/** A server as the tables name it: its checkout, commit and variant. */
export const nameOf = (server: BenchServer) =>
  `${server.checkout.label} (${server.checkout.commit})${server.variant ? `, ${server.variant}` : ''}`;
const shortName = (server: BenchServer) =>
  `${server.checkout.label}${server.variant ? `, ${server.variant}` : ''}`;
/** A whole number with thousands separators. */
export const whole = (n: number) => Math.round(n).toLocaleString('en-US');
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
export function printMix(mix: Mix, runs: Run[], baseline: BenchServer, current: BenchServer[]) {
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
