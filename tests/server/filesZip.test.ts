import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { folderStorage, type UploadStorage } from '../../server/files/storage';
import { rawRequest } from '../support/rawHttp';
import { DRIVERS, type Harness } from './harness';
import { sentFile, serveRuns, userIdOf } from './libraryShop';
import { customer, onlyNumber, placeOrders, settableClock } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';

/*
 * Issue 33, point 5: an order's approved files in one zip, streamed: each run's approved file once
 * (a file approved for two runs is stored once), names made safe and unique, runs.txt saying which
 * file serves which run. Only the order's company gets it; a client that goes away early leaves no
 * stream open and the server answering.
 */

/**
 * The folder storage, counting the files it has open for reading (each must close, read or not) and
 * every file it was asked to open.
 */
function trackedStorage(directory: string) {
  const inner = folderStorage(directory);
  const open = new Set<Readable>();
  const reads = { count: 0 };
  const storage: UploadStorage = {
    ...inner,
    read: async (id) => {
      reads.count += 1;
      const stream = await inner.read(id);
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      return stream;
    },
  };
  return { storage, open, reads };
}

describe.each(DRIVERS)('the approved files of an order as a zip on %s', (_name, open) => {
  let h: Harness;
  let folder: string;
  let tracked: ReturnType<typeof trackedStorage>;
  let server: Server;
  let port: number;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);
  let owner: { token: string; id: string };
  let number: string;
  let runs: string[];
  const bytes = { cover: randomBytes(2 * 1024 * 1024), again: randomBytes(70_000), draft: randomBytes(5000) };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'adlane-zip-'));
    tracked = trackedStorage(folder);
    h = await open({ clock: clock.now, storage: tracked.storage });
    server = createServer(getRequestListener(h.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const magazine = await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') });
    runs = await availableDates(call, magazine.mediacode, 3);
    const sam = await customer(call);
    owner = { token: sam.token, id: await userIdOf(h, sam.email) };
    number = onlyNumber(
      await placeOrders(call, sam.token, [{ mediacode: magazine.mediacode, dates: runs, quantity: 1 }]),
    );
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
    await rm(folder, { recursive: true, force: true });
  });

  const zipOf = async (token: string, order = number) =>
    h.app.request(`/api/v1/orders/${order}/files.zip`, { headers: { authorization: `Bearer ${token}` } });

  it('says no file is approved yet while none is', async () => {
    const draft = await sentFile(h, owner.token, bytes.draft, 'draft.pdf');
    await serveRuns(h, draft, number, [runs[2] ?? ''], null);
    const answer = await zipOf(owner.token);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toBe(
      `No file is approved for order ${number} yet: approve one first.`,
    );
  });

  it('zips each approved file once, named uniquely, with runs.txt', async () => {
    const cover = await sentFile(h, owner.token, bytes.cover, 'cover.pdf');
    await serveRuns(h, cover, number, [runs[0] ?? '', runs[1] ?? ''], { by: owner.id, at: clock.now() });
    // Another file of the same name, but for its case, approved for the third run.
    const again = await sentFile(h, owner.token, bytes.again, 'Cover.pdf');
    await serveRuns(h, again, number, [runs[2] ?? ''], { by: owner.id, at: clock.now() });
    const answer = await zipOf(owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${number}-approved-files.zip"`,
    );
    // The length is not known before the end: none is announced.
    expect(answer.headers.get('content-length')).toBeNull();
    const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['Cover (2).pdf', 'cover.pdf', 'runs.txt']);
    expect(Buffer.from(entries['cover.pdf'] ?? []).equals(bytes.cover)).toBe(true);
    expect(Buffer.from(entries['Cover (2).pdf'] ?? []).equals(bytes.again)).toBe(true);
    const text = new TextDecoder().decode(entries['runs.txt']);
    const detail = await call<{ runs: { label: string; value: string }[] }>('GET', `/orders/${number}`, {
      token: owner.token,
    });
    const labels = detail.body.data.runs.map((run) => run.label);
    expect(labels).toHaveLength(3);
    expect(text).toBe(
      `The approved files of order ${number}, by run.\r\n\r\n` +
        `${labels[0]}: cover.pdf\r\n${labels[1]}: cover.pdf\r\n${labels[2]}: Cover (2).pdf\r\n`,
    );
    expect(tracked.open.size).toBe(0);
  });

  it('answers a HEAD with the headers of the GET and opens no file', async () => {
    const before = tracked.reads.count;
    const head = await h.app.request(`/api/v1/orders/${number}/files.zip`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/zip');
    expect(head.headers.get('content-disposition')).toBe(
      `attachment; filename="${number}-approved-files.zip"`,
    );
    expect(head.headers.get('content-length')).toBeNull();
    expect(await head.text()).toBe('');
    expect(tracked.reads.count).toBe(before);
    expect(tracked.open.size).toBe(0);
  });

  it("is another company's order: 404, as for an order that does not exist", async () => {
    const stranger = await customer(call);
    const answer = await zipOf(stranger.token);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toContain(`There is no order ${number}`);
    expect((await h.app.request(`/api/v1/orders/${number}/files.zip`)).status).toBe(401);
  });

  it('survives clients that go away early, leaves no file open, and answers the next in full', async () => {
    const request = {
      path: `/api/v1/orders/${number}/files.zip`,
      headers: { authorization: `Bearer ${owner.token}` },
    };
    for (const behaviour of ['closeAfterHeaders', 'closeAfterFirstChunk', 'reset'] as const)
      for (let i = 0; i < 5; i++) {
        const outcome = await rawRequest(port, request, behaviour);
        expect(outcome.complete, behaviour).toBe(false);
      }
    await vi.waitFor(() => expect(tracked.open.size).toBe(0), { timeout: 5000 });
    const whole = await rawRequest(port, request, 'complete');
    expect(whole).toMatchObject({ status: 200, complete: true });
    expect(whole.bodyBytes).toBeGreaterThan(bytes.cover.length + bytes.again.length);
    expect(tracked.open.size).toBe(0);
  });
  it('leaves out a file deleted while the archive streams, and says so in runs.txt: never a cut-off zip', async () => {
    const late = await sentFile(h, owner.token, bytes.draft, 'late.pdf');
    await serveRuns(h, late, number, [runs[2] ?? ''], { by: owner.id, at: clock.now() });
    const answer = await zipOf(owner.token);
    expect(answer.status).toBe(200);
    // The headers are out; the archive reaches late.pdf only as the body is read.
    const deleted = await h.app.request(`/api/v1/files/${late}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['cover.pdf', 'runs.txt']);
    expect(Buffer.from(entries['cover.pdf'] ?? []).equals(bytes.cover)).toBe(true);
    const text = new TextDecoder().decode(entries['runs.txt']);
    expect(text).toContain(': late.pdf was deleted while this archive was made, so it is not in it\r\n');
    expect(tracked.open.size).toBe(0);
  });
});
