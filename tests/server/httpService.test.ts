import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpService } from '../../server/lifecycle';

/**
 * How the server stops (server/lifecycle.ts), on a real socket with a small app whose slow answers
 * the test releases by hand: what is in flight is answered, idle connections close at once, what
 * starts late is told to try again, and only the deadline cuts what is left.
 */

/** A signal sent once: `wait` resolves after `send`. */
function signal() {
  let send = () => {};
  const wait = new Promise<void>((resolve) => {
    send = resolve;
  });
  return { send, wait };
}

/** An app whose `/slow/:id` answers once the test releases that id (`gate(id).release()`). */
function slowApp() {
  const gates = new Map<
    string,
    { started: ReturnType<typeof signal>; released: ReturnType<typeof signal> }
  >();
  const entry = (id: string) => {
    const found = gates.get(id) ?? { started: signal(), released: signal() };
    gates.set(id, found);
    return found;
  };
  const gate = (id: string) => ({ started: entry(id).started.wait, release: entry(id).released.send });
  const app = new Hono()
    .get('/slow/:id', async (c) => {
      const id = c.req.param('id');
      entry(id).started.send();
      await entry(id).released.wait;
      return c.text(`answer ${id}`);
    })
    .get('/fast', (c) => c.text('fast'));
  return { app, gate };
}

const services: HttpService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop(0)));
});

async function listening(app: Hono) {
  const service = new HttpService(app.fetch, { hostname: '127.0.0.1' });
  services.push(service);
  // Long enough that only closing idle connections on purpose lets a stop finish within the test.
  service.server.keepAliveTimeout = 600_000;
  const port = await new Promise<number>((resolve) => {
    service.listen({ port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  return { service, port };
}

/** A raw HTTP/1.1 connection: what the server sends, as text, and when it closes. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const waiters = new Set<() => void>();
  socket.on('data', (chunk) => {
    received += chunk.toString();
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.on('error', () => {});
  return {
    opened,
    send: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    received: () => received,
    closed,
    /** Resolves once `count` complete answers have arrived. */
    answers: (count: number) =>
      new Promise<string[]>((resolve) => {
        const check = () => {
          const parts = received.split(/(?=HTTP\/1\.1 )/).filter((part) => /\r\n\r\n/.test(part));
          if (parts.length >= count && parts.every(isComplete)) {
            waiters.delete(check);
            resolve(parts);
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

function isComplete(answer: string): boolean {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const length = /content-length: (\d+)/i.exec(head)?.[1];
  return length !== undefined && Buffer.byteLength(body) >= Number(length);
}

/** Opens 20 connections, sends a request on each, writes the flag file, prints the status lines. */
const BACKLOG_CLIENT = `
const net = require('node:net');
const fs = require('node:fs');
const [port, flag] = process.argv.slice(1);
const sockets = Array.from({ length: 20 }, () => net.connect(Number(port), '127.0.0.1'));
const statuses = sockets.map((socket) => new Promise((resolve) => {
  let text = '';
  socket.on('data', (chunk) => { text += chunk; });
  socket.on('close', () => resolve(text.split('\\r\\n')[0] || 'no answer'));
  socket.on('error', () => {});
}));
Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', () =>
  socket.write('GET /fast HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n', resolve))))).then(() => fs.writeFileSync(flag, ''));
Promise.all(statuses).then((lines) => console.log(JSON.stringify(lines)));
`;

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;
/** Lets the server's side of the loop read what was written (libuv polls before it runs immediates). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a server that stops', () => {
  it('answers the requests in flight, the last one on each connection with Connection: close', async () => {
    const { app, gate } = slowApp();
    const { service, port } = await listening(app);
    const one = connection(port);
    const two = connection(port);
    // Two pipelined requests on one connection, one on the other: all three are in the app.
    await one.send(get('/slow/a') + get('/slow/b'));
    await two.send(get('/slow/c'));
    await Promise.all(['a', 'b', 'c'].map((id) => gate(id).started));

    const stopped = service.stop(5_000);
    expect(service.inFlight).toBe(3);
    for (const id of ['a', 'b', 'c']) gate(id).release();
    expect(await stopped).toEqual({ inFlight: 3, answered: 3, cut: 0 });

    const [a, b] = await one.answers(2);
    const [c] = await two.answers(1);
    expect(a).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(a).toContain('Connection: keep-alive');
    expect(a).toContain('answer a');
    expect(b).toContain('Connection: close');
    expect(b).toContain('answer b');
    expect(c).toContain('Connection: close');
    expect(c).toContain('answer c');
    await Promise.all([one.closed, two.closed]);
  });

  it('closes idle keep-alive connections half a second after the stop, and listens no more', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const idle = connection(port);
    await idle.send(get('/fast'));
    const [answer] = await idle.answers(1);
    expect(answer).toContain('Connection: keep-alive');

    expect(await service.stop(600_000)).toEqual({ inFlight: 0, answered: 0, cut: 0 });
    await idle.closed;
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve('connected'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers busy keep-alive clients until their connections close, never resetting one that sent a request', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    // Eight clients that send their next request the moment each answer is in, as a load test does.
    const clients = Array.from({ length: 8 }, () => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let answers = 0;
      let reset = false;
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
      });
      socket.on('data', (chunk) => {
        received += chunk.toString();
        const parts = received.split(/(?=HTTP\/1\.1 )/);
        const done = parts.filter(isComplete);
        if (done.length > answers) {
          answers = done.length;
          if (!done.at(-1)?.includes('Connection: close')) socket.write(get('/fast'));
        }
      });
      socket.once('connect', () => socket.write(get('/fast')));
      return { ended, answers: () => answers, reset: () => reset };
    });
    while (clients.some((client) => client.answers() < 20)) await nextTurn();
    const stopped = await service.stop(5_000);
    await Promise.all(clients.map((client) => client.ended));
    expect(clients.map((client) => client.reset())).toEqual(Array(8).fill(false));
    // Each was answered once more after the stop began, with Connection: close.
    expect(stopped.answered).toBe(8);
    expect(stopped.cut).toBe(0);
  });

  it('answers a request still arriving when the stop began, on a connection made just before it', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const started = connection(port);
    const connected = connection(port);
    // One has sent half its headers, the other nothing yet: neither connection is idle.
    await started.send('GET /fast HTTP/1.1\r\nHost: test\r\n');
    await connected.opened;
    await nextTurn();
    await nextTurn();
    const stopped = service.stop(5_000);
    await started.send('\r\n');
    await connected.send(get('/fast'));
    const [first = ''] = await started.answers(1);
    const [second = ''] = await connected.answers(1);
    for (const answer of [first, second]) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toContain('Connection: close');
      expect(answer).toMatch(/\r\n\r\nfast$/);
    }
    // Both count: one was arriving when the stop began, the other came while the stop still took
    // what the kernel held.
    expect(await stopped).toEqual({ inFlight: 2, answered: 2, cut: 0 });
    await Promise.all([started.closed, connected.closed]);
  });

  it('answers the connections waiting in the kernel to be accepted when the stop begins', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-backlog-'));
    const flag = path.join(dir, 'sent');
    // Another process connects and sends 20 requests while this one's event loop is blocked, so
    // they wait in the kernel's queue of the listening socket, not yet accepted, when the stop begins.
    const client = spawn(process.execPath, ['-e', BACKLOG_CLIENT, String(port), flag], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    client.stdout.on('data', (chunk) => {
      printed += chunk.toString();
    });
    const exited = new Promise((resolve) => client.once('exit', resolve));
    const waitUntil = Date.now() + 30_000;
    while (!existsSync(flag) && Date.now() < waitUntil)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    expect(existsSync(flag)).toBe(true);
    const stopped = service.stop(5_000);
    expect(await exited).toBe(0);
    expect(JSON.parse(printed)).toEqual(Array.from({ length: 20 }, () => 'HTTP/1.1 200 OK'));
    expect(await stopped).toEqual({ inFlight: 20, answered: 20, cut: 0 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes a connection never used a second after the stop', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const unused = connection(port);
    await unused.opened;
    await nextTurn();
    expect(await service.stop(600_000)).toEqual({ inFlight: 0, answered: 0, cut: 0 });
    await unused.closed;
    expect(unused.received()).toBe('');
  });

  it('does not process a request pipelined behind an answer that closes its connection', async () => {
    let counted = 0;
    const { app, gate } = slowApp();
    app.get('/count', (c) => {
      counted += 1;
      return c.text(`counted ${counted}`);
    });
    const { service, port } = await listening(app);
    const busy = connection(port);
    await busy.send(get('/slow/last'));
    await gate('last').started;
    const stopped = service.stop(5_000);
    // Sent after the stop, behind the answer that will close the connection.
    await busy.send(get('/count'));
    await nextTurn();
    await nextTurn();
    gate('last').release();
    expect(await stopped).toEqual({ inFlight: 1, answered: 1, cut: 0 });
    await busy.closed;
    const [answer = '', ...more] = busy.received().split(/(?=HTTP\/1\.1 )/);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain('answer last');
    expect(more).toEqual([]);
    expect(counted).toBe(0);
  });

  it('closes the connections still unanswered at the deadline, and says how many', async () => {
    const { app, gate } = slowApp();
    const { service, port } = await listening(app);
    const stuck = connection(port);
    const answered = connection(port);
    await stuck.send(get('/slow/never'));
    await answered.send(get('/slow/soon'));
    await Promise.all([gate('never').started, gate('soon').started]);

    const stopped = service.stop(200);
    gate('soon').release();
    expect(await stopped).toEqual({ inFlight: 2, answered: 1, cut: 1 });
    await stuck.closed;
    expect(stuck.received()).toBe('');
    expect((await answered.answers(1))[0]).toContain('answer soon');
  });
});
