import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../server/http/compression';
import { DRIVERS, type Harness } from './harness';
import { onLoopback } from './onLoopback';

/*
 * API answers are compressed for clients that accept it when that is worth it: a JSON answer under
 * COMPRESS_FROM_BYTES goes as it is (the encoding's header and the compressor's start cost more than
 * the bytes it saves), a larger one goes compressed whole, with its length.
 */

const [, openPglite] = DRIVERS[0] ?? [];

/** A search whose answer is a few kilobytes (50 placements), and one of a couple hundred bytes. */
const LARGE = '/api/v1/media/search?per_page=50';
const SMALL = '/api/v1/media/search?media_types[]=tv&zip[]=99999';

describe('compressed API answers', () => {
  let h: Harness;
  let server: Awaited<ReturnType<typeof onLoopback>>;
  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    h = await openPglite();
    server = await onLoopback(h.app);
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  /** The search over a socket: its headers and its bytes as sent. */
  const overSocket = (path: string, acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path,
          headers: { 'accept-encoding': acceptEncoding },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        },
      );
      request.on('error', reject);
      request.end();
    });

  const search = (path: string, acceptEncoding?: string) =>
    h.app.request(path, {
      method: 'POST',
      headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
    });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const plain = await (await search(SMALL)).text();
    expect(plain.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const answer = await search(SMALL, 'gzip, deflate, br');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('vary')).toBeNull();
    expect(await answer.text()).toBe(plain);
  });

  it('sends a larger answer compressed whole, with its length, in the encoding the client prefers', async () => {
    const plain = await search(LARGE);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const gzipped = await overSocket(LARGE, 'gzip, deflate, br');
    expect(gzipped.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-length': String(gzipped.bytes.length),
      vary: 'Accept-Encoding',
      'cache-control': 'no-store',
    });
    expect(gzipped.headers['transfer-encoding']).toBeUndefined();
    expect(gzipped.bytes.length).toBeLessThan(text.length / 2);
    expect(gunzipSync(gzipped.bytes).toString()).toBe(text);

    const deflated = await search(LARGE, 'gzip;q=0.5, deflate');
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(text);
    const refused = await search(LARGE, 'gzip;q=0, br');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(text);
  });

  /** A GET or HEAD over a socket: its headers. */
  const headersOf = (method: 'GET' | 'HEAD', path: string, headers: Record<string, string>) =>
    new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: server.port, method, path, headers },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers));
        },
      );
      request.on('error', reject);
      request.end();
    });

  it('gives a HEAD of a streamed answer the headers of its GET over a socket, Vary included', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'identity' },
    ];
    for (const headers of variants) {
      const get = await headersOf('GET', '/chat/widget.js', headers);
      const head = await headersOf('HEAD', '/chat/widget.js', headers);
      expect(get.vary, JSON.stringify(headers)).toBe('Accept-Encoding');
      for (const name of ['content-encoding', 'vary', 'content-type', 'cache-control'])
        expect(head[name], `${JSON.stringify(headers)}: ${name}`).toEqual(get[name]);
    }
  });

  it('gives a HEAD the headers of its GET, compressed or not', async () => {
    const { mediacode } = (
      (await (await search(LARGE)).json()) as { data: { items: { mediacode: string }[] } }
    ).data.items[0] ?? { mediacode: '' };
    const dates = `/api/v1/media/${mediacode}/availability`;
    for (const acceptEncoding of ['gzip, deflate, br', 'deflate', 'identity']) {
      const headers = { 'Accept-Encoding': acceptEncoding };
      const get = await h.app.request(dates, { headers });
      expect(get.status).toBe(200);
      const bytes = (await get.arrayBuffer()).byteLength;
      const head = await h.app.request(dates, { method: 'HEAD', headers });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      for (const name of ['content-encoding', 'vary', 'content-type'])
        expect(head.headers.get(name), `${acceptEncoding}: ${name}`).toBe(get.headers.get(name));
      expect(Number(head.headers.get('content-length')), acceptEncoding).toBe(bytes);
    }
    expect(
      (await h.app.request(dates, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get(
        'content-encoding',
      ),
    ).toBe('gzip');
  });
});
