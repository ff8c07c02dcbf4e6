import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS } from '@tus/utils';

/** Where uploaded ad files are kept: a folder by default, any S3-compatible bucket when configured. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, a test server); path-style addressing is used with one. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface UploadStorage {
  /** The tus data store the upload endpoint writes through. */
  readonly datastore: DataStore;
  /** The finished file's bytes. */
  read(id: string): Promise<Readable>;
  /**
   * The finished file as a local path, for the checks (sharp, pdf-lib and mp4box read paths and
   * ranges): the file itself in a folder, a temporary copy from S3. `done` removes any copy.
   */
  localCopy(id: string): Promise<{ path: string; done: () => Promise<void> }>;
  remove(id: string): Promise<void>;
  /**
   * Removes an upload, finished or not, with everything the store keeps of it (a folder's file and
   * its `.json`; a bucket's object, `.info`, `.part` and unfinished multipart upload). Rejects when the
   * store could not, so the caller keeps its row and tries again; an upload already gone is no error.
   */
  discard(id: string): Promise<void>;
  /**
   * Keeps bytes made outside tus (a proof of delivery, a design proof) under `key`, where `read`,
   * `localCopy` and `remove` find them as they find an upload.
   */
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

/** An upload not finished within a week is abandoned: its partial bytes may be swept. */
const ABANDONED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export function folderStorage(directory: string): UploadStorage {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: ABANDONED_AFTER_MS });
  const fileOf = (id: string) => path.join(directory, path.basename(id));
  return {
    datastore,
    read: async (id) => datastore.read(path.basename(id)),
    localCopy: async (id) => ({ path: fileOf(id), done: async () => {} }),
    remove: async (id) => {
      await datastore.remove(path.basename(id)).catch(() => {});
    },
    discard: async (id) => {
      // (FileStore's own `remove` keeps the `.json` when the file is missing.)
      await rm(fileOf(id), { force: true });
      await rm(`${fileOf(id)}.json`, { force: true });
    },
    putBytes: async (key, bytes) => {
      await writeFile(fileOf(key), bytes);
    },
  };
}

/** tus's S3 store, able to remove the incomplete part its own `remove` leaves behind, and to keep bytes of our own. */
class DiscardingS3Store extends S3Store {
  async discard(id: string): Promise<void> {
    try {
      await this.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    // The object itself too: bytes kept with putBytes have no `.info`, so `remove` leaves them.
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.partKey(id, true) }] },
    });
  }

  /** An object written whole, at the key `read` reads. */
  async putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.putObject({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType });
  }
}

export function s3Storage(settings: S3Settings): UploadStorage {
  const datastore = new DiscardingS3Store({
    // S3's smallest multipart part is 5 MB; 8 MB keeps a 500 MB video under 64 parts.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: ABANDONED_AFTER_MS,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      // Stores other than AWS (MinIO, R2, s3rver) often refuse the SDK's newer default checksums.
      ...(settings.endpoint
        ? {
            endpoint: settings.endpoint,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    },
  });
  return {
    datastore,
    read: (id) => datastore.read(id),
    localCopy: async (id) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'adlane-file-'));
      const file = path.join(folder, 'file');
      const done = () => rm(folder, { recursive: true, force: true });
      try {
        await pipeline(await datastore.read(id), createWriteStream(file));
      } catch (error) {
        await done();
        throw error;
      }
      return { path: file, done };
    },
    remove: async (id) => {
      await datastore.remove(id).catch(() => {});
    },
    discard: (id) => datastore.discard(id),
    putBytes: (key, bytes, contentType) => datastore.putBytes(key, bytes, contentType),
  };
}

/** The storage the configuration asks for; the folder is created on first use. */
export async function openUploadStorage(config: {
  uploadsDir: string;
  s3: S3Settings | null;
}): Promise<UploadStorage> {
  if (config.s3) return s3Storage(config.s3);
  await mkdir(config.uploadsDir, { recursive: true });
  return folderStorage(config.uploadsDir);
}
