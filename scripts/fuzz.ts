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
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { learnContext } from '../tests/support/hostile/context';
import { ENDPOINTS, type Endpoint, endpointName, type FuzzContext } from '../tests/support/hostile/endpoints';
import { type Answer, judge, type Send } from '../tests/support/hostile/judge';
import { type HostileRequest, hostileRequests } from '../tests/support/hostile/requests';
import { sendOverHttp } from '../tests/support/hostile/send';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';
import { getFreePort } from '../tests/support/ports';

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

interface OwnServer {
  base: string;
  pid: number;
  /** Every line the server wrote to standard output and error. */
  lines: string[];
  stop(): Promise<void>;
}

/** server/main.ts on its own copy of the seeded database, serving the API only, logging at info. */
async function startOwnServer(): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-fuzz-'));
  const dataDir = path.join(dir, 'pglite');
  const template = await loadPgliteTemplate(await pgliteTemplate());
  const dump = await template.dumpDataDir('none');
  await template.close();
  await (await PGlite.create({ dataDir, loadDataDir: dump })).close();
  const port = await getFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dir, 'no-site'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      OUTBOX_KEY,
      // Every request comes from 127.0.0.1: limits per client address would turn most of them into
      // 429s before they reach a handler (the end-to-end servers raise them the same way).
      LIMIT_LOGIN_PER_ADDRESS: '100000/15m',
      LIMIT_REGISTER_PER_ADDRESS: '100000/1h',
      LIMIT_RESET_PER_ADDRESS: '100000/1h',
      LIMIT_SIGNIN_LINK_PER_ADDRESS: '100000/1h',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`The server exited (${code}) before it was ready:\n${lines.slice(-20).join('\n')}`)),
    ),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/v1/ui/stats`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server has no process id.');
  return {
    base,
    pid,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        const finish = () => {
          if (partial) lines.push(partial);
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return finish();
        child.removeAllListeners('exit');
        child.once('exit', finish);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Peak and current resident memory of a process, in MB (Linux). */
function memoryOf(pid: number): { peak: number; now: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}

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
  const server = givenBase ? null : await startOwnServer();
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
