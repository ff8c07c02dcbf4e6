import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { LOCK_FILE } from '../../server/db/dataDirLock';
import { signinCodes, users } from '../../server/db/schema';
import {
  api,
  childrenOf,
  holderOf,
  pgliteFolder,
  type ServerProcess,
  spawnServer,
  untilEnded,
} from '../support/serverProcess';

/**
 * The server as a process on an embedded database folder: one process per folder (a lock), writes
 * that survive kill -9, and a stop on SIGTERM that answers every request it has.
 */

const PASSWORD = 'correct horse battery';
/** Limits high enough that a test's own sign-ups and links from one address are never throttled. */
const ROOMY_LIMITS = {
  LIMIT_REGISTER_PER_ADDRESS: '1000/1h',
  LIMIT_SIGNIN_LINK_PER_ADDRESS: '1000/1h',
  LIMIT_MAIL_PER_RECIPIENT: '1000/1h',
};

const running: ServerProcess[] = [];
const folders: { remove(): void }[] = [];

async function folder() {
  const made = await pgliteFolder(inject('pgliteTemplate'));
  folders.push(made);
  return made.dataDir;
}

async function server(dataDir: string): Promise<ServerProcess> {
  const started = await spawnServer({ DATA_DIR: dataDir, ...ROOMY_LIMITS });
  running.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((one) => one.stop()));
  for (const made of folders.splice(0)) made.remove();
});

const account = (tag: string, i: number) => ({
  email: `${tag}-${i}@process.example`,
  password: PASSWORD,
  firstname: 'Pat',
  lastname: 'Process',
  company: `Process Test ${tag} ${i}`,
});

async function register(baseURL: string, body: ReturnType<typeof account>) {
  const answer = await api(baseURL, 'POST', '/register', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('one server per embedded database folder', () => {
  it('refuses a second server on the folder, naming the first', { timeout: 120_000 }, async () => {
    const dataDir = await folder();
    const first = await server(dataDir);
    await first.ready;
    const serving = holderOf(dataDir);
    expect(childrenOf(first.pid)).toContain(serving);

    const second = await server(dataDir);
    expect(await second.readyOrExited).toEqual({ code: 1, signal: null });
    // Named by its supervisor, the process to stop (stopping the one serving would only replace it).
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is in use by another server: process ${first.pid} (server/main.ts, serving through process ${serving}), running since `,
    );
    expect(second.output()).toContain(`Stop it first (\`kill ${first.pid}\`, or Ctrl-C where it runs).`);
    expect(second.output()).not.toContain('is ready');
    // The first one goes on serving, and still holds the folder.
    expect((await api(first.baseURL, 'GET', '/ui/stats')).status).toBe(200);
    expect(holderOf(dataDir)).toBe(serving);
  });

  it('keeps every acknowledged write when the whole server is killed, and the next server takes the folder over', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await folder();
    const first = await server(dataDir);
    await first.ready;
    const serving = holderOf(dataDir);
    const accounts = Array.from({ length: 20 }, (_, i) => account(`killed-${first.pid}`, i));
    await Promise.all(accounts.map((body) => register(first.baseURL, body)));

    // As a machine or container that dies does: every process at once, the supervisor first.
    const processes = [first.pid, ...childrenOf(first.pid)];
    for (const pid of processes) process.kill(pid, 'SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await untilEnded(processes)).toEqual([]);
    // Killed, it could not remove its lock.
    expect(holderOf(dataDir)).toBe(serving);

    const next = await server(dataDir);
    await next.ready;
    expect(next.output()).toContain(
      `Took over the embedded database in ${dataDir} from process ${first.pid} (server/main.ts, serving through process ${serving}): it is no longer running.`,
    );
    for (const { email, password } of accounts) {
      const signIn = await api(next.baseURL, 'POST', '/login', { body: { email, password } });
      expect(signIn.status, `${email}: ${JSON.stringify(signIn.body)}`).toBe(200);
    }
  });

  it('lets its server processes finish and free the folder when the supervisor alone is killed', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await folder();
    const first = await server(dataDir);
    await first.ready;
    const children = childrenOf(first.pid);
    first.kill('SIGKILL');
    await first.exited;
    // Without their supervisor they take no more connections: they stop, and the lock goes with them.
    expect(await untilEnded(children)).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const next = await server(dataDir);
    await next.ready;
    expect(next.output()).not.toContain('Took over');
  });
});

/** A request whose headers the server has read (it said 100 Continue) and whose body it waits for. */
function heldRequest(port: number, route: string, body: unknown) {
  const text = JSON.stringify(body);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1${route}`,
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    });
    request.once('error', reject);
  });
  // Awaited by the test once the bodies are sent; a failure before that is reported there.
  answer.catch(() => {});
  const received = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  request.flushHeaders();
  return { received, answer, send: () => request.end(text) };
}

/** A keep-alive connection that has had its answer and sits idle; `closed` resolves when the server closes it. */
async function idleKeepAlive(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk) => {
      seen += chunk.toString();
      if (seen.includes('\r\n\r\n') && seen.includes('"success"')) resolve();
    });
    socket.once('error', reject);
    socket.write('GET /api/v1/ui/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  expect(seen).toMatch(/^HTTP\/1\.1 200 /);
  return { closed, isClosed: () => isClosed };
}

function connectionRefused(port: number) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('a server process run on its own', () => {
  it('listens itself, and stops on SIGTERM and SIGINT with the full grace', {
    timeout: 120_000,
  }, async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dataDir = await folder();
      const alone = await spawnServer({ DATA_DIR: dataDir, ...ROOMY_LIMITS }, 'server/worker.ts');
      running.push(alone);
      await alone.ready;
      expect((await api(alone.baseURL, 'GET', '/ui/stats')).status).toBe(200);
      alone.kill(signal);
      expect(await alone.exited).toEqual({ code: 0, signal: null });
      expect(alone.output()).toContain(
        `${signal}: stopping. Accepting no new connections, answering the 0 requests in flight (up to 10 s).`,
      );
      expect(alone.output()).toContain(`Answered 0 requests since ${signal}. Stopped.`);
    }
  });
});

describe('stopping on SIGTERM', () => {
  it('answers all 50 requests in flight, finishes the work they started, then closes the database and exits 0', {
    timeout: 180_000,
  }, async () => {
    const dataDir = await folder();
    const serving = await server(dataDir);
    await serving.ready;
    const tag = `drain-${serving.pid}`;
    // 40 customers who will ask for a sign-in link: its e-mail is made after the answer.
    const customers = Array.from({ length: 40 }, (_, i) => account(`${tag}-link`, i));
    for (let i = 0; i < customers.length; i += 10)
      await Promise.all(customers.slice(i, i + 10).map((body) => register(serving.baseURL, body)));

    const inFlight = [
      ...Array.from({ length: 10 }, (_, i) =>
        heldRequest(serving.port, '/register', account(`${tag}-new`, i)),
      ),
      ...customers.map(({ email }) => heldRequest(serving.port, '/login/link', { email })),
    ];
    await Promise.all(inFlight.map((request) => request.received));
    // Opened last, so the server's keep-alive timeout (5 s) has not closed it before the stop.
    const idle = await idleKeepAlive(serving.port);
    expect(idle.isClosed()).toBe(false);

    serving.kill('SIGTERM');
    await serving.printed('SIGTERM: stopping.');
    expect(serving.output()).toContain('answering the 50 requests in flight (up to 10 s)');
    await idle.closed;
    expect(await connectionRefused(serving.port)).toBe('ECONNREFUSED');

    for (const request of inFlight) request.send();
    const answers = await Promise.all(inFlight.map((request) => request.answer));
    expect(answers).toEqual(Array.from({ length: 50 }, () => ({ status: 200, connection: 'close' })));
    expect(await serving.exited).toEqual({ code: 0, signal: null });
    expect(serving.output()).toContain('Stopped.');
    expect(serving.output()).not.toContain('Closed');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const database = await openPglite({ dataDir });
    try {
      const accounts = await database.db
        .select({ n: count() })
        .from(users)
        .where(like(users.email, `${tag}-%`));
      // One sign-in code for each link asked for: made after its answer, before the database closed.
      const codes = await database.db
        .select({ n: count() })
        .from(signinCodes)
        .innerJoin(users, eq(users.id, signinCodes.userId))
        .where(like(users.email, `${tag}-link-%`));
      expect({ accounts, codes }).toEqual({ accounts: [{ n: 50 }], codes: [{ n: 40 }] });
    } finally {
      await database.close();
    }
  });
});

/*
 * Issue 29, point 1: what a load balancer hears while the server starts and while it stops.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The body of a chunked answer, once all of it is in `bytes`; null before. */
function unchunked(bytes: Buffer): string | null {
  let at = 0;
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts).toString();
    if (bytes.length < lineEnd + 2 + size + 2) return null;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Reads one HTTP/1.1 answer (sized by Content-Length, or chunked) from what `socket` receives. */
function answerOn(socket: net.Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = seen.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = seen.subarray(end + 4);
      let body: string | null;
      if (headers['transfer-encoding'] === 'chunked') body = unchunked(rest);
      else {
        const length = Number(headers['content-length'] ?? 0);
        body = rest.length < length ? null : rest.subarray(0, length).toString();
      }
      if (body === null) return;
      socket.off('data', onData);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/**
 * Sends `request` on a new connection as soon as the server's port takes one, and reads the answer;
 * `readyWhenSent`: whether the server had said it was ready when the request went.
 */
async function sendOnceListening(
  server: ServerProcess,
  request: string,
): Promise<{ answer: RawAnswer; readyWhenSent: boolean }> {
  for (;;) {
    const socket = net.connect(server.port, '127.0.0.1');
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (!connected) {
      socket.destroy();
      // Not listening yet: the supervisor is loading its modules.
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    try {
      const answer = answerOn(socket);
      const readyWhenSent = server.output().includes('is ready');
      socket.write(request);
      return { answer: await answer, readyWhenSent };
    } finally {
      socket.destroy();
    }
  }
}

const getRequest = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

describe('probes while the server starts', () => {
  it('are answered by the supervisor while its server process opens a new folder: alive, not ready ("starting")', {
    timeout: 240_000,
  }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-starting-'));
    folders.push({ remove: () => rmSync(dir, { recursive: true, force: true }) });
    // A folder with nothing in it yet: its first server process migrates and seeds it, for a while.
    const starting = await server(path.join(dir, 'pglite'));
    const { answer: alive } = await sendOnceListening(starting, getRequest('/healthz'));
    const { answer: ready, readyWhenSent } = await sendOnceListening(starting, getRequest('/readyz'));
    expect(readyWhenSent).toBe(false);
    expect(alive).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('1');
    expect(JSON.parse(ready.body)).toMatchObject({ ready: false, failing: ['starting'] });

    await starting.ready;
    const { answer: served } = await sendOnceListening(starting, getRequest('/readyz'));
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body)).toMatchObject({ ready: true, failing: [] });
  });

  it('hands a request that came while it started to its server process, with the bytes it read of it', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await folder();
    const starting = await server(dataDir);
    const body = JSON.stringify(account(`early-${starting.pid}`, 0));
    const request = [
      'POST /api/v1/register HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n');
    const { answer, readyWhenSent } = await sendOnceListening(starting, request);
    expect(readyWhenSent).toBe(false);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
  });
});

describe('probes while the server stops', () => {
  it('answer 503 "draining" on a kept-alive connection while a slow request is still answered', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await folder();
    const serving = await server(dataDir);
    await serving.ready;
    const slow = heldRequest(serving.port, '/register', account(`draining-${serving.pid}`, 0));
    await slow.received;

    // A load balancer's connection, kept alive: a probe answered, and the next one on its way.
    const probe = net.connect(serving.port, '127.0.0.1');
    await new Promise((resolve) => probe.once('connect', resolve));
    const first = answerOn(probe);
    probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await first).status).toBe(200);
    probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    serving.kill('SIGTERM');
    await serving.printed('SIGTERM: stopping.');
    const second = answerOn(probe);
    probe.write('\r\n');
    const draining = await second;
    probe.destroy();
    expect(draining.status).toBe(503);
    expect(draining.headers.connection).toBe('close');
    expect(JSON.parse(draining.body)).toMatchObject({ ready: false, failing: ['draining'] });

    slow.send();
    expect(await slow.answer).toEqual({ status: 200, connection: 'close' });
    expect(await serving.exited).toEqual({ code: 0, signal: null });
  });
});
