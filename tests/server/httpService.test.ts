import net from 'node:net';
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
  socket.on('error', () => {});
  return {
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
    expect(await stopped).toEqual({ inFlight: 3, cut: 0 });

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

  it('closes idle keep-alive connections at once and listens no more', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const idle = connection(port);
    await idle.send(get('/fast'));
    const [answer] = await idle.answers(1);
    expect(answer).toContain('Connection: keep-alive');

    expect(await service.stop(600_000)).toEqual({ inFlight: 0, cut: 0 });
    await idle.closed;
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve('connected'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers 503 with Connection: close to a request that starts after the stop began', async () => {
    const { app } = slowApp();
    const { service, port } = await listening(app);
    const late = connection(port);
    // Its headers are on their way when the stop begins: the connection is not idle.
    await late.send('GET /fast HTTP/1.1\r\nHost: test\r\n');
    await nextTurn();
    await nextTurn();
    const stopped = service.stop(5_000);
    await late.send('\r\n');
    const [answer = ''] = await late.answers(1);
    expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      success: false,
      data: null,
      meta: { drop_cookies: [] },
      message: 'This server is stopping. Send the request again in a moment.',
    });
    expect(await stopped).toEqual({ inFlight: 0, cut: 0 });
    await late.closed;
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
    expect(await stopped).toEqual({ inFlight: 2, cut: 1 });
    await stuck.closed;
    expect(stuck.received()).toBe('');
    expect((await answered.answers(1))[0]).toContain('answer soon');
  });
});
