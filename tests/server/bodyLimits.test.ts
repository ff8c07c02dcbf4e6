import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, endpointName } from '../support/hostile/endpoint';
import { ENDPOINTS } from '../support/hostile/endpoints';
import { DRIVERS, type Harness } from './harness';
import { onLoopback } from './onLoopback';

/**
 * Issue 14, point 2: every body is limited before anything reads it, from Content-Length when there
 * is one and while it streams when there is none: 16 KB by default, more only where a route needs it
 * (direct mail and GraphQL 64 KB, search 256 KB), less where a route says so (events 8 KB). A body
 * over the limit is a 413 in the route's own shape; one under it is never a 413.
 */

const KB = 1024;
const posts = ENDPOINTS.filter((e) => e.method === 'POST' && !e.path.includes(':'));

/** A JSON object of exactly `size` bytes. */
const jsonOfSize = (size: number) => `{"padding":"${'x'.repeat(size - 14)}"}`;

/** The 413 each family answers, with the message of its limit. */
function tooLarge(endpoint: Endpoint): unknown {
  if (endpoint.shape === 'algolia')
    return { message: 'The request body is over 256 KB; search requests are small.', status: 413 };
  if (endpoint.shape === 'graphql')
    return {
      errors: [{ message: 'The request is larger than 64 KB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    };
  const messages: Record<number, string> = {
    [8 * KB]: 'That event is too large: an event is at most 8 KB.',
    [16 * KB]: 'That request is too large: a request to this API is at most 16 KB.',
    [64 * KB]: 'That request is too large. Choose fewer routes or zip codes.',
    [5 * 1024 * KB + 64 * KB]: 'That picture is over 5 MB. Choose a smaller one.',
  };
  return { success: false, data: null, meta: { drop_cookies: [] }, message: messages[endpoint.maxBody] };
}

describe.each(DRIVERS)('body limits on %s', (_driver, open) => {
  let h: Harness;
  let server: Awaited<ReturnType<typeof onLoopback>>;
  let port = 0;

  beforeAll(async () => {
    h = await open();
    server = await onLoopback(h.app);
    port = server.port;
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    h.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each(posts.map((e): [string, Endpoint] => [endpointName(e), e]))(
    '%s refuses a body one byte over its limit with its 413, and takes one at the limit',
    async (_name, endpoint) => {
      const over = await post(endpoint.path, jsonOfSize(endpoint.maxBody + 1));
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual(tooLarge(endpoint));
      expect((await post(endpoint.path, jsonOfSize(endpoint.maxBody))).status).not.toBe(413);
    },
  );

  it('gives the Stripe webhook 256 KB, no more: an event is never bigger', async () => {
    const path = '/api/v1/webhooks/stripe';
    const over = await post(path, jsonOfSize(256 * KB + 1), { 'stripe-signature': 't=1,v1=00' });
    expect([over.status, ((await over.json()) as { message: string }).message]).toEqual([
      413,
      'That request is too large for a Stripe event (at most 256 KB).',
    ]);
    // At the limit it is read: this server has no Stripe keys, so the route itself answers.
    expect((await post(path, jsonOfSize(256 * KB), { 'stripe-signature': 't=1,v1=00' })).status).toBe(404);
  });

  it('refuses from Content-Length alone, before reading a byte of the body', async () => {
    // The header says 64 MB; the body that follows is two bytes: had it been read, it would be a 4xx about the JSON.
    const claimed = await post('/api/v1/login', '{}', { 'content-length': String(64 * 1024 * KB) });
    expect(claimed.status).toBe(413);
    const search = await post('/1/indexes/*/queries', '{}', { 'content-length': String(300 * KB) });
    expect([search.status, await search.json()]).toEqual([
      413,
      { message: 'The request body is over 256 KB; search requests are small.', status: 413 },
    ]);
  });

  /**
   * Sends an endless chunked body (no Content-Length) until the server answers; resolves with the
   * answer and how much was sent by then.
   */
  const endless = (path: string) =>
    new Promise<{ status: number; body: unknown; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          agent: false,
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          answered = true;
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), sent });
          });
        },
      );
      request.on('socket', (socket) => socket.on('error', () => {}));
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(4 * KB, 'x');
      request.write('{"requests":"');
      const pump = () => {
        // Past 16 MB without an answer the server is reading everything: the test fails on `sent`.
        while (!answered && sent < 16 * 1024 * KB) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
      };
      pump();
    });

  it('stops a chunked body with no length as it streams, REST and search alike', async () => {
    const login = await endless('/api/v1/login');
    expect([login.status, login.body]).toEqual([
      413,
      {
        success: false,
        data: null,
        meta: { drop_cookies: [] },
        message: 'That request is too large: a request to this API is at most 16 KB.',
      },
    ]);
    // Answered long before the body could end: at most what sockets buffer on the way beyond the limit.
    expect(login.sent).toBeLessThan(8 * 1024 * KB);
    const search = await endless('/1/indexes/*/queries');
    expect([search.status, search.body]).toEqual([
      413,
      { message: 'The request body is over 256 KB; search requests are small.', status: 413 },
    ]);
    expect(search.sent).toBeLessThan(8 * 1024 * KB);
  });
});
