import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3 } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_QUOTA_BYTES } from '../../contract/uploads';
import { companyBytes } from '../../server/data/adFiles';
import { adFiles } from '../../server/db/schema';
import { folderStorage, s3Storage, type UploadStorage } from '../../server/files/storage';
import { sweepAbandonedUploads } from '../../server/files/sweep';
import { uploadLockerOf } from '../../server/files/uploadLocker';
import { silentLogger } from '../../server/log';
import { startLocalS3 } from '../support/localS3';
import { rgbPng } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer, settableClock, signIn } from './orderShop';
import { caller } from './shop';
import { createUpload, offsetOf, patch, uploadWhole } from './tusClient';

/*
 * Issue 29, point 8: uploads that took no byte for 24 hours are removed by the `uploads.sweep` job,
 * rows and bytes (a folder's file and its `.json`; a bucket's parts, incomplete part and multipart
 * upload), and the company's quota no longer counts them. On the embedded database with a folder,
 * and on PostgreSQL with a bucket (the local S3 stand-in).
 */

const BUCKET = 'adlane-files';
/** tus's S3 store sends parts of 8 MB: an upload of 10 parts, 3 of them (and a bit) sent. */
const PART = 8 * 1024 * 1024;
const AD = { filetype: 'application/pdf', sheet: 'magazine-print-ads' };

describe.each(DRIVERS.map(([name, open]) => [name, name === 'PGlite' ? 'a folder' : 'S3', open] as const))(
  'sweeping abandoned uploads on %s with %s',
  (_name, where, open) => {
    let h: Harness;
    let storage: UploadStorage;
    let folder: string;
    let s3: Awaited<ReturnType<typeof startLocalS3>> | null = null;
    let bucket: S3 | null = null;
    const clock = settableClock('2027-01-11T09:00:00Z');
    const call = caller(() => h);

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'adlane-sweep-'));
      if (where === 'S3') {
        s3 = await startLocalS3(folder, BUCKET);
        const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
        storage = s3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint: s3.endpoint, ...credentials });
        bucket = new S3({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials });
      } else storage = folderStorage(folder);
      h = await open({ clock: clock.now, storage });
    });
    afterAll(async () => {
      await h?.close();
      await s3?.close();
      await rm(folder, { recursive: true, force: true });
    });

    /** The keys the bucket holds, or the names the folder holds. */
    const stored = async (): Promise<string[]> => {
      if (!bucket) return readdir(folder);
      const listed = await bucket.listObjectsV2({ Bucket: BUCKET });
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    };
    const fileId = (upload: string | null) => upload?.split('/').pop() ?? '';
    /** What the `uploads.sweep` job runs: on PostgreSQL it takes each upload's shared lock. */
    const sweep = () =>
      sweepAbandonedUploads({
        db: h.database.db,
        storage,
        logger: silentLogger(),
        clock: clock.now,
        locks: h.database.session ? uploadLockerOf(h.database.session) : null,
      });

    it('removes an upload 24 hours after its last byte, with its bytes, its row and its room', async () => {
      const buyer = await customer(call);
      let { token } = buyer;
      const bytes = randomBytes(3 * PART + 1024);
      const abandoned = await createUpload(h, token, 10 * PART, { ...AD, filename: 'abandoned.pdf' });
      expect(abandoned.status, abandoned.text).toBe(201);
      const abandonedPath = abandoned.path ?? '';
      for (const [from, to] of [
        [0, PART],
        [PART, 2 * PART],
        [2 * PART, bytes.length],
      ] as const) {
        const sent = await patch(h, token, abandonedPath, from, bytes.subarray(from, to));
        expect(sent.status, sent.text).toBe(204);
      }
      // Begun at the same time; its last byte came an hour later.
      const recent = await createUpload(h, token, 2048, { ...AD, filename: 'recent.pdf' });
      expect(recent.status, recent.text).toBe(201);
      clock.set('2027-01-11T10:00:00Z');
      expect((await patch(h, token, recent.path ?? '', 0, randomBytes(1024))).status).toBe(204);
      const finished = await uploadWhole(h, token, await rgbPng(), {
        filename: 'cover.png',
        filetype: 'image/png',
        sheet: 'magazine-print-ads',
      });
      await h.background.settled();
      const ids = [fileId(abandoned.path), fileId(recent.path), finished];
      const [id] = ids;
      const uploadId = bucket
        ? (await bucket.headObject({ Bucket: BUCKET, Key: `${id}.info` })).Metadata?.['upload-id']
        : undefined;
      expect((await stored()).filter((name) => name.startsWith(id ?? '-')).length).toBeGreaterThan(0);

      // The company's other files fill the rest of its 5 GB (written directly, as sending them would take a while).
      const [row] = await h.database.db
        .select()
        .from(adFiles)
        .where(eq(adFiles.id, id ?? ''));
      const companyId = row?.companyId ?? 0;
      let room = COMPANY_QUOTA_BYTES - (await companyBytes(h.database.db, companyId));
      while (room > 0) {
        const size = Math.min(room, 1024 * 1024 * 1024);
        await h.database.db.insert(adFiles).values({
          id: crypto.randomUUID(),
          companyId,
          name: `old-${room}.mp4`,
          declaredType: 'video/mp4',
          size,
          status: 'passed',
          sheet: 'magazine-print-ads',
        });
        room -= size;
      }
      const refused = await createUpload(h, token, 1024 * 1024, { ...AD, filename: 'next.pdf' });
      expect(refused.status).toBe(413);
      expect(refused.text).toMatch(/your company's files take 5 GB of 5 GB/);

      // 24 hours and a second after the abandoned upload's last byte, 23 hours after the recent one's.
      clock.set('2027-01-12T09:00:01Z');
      token = await signIn(call, buyer.email);
      expect(await sweep()).toEqual({ swept: 1, busy: 0, failed: 0 });
      const left = await h.database.db
        .select({ id: adFiles.id })
        .from(adFiles)
        .where(inArray(adFiles.id, ids));
      expect(left.map((file) => file.id).sort()).toEqual([ids[1], ids[2]].sort());
      const names = await stored();
      expect(names.filter((name) => name.startsWith(id ?? '-'))).toEqual([]);
      expect(names.filter((name) => name.startsWith(ids[1] ?? '-')).length).toBeGreaterThan(0);
      if (bucket)
        await expect(bucket.listParts({ Bucket: BUCKET, Key: id, UploadId: uploadId })).rejects.toThrow(
          /specified upload does not exist/,
        );
      else expect(existsSync(path.join(folder, `${id}.json`))).toBe(false);
      expect((await offsetOf(h, token, abandonedPath)).status).toBe(404);
      expect((await offsetOf(h, token, recent.path ?? '')).offset).toBe(1024);
      const taken = await createUpload(h, token, 1024 * 1024, { ...AD, filename: 'next.pdf' });
      expect(taken.status, taken.text).toBe(201);

      // Nothing else is abandoned yet: a second run removes nothing.
      expect(await sweep()).toEqual({ swept: 0, busy: 0, failed: 0 });
    });
  },
);
