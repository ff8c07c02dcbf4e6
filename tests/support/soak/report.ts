import type { Outcome } from './record';
import type { SoakRun } from './run';

/**
 * What a soak run comes to: requests, errors apart from what the kills cost, latency, how soon the
 * server answered again after each kill, restarts, memory, 5xx and lost writes; and the problems that
 * fail it.
 */

/**
 * The most a kill may keep the server from answering (acceptance point 10). A request that got no
 * answer, or one cut short, within this long of a kill was lost to the kill, not to a fault.
 */
export const SERVING_AGAIN_WITHIN_MS = 2_000;

/**
 * The error rate a run may have: one request in a thousand. The soak's clients only send what the
 * storefront sends, so a healthy server fails none of them; what this allows is the odd request the
 * clients cannot pin on a kill (a connection the killed process held that fails a little after the
 * window), while a fault in a route repeats with its kind and passes it within a minute of traffic.
 */
export const ERROR_RATE_LIMIT = 0.001;

export interface KindSummary {
  kind: string;
  requests: number;
  refused: number;
  errors: number;
  lostToKill: number;
  p50: number;
  p99: number;
}

export interface KillSummary {
  pid: number;
  /** Seconds into the run. */
  atS: number;
  /** From the kill to the first answer to a request sent after it; null if none came. */
  servingAgainMs: number | null;
  /** Requests without an answer, or with one cut short, in the two seconds after it. */
  lost: number;
}

export interface SoakSummary {
  database: string;
  site: boolean;
  seconds: number;
  clients: number;
  /** The share of a core the clients took. */
  clientCpu: number;
  requests: number;
  perSecond: number;
  kinds: KindSummary[];
  errors: number;
  errorRate: number;
  lostToKill: number;
  refused: number;
  /** A few of the errors, for a person to start from. */
  errorExamples: string[];
  p50: number;
  p99: number;
  kills: KillSummary[];
  /** Server processes that ended unasked (the supervisor's lines), and its take-over times. */
  restarts: string[];
  takeOversMs: number[];
  peakMemoryMb: { supervisor: number; servers: { pid: number; mb: number }[] };
  /** Answers with a 5xx status the clients got, and those the server's access lines show. */
  fiveHundreds: { clients: string[]; log: string[] };
  /**
   * Lines the server logged at error level or above that the kills do not explain: shown, not failed
   * on (a page drawn too slowly on a busy machine is logged so, and answered undrawn).
   */
  serverErrors: string[];
  acknowledged: { accounts: number; carts: number; orders: number; files: number };
  lostWrites: string[];
  problems: string[];
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const answeredMs = (outcomes: readonly Outcome[]) =>
  outcomes.filter((o) => o.status !== null).map((o) => o.endedAt - o.startedAt);

export function summarize(run: SoakRun): SoakSummary {
  const { outcomes } = run.record;
  const lostToAKill = (o: Outcome) =>
    o.verdict === 'failed' &&
    o.interrupted &&
    run.kills.some((kill) => o.endedAt >= kill.at && o.endedAt <= kill.at + SERVING_AGAIN_WITHIN_MS);
  const isError = (o: Outcome) => o.verdict === 'failed' && !lostToAKill(o);
  const errors = outcomes.filter(isError);
  const lostToKill = outcomes.filter(lostToAKill);
  const kinds = [...new Set(outcomes.map((o) => o.kind))].map((kind): KindSummary => {
    const ofKind = outcomes.filter((o) => o.kind === kind);
    const ms = answeredMs(ofKind);
    return {
      kind,
      requests: ofKind.length,
      refused: ofKind.filter((o) => o.verdict === 'refused').length,
      errors: ofKind.filter(isError).length,
      lostToKill: ofKind.filter(lostToAKill).length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
    };
  });
  kinds.sort((a, b) => b.requests - a.requests);

  const kills = run.kills.map((kill): KillSummary => {
    const after = outcomes.filter((o) => o.status !== null && o.startedAt >= kill.at).map((o) => o.endedAt);
    return {
      pid: kill.pid,
      atS: (kill.at - run.startedAt) / 1000,
      servingAgainMs: after.length > 0 ? Math.min(...after) - kill.at : null,
      lost: lostToKill.filter((o) => o.endedAt >= kill.at && o.endedAt <= kill.at + SERVING_AGAIN_WITHIN_MS)
        .length,
    };
  });
  const killed = new Set(run.kills.map((kill) => kill.pid));
  const restarts = run.lines.filter((line) => /Server process \d+ ended/.test(line));
  const unexplained = run.lines.filter((line) => {
    const level = Number(line.match(/"level":(\d+)/)?.[1] ?? 0);
    const pid = Number(line.match(/Server process (\d+) ended \(killed by SIGKILL\)/)?.[1] ?? Number.NaN);
    return level >= 50 && !killed.has(pid);
  });
  const fiveHundreds = {
    clients: outcomes
      .filter((o) => o.status !== null && o.status >= 500)
      .map((o) => `${o.kind}: ${o.detail}`),
    log: run.serverFiveHundreds,
  };
  const servers = [...run.peakMemory]
    .filter(([pid]) => pid !== run.supervisorPid)
    .map(([pid, mb]) => ({ pid, mb }));
  const { lost, record } = run;
  const lostWrites = [
    ...lost.accounts.map((email) => `account ${email}`),
    ...lost.carts.map((uuid) => `cart ${uuid}`),
    ...lost.orders.map((number) => `order ${number}`),
    ...lost.files.map((file) => `file ${file}`),
  ];
  const errorRate = outcomes.length > 0 ? errors.length / outcomes.length : 0;
  const seconds = (run.endedAt - run.startedAt) / 1000;

  const problems: string[] = [];
  if (lostWrites.length > 0) problems.push(`${lostWrites.length} acknowledged writes lost`);
  const most5xx = Math.max(fiveHundreds.clients.length, fiveHundreds.log.length);
  if (most5xx > 0) problems.push(`${most5xx} answers with a 5xx status`);
  if (errorRate > ERROR_RATE_LIMIT)
    problems.push(`error rate ${(errorRate * 100).toFixed(2)} % (at most ${ERROR_RATE_LIMIT * 100} %)`);
  for (const kill of kills)
    if (kill.servingAgainMs === null || kill.servingAgainMs > SERVING_AGAIN_WITHIN_MS)
      problems.push(
        `not serving again within ${SERVING_AGAIN_WITHIN_MS / 1000} s of the kill of ${kill.pid} (${kill.servingAgainMs === null ? 'never' : `${Math.round(kill.servingAgainMs)} ms`})`,
      );
  problems.push(...run.killsMissed);
  if (restarts.length > run.kills.length)
    problems.push(`${restarts.length - run.kills.length} server processes ended that were not killed`);
  if (run.clientsStuck > 0)
    problems.push(`${run.clientsStuck} clients still waiting for an answer after the run`);
  if (run.stillChecking.length > 0)
    problems.push(`${run.stillChecking.length} files that arrived whole were never checked`);
  if (run.exit.code !== 0) problems.push(`the server did not stop cleanly (${JSON.stringify(run.exit)})`);

  return {
    database: run.options.database.name,
    site: run.site,
    seconds,
    clients: run.options.clients,
    clientCpu: run.clientCpuMs / (run.endedAt - run.startedAt),
    requests: outcomes.length,
    perSecond: outcomes.length / seconds,
    kinds,
    errors: errors.length,
    errorRate,
    lostToKill: lostToKill.length,
    refused: outcomes.filter((o) => o.verdict === 'refused').length,
    errorExamples: [...new Set(errors.map((o) => `${o.kind}: ${o.detail}`))].slice(0, 8),
    p50: percentile(answeredMs(outcomes), 50),
    p99: percentile(answeredMs(outcomes), 99),
    kills,
    restarts,
    takeOversMs: run.lines.flatMap((line) => {
      const ms = line.match(/took over in (\d+) ms/)?.[1];
      return ms ? [Number(ms)] : [];
    }),
    peakMemoryMb: { supervisor: run.peakMemory.get(run.supervisorPid) ?? 0, servers },
    fiveHundreds,
    serverErrors: unexplained,
    acknowledged: {
      accounts: record.accounts.length,
      carts: record.carts.length,
      orders: record.orders.length,
      files: record.files.size,
    },
    lostWrites,
    problems,
  };
}
