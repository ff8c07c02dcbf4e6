import type { SoakSummary } from './report';

/** A soak run's summary as a person reads it, in the shape of `npm run fuzz`'s report. */

const n = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const percent = (value: number) => `${(value * 100).toFixed(3)} %`;

export function formatSummary(s: SoakSummary): string {
  const lines: string[] = [];
  const line = (label: string, text: string) => lines.push(`  ${label.padEnd(14)}${text}`);
  lines.push(
    `\nSoak on ${s.database}: ${s.clients} clients for ${s.seconds.toFixed(0)} s, ${s.site ? 'the built site and the API' : 'the API only (no build in the static folder: `npm run build` for pages and static files)'}`,
  );
  line('requests', `${n(s.requests)} (${s.perSecond.toFixed(0)}/s)`);
  line(
    'errors',
    `${n(s.errors)}, rate ${percent(s.errorRate)}; lost to a kill ${n(s.lostToKill)}; refusals the clients expect ${n(s.refused)}`,
  );
  line(
    'latency',
    `p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (the clients took ${Math.round(s.clientCpu * 100)} % of a core beside the server)`,
  );
  const columns = ['requests', 'refused', 'errors', 'killed'];
  lines.push(
    `  ${'kind'.padEnd(16)}${columns.map((c) => c.padStart(9)).join('')}${'p50'.padStart(10)}${'p99'.padStart(10)}`,
  );
  for (const k of s.kinds)
    lines.push(
      `    ${k.kind.padEnd(14)}${[k.requests, k.refused, k.errors, k.lostToKill].map((v) => n(v).padStart(9)).join('')}${ms(k.p50).padStart(10)}${ms(k.p99).padStart(10)}`,
    );
  for (const kill of s.kills)
    line(
      'kill',
      `SIGKILL to ${kill.pid} at ${kill.atS.toFixed(1)} s: serving again after ${kill.servingAgainMs === null ? 'never' : ms(kill.servingAgainMs)}, ${kill.lost} requests lost`,
    );
  line(
    'restarts',
    `${s.restarts.length}${s.takeOversMs.length > 0 ? ` (the spare took over in ${s.takeOversMs.map((t) => `${t} ms`).join(', ')})` : ''}`,
  );
  const servers = s.peakMemoryMb.servers.map((one) => `${one.pid} ${Math.round(one.mb)} MB`).join(', ');
  line(
    'peak RSS',
    `server processes (spares too) ${servers}; supervisor ${Math.round(s.peakMemoryMb.supervisor)} MB`,
  );
  line('5xx', `${s.fiveHundreds.clients.length} (${s.fiveHundreds.log.length} in the server's access lines)`);
  const a = s.acknowledged;
  line(
    'acknowledged',
    `${n(a.accounts)} accounts, ${n(a.carts)} carts, ${n(a.orders)} orders, ${n(a.files)} files: ${s.lostWrites.length === 0 ? 'all kept' : `${s.lostWrites.length} LOST`}`,
  );
  for (const example of s.errorExamples) lines.push(`  ✗ error: ${example}`);
  for (const answer of [...s.fiveHundreds.clients, ...s.fiveHundreds.log].slice(0, 5))
    lines.push(`  ✗ 5xx: ${answer.slice(0, 300)}`);
  for (const error of s.serverErrors.slice(0, 5)) lines.push(`  ✗ logged: ${error.slice(0, 300)}`);
  for (const write of s.lostWrites.slice(0, 10)) lines.push(`  ✗ lost: ${write}`);
  lines.push(s.problems.length === 0 ? '  PASSED' : `  FAILED: ${s.problems.join('; ')}`);
  return lines.join('\n');
}
