import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  call,
  checkedStatus,
  createUpload,
  firstOnSale,
  orderOne,
  signUp,
  uploadFile,
  uploadOffset,
} from '../support/httpShop';
import { cmykJpeg } from '../support/magazineArtwork';
import { BEHAVIOURS, type Behaviour, type RawRequest, rawRequest, rawRequests } from '../support/rawHttp';
import { holderOf, pgliteFolder, type ServerProcess, spawnServer } from '../support/serverProcess';

/**
 * Every answer that streams, driven by clients that do what browsers never do: close after the
 * headers or the first chunk, reset, read slowly, ask for a range or the head only; each 100 times, on
 * a real server process. The server must keep answering, leak no file descriptor and log no crash.
 * (An early close by curl once took the process down: undici closed a web stream twice.)
 */

const TIMES = 100;
const run = promisify(execFile);

/** A built site with a script large enough to stream in several chunks, compressed and not. */
function fixtureSite(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-stream-site-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Adlane</title><div id="root"></div>');
  const words = Array.from({ length: 60_000 }, (_, i) => `w${(i * 7919) % 100_003}`).join(' ');
  writeFileSync(path.join(dir, 'assets', 'app-0123abcd.js'), `console.log(${JSON.stringify(words)});`);
  return dir;
}

/** Lets the test ask /metrics, which starts the job queue (see beforeAll). */
const METRICS_TOKEN = 'streaming-answers-metrics-token';

/** Where an open file descriptor points, or null once it has closed. */
function targetOf(pid: number, fd: string): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}

/**
 * Open file descriptors of a process, but the embedded database's table and index files: PostgreSQL
 * keeps each one open once it has read it (up to its max_files_per_process), and the job queue reads
 * some first at times of its own, not the answers': its first upkeep pass 10 s after it starts (the
 * catalogue's), its first heartbeat 30 s after (its instance row's), a scheduled job every 5 minutes
 * of the clock (the ad reminders' table). None is a file an answer left open.
 */
function openFiles(pid: number, dataDir: string): number {
  const tables = ['base', 'global'].map((folder) => path.join(dataDir, folder) + path.sep);
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    const target = targetOf(pid, fd);
    return target !== null && !tables.some((folder) => target.startsWith(folder));
  }).length;
}

describe('answers that stream survive every client', () => {
  let server: ServerProcess;
  let site: string;
  let folder: { dataDir: string; remove(): void };
  let token: string;
  const routes: { name: string; request: RawRequest }[] = [];

  beforeAll(async () => {
    site = fixtureSite();
    folder = await pgliteFolder(inject('pgliteTemplate'));
    server = await spawnServer({
      DATA_DIR: folder.dataDir,
      STATIC_DIR: site,
      LIMIT_REGISTER_PER_ADDRESS: '1000/1h',
      METRICS_TOKEN,
    });
    await server.ready;
    const base = server.baseURL;
    // A server process starts its job queue 2 s after it serves, or when its jobs are counted (as
    // /metrics does): started now, so what it opens is in the baseline of open files, not a leak.
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    await metrics.text();
    const customer = await signUp(base, 'stream');
    token = customer.token;
    const auth = { Authorization: `Bearer ${token}` };

    // An ad file of about 2 MB (noise does not compress), so a download takes many chunks.
    const pixels = Buffer.alloc(900 * 900 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(i, 2654435761) >>> 24;
    const noise = await sharp(pixels, { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const path1 = await createUpload(base, token, noise.length, {
      filename: 'noise.png',
      filetype: 'image/png',
      sheet: 'magazine-print-ads',
    });
    const response = await fetch(`${base}${path1}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...auth,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: noise,
    });
    expect(response.status).toBe(204);
    const fileId = path1.slice(path1.lastIndexOf('/') + 1);
    await checkedStatus(base, token, fileId);

    const placement = await firstOnSale(base, 'printmag', '60614');
    const placed = await orderOne(base, token, placement);
    expect(placed.orders).toHaveLength(1);
    // The order's approved files as one zip (issue 33): a print ad that passes, approved for its run.
    const order = placed.orders[0]?.number ?? '';
    const artwork = await cmykJpeg();
    const adId = await uploadFile(base, token, new Uint8Array(artwork), {
      filename: 'ad.jpg',
      filetype: 'image/jpeg',
      order,
      run: placement.date ?? '',
    });
    expect(await checkedStatus(base, token, adId)).toBe('passed');
    await call(base, 'POST', `/files/${adId}/approve`, { token, body: {} });
    const invoices = await call<{ invoices: { number: string }[] }>(base, 'GET', '/invoices', { token });
    const invoice = invoices.invoices[0]?.number;
    if (!invoice) throw new Error('The order issued no invoice.');

    routes.push(
      { name: 'an ad file download', request: { path: `/api/v1/files/${fileId}/download`, headers: auth } },
      { name: 'an ad file thumbnail', request: { path: `/api/v1/files/${fileId}/thumbnail`, headers: auth } },
      { name: 'an invoice PDF', request: { path: `/api/v1/invoices/${invoice}.pdf`, headers: auth } },
      {
        name: 'an order’s approved files (zip)',
        request: { path: `/api/v1/orders/${order}/files.zip`, headers: auth },
      },
      {
        name: 'a placement’s dates (JSON), gzipped',
        request: {
          path: `/api/v1/media/${placement.mediacode}/availability`,
          headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        },
      },
      {
        name: 'the orders CSV, gzipped',
        request: { path: '/api/v1/orders.csv', headers: { ...auth, 'Accept-Encoding': 'gzip' } },
      },
      { name: 'a static script', request: { path: '/assets/app-0123abcd.js' } },
      {
        name: 'a static script, compressed',
        request: { path: '/assets/app-0123abcd.js', headers: { 'Accept-Encoding': 'br, gzip' } },
      },
      { name: 'a page', request: { path: '/shop/magazines' } },
    );
    // The order's e-mails are rendered by jobs (its invoice's PDF too): done before the baseline of
    // open files is taken, so what their first run loads is not counted as a leak.
    await vi.waitFor(
      async () => {
        const text = await (
          await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        const waiting = [...text.matchAll(/^adlane_jobs\{[^}]*state="(?:queued|active)"[^}]*\} (\d+)/gm)];
        expect(waiting.length).toBeGreaterThan(0);
        expect(waiting.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(0);
      },
      { timeout: 60_000, interval: 250 },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    folder?.remove();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  /**
   * What every behaviour must get when it waits for the answer. A HEAD has the headers of its GET:
   * the same encoding, and the same length (none where the GET was streamed without one).
   */
  function expectAnswered(
    behaviour: Behaviour,
    outcomes: Awaited<ReturnType<typeof rawRequests>>,
    get: { headers: Record<string, string> },
  ) {
    if (behaviour === 'complete' || behaviour === 'slowRead' || behaviour === 'closeAtEnd') {
      for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 200, complete: true });
    }
    if (behaviour === 'range') {
      for (const outcome of outcomes) {
        expect([200, 206]).toContain(outcome.status);
        expect(outcome.complete).toBe(true);
      }
    }
    if (behaviour === 'head') {
      for (const outcome of outcomes) {
        expect(outcome).toMatchObject({ status: 200, bodyBytes: 0 });
        for (const header of ['content-encoding', 'content-length', 'content-type', 'vary'])
          expect(outcome.headers[header], header).toEqual(get.headers[header]);
      }
    }
  }

  it(`keeps answering after each route met each behaviour ${TIMES} times, with no file left open`, {
    timeout: 300_000,
  }, async () => {
    // The server process under the supervisor: the one holding the database folder.
    const serving = holderOf(folder.dataDir);
    const baseline = openFiles(serving, folder.dataDir);
    for (const route of routes) {
      const whole = await rawRequest(server.port, route.request, 'complete');
      expect(whole.status, route.name).toBe(200);
      expect(whole.bodyBytes, route.name).toBeGreaterThan(0);
      if (route.name.endsWith('gzipped')) expect(whole.headers['content-encoding'], route.name).toBe('gzip');
      for (const behaviour of BEHAVIOURS) {
        const outcomes = await rawRequests(server.port, route.request, behaviour, TIMES);
        expectAnswered(behaviour, outcomes, whole);
        const stats = await fetch(`${server.baseURL}/api/v1/ui/stats`);
        expect(stats.status, `${route.name}, ${behaviour}`).toBe(200);
      }
    }
    // Every connection has closed by now on the client's side; the server's may take a moment.
    const deadline = Date.now() + 5_000;
    while (openFiles(serving, folder.dataDir) > baseline + 10 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openFiles(serving, folder.dataDir)).toBeLessThanOrEqual(baseline + 10);
    expect(server.output()).not.toMatch(/uncaught|ERR_INVALID_STATE|"level":(50|60)/);
  });

  it('gives curl the order’s zip whole, and curl stopping after its first bytes harms nothing', {
    timeout: 120_000,
  }, async () => {
    const zip = routes.find((r) => r.name.includes('zip'))?.request ?? { path: '' };
    const url = `${server.baseURL}${zip.path}`;
    const authorization = `authorization: ${zip.headers?.Authorization ?? ''}`;
    const whole = await rawRequest(server.port, zip, 'complete');
    for (let i = 0; i < 20; i++) {
      const { stdout } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        authorization,
        url,
      ]);
      expect(stdout).toBe(`200 ${whole.bodyBytes}`);
      // curl piped into head, which leaves after 100 bytes: curl's next write fails and it hangs up mid-archive.
      await run('sh', ['-c', `curl -s -H '${authorization}' '${url}' | head -c 100 > /dev/null`]);
    }
    const archive = await run('curl', ['-s', '-H', authorization, url], {
      encoding: 'buffer',
      maxBuffer: 64 << 20,
    });
    expect(archive.stdout.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(archive.stdout.length).toBe(whole.bodyBytes);
    expect(server.output()).not.toMatch(/uncaught|ERR_INVALID_STATE|"level":(50|60)/);
  });

  it(`survives ${TIMES} uploads cut short and reset, and goes on from the offset it kept`, {
    timeout: 120_000,
  }, async () => {
    const base = server.baseURL;
    const size = 4 * 1024 * 1024;
    const upload = await createUpload(base, token, size, {
      filename: 'cut.pdf',
      filetype: 'application/pdf',
      sheet: 'magazine-print-ads',
    });
    const part = Buffer.alloc(64 * 1024, 7);
    for (let i = 0; i < TIMES; i++) {
      const offset = await uploadOffset(base, token, upload);
      const patch: RawRequest = {
        method: 'PATCH',
        path: upload,
        headers: {
          Authorization: `Bearer ${token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: part,
        sendBodyBytes: i % 2 === 0 ? 1 + ((i * 977) % part.length) : undefined,
      };
      await rawRequest(server.port, patch, i % 2 === 0 ? 'complete' : 'reset');
    }
    const kept = await uploadOffset(base, token, upload);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(size);
    expect(server.output()).not.toMatch(/uncaught|ERR_INVALID_STATE|"level":(50|60)/);
  });

  it('serves 200 downloads to curl in a row', { timeout: 120_000 }, async () => {
    const download = routes[0]?.request.path ?? '';
    const whole = await rawRequest(server.port, routes[0]?.request ?? { path: download }, 'complete');
    for (let i = 0; i < 200; i++) {
      const { stdout } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        `authorization: Bearer ${token}`,
        `${server.baseURL}${download}`,
      ]);
      expect(stdout).toBe(`200 ${whole.bodyBytes}`);
    }
    expect(server.output()).not.toMatch(/uncaught|ERR_INVALID_STATE/);
  });
});
