import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUpload, signUp, uploadOffset } from '../support/httpShop';
import { pgliteFolder, type ServerProcess, spawnServer } from '../support/serverProcess';

/**
 * Clients that stop sending: a request body that stops arriving is answered 408 and its connection
 * closed after REQUEST_BODY_TIMEOUT, headers that stop arriving after REQUEST_HEADERS_TIMEOUT, and an
 * upload that keeps coming slowly is not cut off. On a real server process with both set to 1 s.
 */

interface Ending {
  /** What the server sent, as text. */
  text: string;
  /** Milliseconds from the last byte the client sent to the connection's close. */
  closedAfterMs: number;
}

/** Sends `parts` a pause apart (then nothing more), and reads until the server closes the connection. */
function stall(port: number, parts: string[], pauseMs = 0): Promise<Ending> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let lastSent = performance.now();
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ text, closedAfterMs: performance.now() - lastSent }));
    socket.on('connect', async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        lastSent = performance.now();
        if (pauseMs) await new Promise((done) => setTimeout(done, pauseMs));
      }
    });
  });
}

const body = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

describe('a client that stops sending', () => {
  let server: ServerProcess;
  let folder: { dataDir: string; remove(): void };

  beforeAll(async () => {
    folder = await pgliteFolder(inject('pgliteTemplate'));
    server = await spawnServer({
      DATA_DIR: folder.dataDir,
      REQUEST_BODY_TIMEOUT: '1',
      REQUEST_HEADERS_TIMEOUT: '1',
      LIMIT_REGISTER_PER_ADDRESS: '100/1h',
    });
    await server.ready;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    folder?.remove();
  });

  it('is answered 408, in the envelope, and its connection closed, when its body stops arriving', async () => {
    const ending = await stall(server.port, [
      'POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ]);
    expect(ending.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(body(ending.text))).toMatchObject({
      success: false,
      message: 'The request body did not arrive in time. Check the connection and send it again.',
    });
    // One second, and the next check of it: never Node's five minutes.
    expect(ending.closedAfterMs).toBeLessThan(5_000);
    expect((await fetch(`${server.baseURL}/api/v1/ui/stats`)).status).toBe(200);
  });

  it('is answered 408 and closed when its headers stop arriving', async () => {
    const ending = await stall(server.port, ['GET /api/v1/ui/stats HTTP/1.1\r\nHost: x\r\n']);
    expect(ending.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body(ending.text))).toMatchObject({
      success: false,
      message: 'The request took too long to arrive. Send it again.',
    });
    expect(ending.closedAfterMs).toBeLessThan(5_000);
  });

  it('lets an upload that keeps coming take longer than the deadline, and ends one that stalls', async () => {
    const { token } = await signUp(server.baseURL, 'slow');
    const size = 200 * 1024;
    const upload = await createUpload(server.baseURL, token, size, {
      filename: 'slow.pdf',
      filetype: 'application/pdf',
      sheet: 'magazine-print-ads',
    });
    const head = `PATCH ${upload} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`;
    // 40 KB every half second: 2.5 s in all, two and a half times the deadline, always progressing.
    const chunk = 'x'.repeat(40 * 1024);
    const steady = await stall(server.port, [head, chunk, chunk, chunk, chunk, chunk], 500);
    expect(steady.text).toMatch(/^HTTP\/1\.1 204 /);
    expect(await uploadOffset(server.baseURL, token, upload)).toBe(size);

    const stalled = await createUpload(server.baseURL, token, size, {
      filename: 'stalled.pdf',
      filetype: 'application/pdf',
      sheet: 'magazine-print-ads',
    });
    const ending = await stall(server.port, [head.replace(upload, stalled), chunk]);
    expect(ending.text).toMatch(/^HTTP\/1\.1 408 /);
    // What arrived is kept: the client goes on from there.
    expect(await uploadOffset(server.baseURL, token, stalled)).toBe(chunk.length);
  });
});
