/**
 * `npm run fuzz`: hostile requests by the ten thousand to a real server process (issue 14, points 1,
 * 2 and 4). Every route family (REST, /1/ search, /geocoding, /graphql, the site's own files) gets
 * variants of its input generated with fast-check from its contract schema: wrong kinds, NUL and
 * lone surrogates, huge numbers, deep nesting, broken encodings, every content type, truncated
 * multipart, bodies over the limit with and without Content-Length; and a few bodies of many
 * megabytes. Prints the requests sent, the answers by status class, the 5xx (there must be none),
 * the slowest answer and the server's peak memory, and checks the server's log lines for secrets.
 * Exits 1 on any 5xx, wrong answer or secret in the log.
 *
 * By default it starts its own server (server/main.ts on a fresh copy of the seeded PGlite template,
 * a free port, the API only) and reads its peak RSS from /proc. Options:
 *   --base http://host:port  fuzz a server that is already running (its memory and log are not read)
 *   --requests 10000         how many generated requests (spread evenly over the endpoints)
 *   --concurrency 8          requests in flight at once
 *   --seed 20261114          fast-check's seed: the same seed sends the same requests
 */
import fc from 'fast-check';
import { learnContext } from '../tests/support/hostile/context';
import { type Endpoint, endpointName, type FuzzContext } from '../tests/support/hostile/endpoint';
import { ENDPOINTS } from '../tests/support/hostile/endpoints';
import { type Answer, judge, type Send } from '../tests/support/hostile/judge';
import { type HostileRequest, hostileRequests, refusalPoint } from '../tests/support/hostile/requests';
import { sendOverHttp } from '../tests/support/hostile/send';
import { memoryOf, startOwnServer } from './fuzzServer';

const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const total = Number(option('requests') ?? 10_000);
const concurrency = Number(option('concurrency') ?? 8);
const seed = Number(option('seed') ?? 20_261_114);
const givenBase = option('base');

const MB = 1024 * 1024;
/** The development outbox's key on the fuzz's own server, so the fuzz can read the links it e-mails. */
const OUTBOX_KEY = `fuzz-outbox-${process.pid}-key`;
const thousands = (n: number) => n.toLocaleString('en-US');

/** Bodies of many megabytes, with and without Content-Length: each must be a 413 and cost no memory. */
function hugeBodies(): { request: HostileRequest; endpoint: Endpoint }[] {
  const find = (method: string, p: string) => {
    const found = ENDPOINTS.find((e) => e.method === method && e.path === p);
    if (!found) throw new Error(`No endpoint ${method} ${p}`);
    return found;
  };
  const json = (size: number) => {
    const body = Buffer.alloc(size, 'x');
    body.write('{"email":"a@example.com","password":"');
    body.write('"}', size - 2);
    return new Uint8Array(body.buffer, body.byteOffset, body.length);
  };
  const big = (
    method: 'POST',
    p: string,
    size: number,
    chunked: boolean,
  ): { request: HostileRequest; endpoint: Endpoint } => ({
    endpoint: find(method, p),
    request: {
      method,
      target: p,
      headers: { 'content-type': 'application/json' },
      body: json(size),
      chunked,
      pauseAfter: refusalPoint(find(method, p), chunked),
      variant: `${size / MB} MB${chunked ? ' chunked, no Content-Length' : ' with Content-Length'}`,
    },
  });
  return [
    big('POST', '/api/v1/login', 64 * MB, false),
    big('POST', '/api/v1/login', 64 * MB, true),
    big('POST', '/1/indexes/*/queries', 64 * MB, false),
    big('POST', '/1/indexes/*/queries', 64 * MB, true),
    big('POST', '/graphql', 32 * MB, true),
    big('POST', '/api/v1/eddm/cart', 32 * MB, true),
    big('POST', '/api/v1/checkout/item/create', 32 * MB, false),
  ];
}

/** The requests, spread evenly over the endpoints, in a fixed shuffled order. */
function generated(ctx: FuzzContext): { request: HostileRequest; endpoint: Endpoint }[] {
  const each = Math.ceil(total / ENDPOINTS.length);
  const all = ENDPOINTS.flatMap((endpoint, i) =>
    fc
      .sample(hostileRequests(endpoint, ctx), { numRuns: each, seed: seed + i })
      .map((request) => ({ request, endpoint })),
  );
  const order =
    fc.sample(
      fc.shuffledSubarray(
        all.map((_, i) => i),
        { minLength: all.length },
      ),
      { numRuns: 1, seed },
    )[0] ?? [];
  return order.flatMap((i) => (all[i] ? [all[i]] : []));
}

interface Outcome {
  endpoint: Endpoint;
  request: HostileRequest;
  answer: Answer | null;
  problem: string | null;
}

async function sendAll(
  send: Send,
  work: { request: HostileRequest; endpoint: Endpoint }[],
  inFlight: number,
  onDone: (o: Outcome) => void,
) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < work.length; i = next++) {
      const item = work[i];
      if (!item) continue;
      const { request, endpoint } = item;
      try {
        const answer = await send(request);
        onDone({ endpoint, request, answer, problem: judge(endpoint, request, answer) });
      } catch (error) {
        onDone({
          endpoint,
          request,
          answer: null,
          problem: `no answer: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, inFlight) }, worker));
}

/** Secrets the fuzz used that no log line may carry. */
function secretsOf(ctx: FuzzContext): string[] {
  return [
    ctx.password,
    ctx.token,
    ctx.reset.tok,
    ctx.reset.resetcode,
    ctx.signinCode,
    `billing.${ctx.email}`,
    'correct horse battery staple',
    '$argon2',
    'Bearer ',
    'authorization',
    'hydrate=1',
  ];
}

const short = (request: HostileRequest) =>
  `${request.method} ${request.target.length > 90 ? `${request.target.slice(0, 90)}…` : request.target} (${request.variant})`;

async function main() {
  const server = givenBase ? null : await startOwnServer(OUTBOX_KEY);
  const base = givenBase ?? server?.base ?? '';
  const started = performance.now();
  const send = sendOverHttp(base);
  try {
    const ctx = await learnContext(send, server ? { outboxKey: OUTBOX_KEY } : {});
    const atStart = server ? memoryOf(server.pid) : null;
    const byClass = new Map<string, number>();
    const byFamily = new Map<string, number>();
    const failures: Outcome[] = [];
    let fiveHundreds = 0;
    let slowest: Outcome | null = null;
    let done = 0;
    const huge: Outcome[] = [];
    const record = (outcome: Outcome) => {
      done++;
      if (done % 2000 === 0) process.stdout.write(`  ${thousands(done)} sent\n`);
      const status = outcome.answer?.status ?? 0;
      const statusClass = outcome.answer ? `${Math.floor(status / 100)}xx` : 'no answer';
      byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
      byFamily.set(outcome.endpoint.family, (byFamily.get(outcome.endpoint.family) ?? 0) + 1);
      if (status >= 500) fiveHundreds++;
      if (outcome.problem) failures.push(outcome);
      if (outcome.answer && (!slowest?.answer || outcome.answer.ms > slowest.answer.ms)) slowest = outcome;
    };
    // The bodies of many megabytes first, one at a time, so the memory they could cost shows alone.
    const bodies = hugeBodies();
    for (const item of bodies)
      await sendAll(send, [item], 1, (outcome) => {
        huge.push(outcome);
        record(outcome);
      });
    const afterHuge = server ? memoryOf(server.pid) : null;
    const work = generated(ctx);
    await sendAll(send, work, concurrency, record);
    const seconds = (performance.now() - started) / 1000;
    const memory = server ? memoryOf(server.pid) : null;
    const secrets = secretsOf(ctx);
    const logLines = server?.lines ?? [];
    const leaks = logLines.filter(
      (line) => secrets.some((secret) => line.includes(secret)) || /"path":"[^"]*\?/.test(line),
    );

    console.log(
      `\nFuzzed ${base}${server ? ' (its own server: server/main.ts on a fresh PGlite copy)' : ''} with fast-check, seed ${seed}`,
    );
    console.log(
      `  requests     ${thousands(done)} over ${ENDPOINTS.length} endpoints in ${seconds.toFixed(1)} s (${thousands(work.length)} generated, ${concurrency} at a time; ${bodies.length} huge bodies)`,
    );
    console.log(
      `  by family    ${[...byFamily].map(([family, n]) => `${family} ${thousands(n)}`).join(' · ')}`,
    );
    console.log(
      `  by status    ${['2xx', '3xx', '4xx', '5xx', 'no answer'].map((c) => `${c} ${thousands(byClass.get(c) ?? 0)}`).join(' · ')}`,
    );
    console.log(`  5xx          ${fiveHundreds}`);
    const slow = slowest as Outcome | null;
    if (slow?.answer)
      console.log(
        `  slowest      ${Math.round(slow.answer.ms)} ms, ${slow.answer.status}: ${short(slow.request)}`,
      );
    for (const outcome of huge)
      console.log(
        `  huge body    ${outcome.answer ? `${outcome.answer.status} in ${Math.round(outcome.answer.ms)} ms` : 'no answer'}: ${short(outcome.request)}`,
      );
    const hugeMb = bodies.reduce((n, b) => n + (b.request.body?.length ?? 0), 0) / MB;
    if (memory && atStart && afterHuge)
      console.log(
        `  server RSS   peak ${Math.round(memory.peak)} MB (VmHWM); ${Math.round(atStart.peak)} MB peak before the fuzz, ${Math.round(afterHuge.peak)} MB after the ${Math.round(hugeMb)} MB of huge bodies, ${Math.round(memory.now)} MB at the end`,
      );
    else console.log('  server RSS   not read (a server this script did not start)');
    if (server)
      console.log(
        `  log          ${thousands(logLines.length)} lines; ${leaks.length} with a password, hash, token, authorization, billing e-mail or query string`,
      );
    for (const failure of failures.slice(0, 15))
      console.log(
        `\n  ✗ ${failure.endpoint.family} ${endpointName(failure.endpoint)}\n    ${short(failure.request)}\n    ${failure.problem}`,
      );
    for (const line of leaks.slice(0, 5)) console.log(`\n  ✗ log line with a secret: ${line.slice(0, 300)}`);
    if (failures.length > 15) console.log(`\n  …and ${failures.length - 15} more wrong answers`);
    const ok = fiveHundreds === 0 && failures.length === 0 && leaks.length === 0;
    console.log(ok ? '\nNo 5xx, every refusal a 4xx with a message, no secret in the log.' : '\nFAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
