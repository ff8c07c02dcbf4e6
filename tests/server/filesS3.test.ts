import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdFile, adFile } from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { createApp } from '../../server/app';
import { BackgroundWork } from '../../server/background';
import { type S3Settings, s3Storage } from '../../server/files/storage';
import { startLocalS3 } from '../support/localS3';
import { cmykJpeg } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { createUpload, offsetOf, patch } from './tusClient';

/*
 * Ad files in an S3 bucket (issue 16, point 3), against a local S3 server the test starts: two
 * replicas share the bucket and the database, and an upload begun on one is finished on the other,
 * from the offset the first one reached.
 */
describe.each(DRIVERS)('ad files in S3 on %s, across two replicas', (_name, open) => {
  let h: Harness;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let folder: string;
  let settings: S3Settings;
  let magazine: string;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'adlane-s3-'));
    s3 = await startLocalS3(folder, 'adlane-files');
    settings = {
      bucket: 'adlane-files',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    h = await open({ clock: clock.now, storage: s3Storage(settings) });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('finishes on one replica an upload begun on the other, checks it and serves the same bytes', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    // The second replica: the same database and bucket, its own store client and memory.
    const background = new BackgroundWork();
    const other: Harness = {
      ...h,
      background,
      app: createApp({
        db: h.database.db,
        config: h.config,
        catalogue: h.catalogue,
        clock: clock.now,
        background,
        storage: s3Storage(settings),
      }),
    };
    const bytes = await cmykJpeg();
    const created = await createUpload(h, buyer.token, bytes.length, {
      filename: 'march.jpg',
      filetype: 'image/jpeg',
      order: number,
      run: '2027/03',
    });
    expect(created.status, created.text).toBe(201);
    const upload = created.path ?? '';
    const part = Math.floor(bytes.length / 3);
    expect((await patch(h, buyer.token, upload, 0, bytes.subarray(0, part))).status).toBe(204);

    const { offset } = await offsetOf(other, buyer.token, upload);
    expect(offset).toBe(part);
    const rest = await patch(other, buyer.token, upload, offset, bytes.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    await background.settled();

    const id = upload.split('/').pop() ?? '';
    const answer = await call<AdFile>('GET', `/files/${id}`, { token: buyer.token });
    const file = envelope(adFile).parse(answer.body).data;
    expect(file.status, JSON.stringify(file.checks)).toBe('passed');
    const download = await h.app.request(`/api/v1/files/${id}/download`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
