import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage, s3Storage, type UploadStorage } from '../../server/files/storage';
import { startLocalS3 } from '../support/localS3';

/*
 * Bytes that come without tus (a design brief's file, a proof, an approved proof copied to an ad
 * file) are kept where uploads are, and read back like one: in a folder and in an S3 bucket.
 */
describe('bytes kept without tus', () => {
  let folder: string;
  let bucketFolder: string;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  const stores: [string, () => UploadStorage][] = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'adlane-put-'));
    bucketFolder = await mkdtemp(path.join(tmpdir(), 'adlane-put-s3-'));
    s3 = await startLocalS3(bucketFolder, 'adlane-files');
    stores.push(
      ['a folder', () => folderStorage(folder)],
      [
        'an S3 bucket',
        () =>
          s3Storage({
            bucket: 'adlane-files',
            region: 'us-east-1',
            endpoint: s3.endpoint,
            accessKeyId: 'S3RVER',
            secretAccessKey: 'S3RVER',
          }),
      ],
    );
  });
  afterAll(async () => {
    await s3?.close();
    await rm(folder, { recursive: true, force: true });
    await rm(bucketFolder, { recursive: true, force: true });
  });

  it('reads back what putBytes kept, and discards it', async () => {
    for (const [where, open] of stores) {
      const storage = open();
      const bytes = new TextEncoder().encode(`%PDF-1.4 proof kept in ${where}`);
      await storage.putBytes('design-0f0e0d0c-0b0a-4909-8807-060504030201', bytes, 'application/pdf');
      const read = await buffer(await storage.read('design-0f0e0d0c-0b0a-4909-8807-060504030201'));
      expect(new Uint8Array(read), where).toEqual(bytes);
      await storage.discard('design-0f0e0d0c-0b0a-4909-8807-060504030201');
      await expect(
        storage.read('design-0f0e0d0c-0b0a-4909-8807-060504030201').then((stream) => buffer(stream)),
        where,
      ).rejects.toBeDefined();
    }
  });
});
