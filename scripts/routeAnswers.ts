/**
 * How fast a server answers a zip code's carrier routes once it has them (issue 34: at most 50 ms):
 * `GET /api/v1/eddm/zip` and `/eddm/zipgeom` for each zip code, asked once to warm the caches, then
 * `requests` times each, one at a time over a kept-alive connection, the servers taking turns. The
 * time is the whole answer read by the client, on loopback.
 */
import { percentile } from './percentile';

export const ROUTE_TARGET_MS = 50;
const CALLS = ['zip', 'zipgeom'] as const;

export interface RouteAnswerServer {
  label: string;
  url: string;
}

export interface RouteAnswerTimes {
  server: RouteAnswerServer;
  call: (typeof CALLS)[number];
  zip: string;
  samples: number[];
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return ms;
}

export async function measureRouteAnswers(
  servers: readonly RouteAnswerServer[],
  zips: readonly string[],
  requests = 50,
): Promise<RouteAnswerTimes[]> {
  const times: RouteAnswerTimes[] = [];
  for (const zip of zips)
    for (const call of CALLS) {
      const rows = servers.map((server) => ({ server, call, zip, samples: [] as number[] }));
      const path = (server: RouteAnswerServer) => `${server.url}/api/v1/eddm/${call}?zip=${zip}`;
      for (const row of rows) await timed(path(row.server)); // warms the caches
      for (let i = 0; i < requests; i++)
        for (const row of rows) row.samples.push(await timed(path(row.server)));
      times.push(...rows);
    }
  return times;
}

/** One line per server, call and zip code, and each server's figures over all of them. */
export function printRouteAnswers(times: readonly RouteAnswerTimes[]): void {
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(
    `\nA zip code's routes from cache (GET /eddm/zip and /eddm/zipgeom, warm, ${times[0]?.samples.length ?? 0} requests each; target ≤ ${ROUTE_TARGET_MS} ms)`,
  );
  for (const { server, call, zip, samples } of times)
    console.log(
      `  ${`${server.label} ${call} ${zip}`.padEnd(44)}median ${ms(percentile(samples, 50))}   p95 ${ms(percentile(samples, 95))}`,
    );
  const servers = [...new Set(times.map((t) => t.server))];
  for (const server of servers)
    for (const call of CALLS) {
      const all = times.filter((t) => t.server === server && t.call === call).flatMap((t) => t.samples);
      const p95 = percentile(all, 95);
      console.log(
        `  ${`${server.label} ${call}, every zip code`.padEnd(44)}median ${ms(percentile(all, 50))}   p95 ${ms(p95)}   ${p95 <= ROUTE_TARGET_MS ? 'within' : 'OVER'} the target`,
      );
    }
}
