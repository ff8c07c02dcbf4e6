import { once } from 'node:events';
import { Readable } from 'node:stream';
import { ERRORS } from '@tus/utils';
import { Hono } from 'hono';
import { findMedia } from '../data/catalogue';
import { findOrder } from '../data/orders';
import type { AppEnv } from '../env';
import { approvedFilesOfOrder, runsText, ZIP_MAX_BYTES, zippedFiles } from '../files/orderZip';
import type { UploadStorage } from '../files/storage';
import { type ZipEntry, zipStream } from '../files/zipStream';
import { requireUser, signedInUser } from '../http/auth';
import { fail } from '../http/envelope';
import { streamedBody } from '../http/headRequests';
import { orderNumberParam } from '../http/params';
import { orderNotFound } from '../orders/cancel';
import { orderRunsOf } from '../orders/keptRuns';

/**
 * Issue 33: GET /orders/{number}/files.zip, the approved file of each run of an order in one
 * archive, with runs.txt saying which file serves which run. Streamed as the client reads it, with
 * no length announced (it is not known before the end).
 */
export const orderFilesZipRoutes = (storage: () => Promise<UploadStorage>) =>
  // requireUser on the route alone: a `use` here would run for every other /orders route too.
  new Hono<AppEnv>().get('/:orderNumber/files.zip', requireUser, async (c) => {
    const number = orderNumberParam(c, 'orderNumber');
    const { account } = signedInUser(c);
    const record = number ? await findOrder(c.var.db, account.companyId, number) : null;
    if (!number || !record) return fail(c, 404, orderNotFound(number ?? c.req.param('orderNumber')));
    const rows = await approvedFilesOfOrder(c.var.db, record.order.id);
    if (rows.length === 0)
      return fail(c, 404, `No file is approved for order ${number} yet: approve one first.`);
    const files = zippedFiles(rows);
    if (files.reduce((total, file) => total + file.size, 0) > ZIP_MAX_BYTES)
      return fail(
        c,
        413,
        `The approved files of order ${number} take more than 4 GB together: download them one by one from the library.`,
      );
    const headers = {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${number}-approved-files.zip"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    };
    // A HEAD gets the GET's headers with no file opened: its length is not known before the end.
    if (c.req.method === 'HEAD') return new Response(null, { headers });
    const runs = await orderRunsOf(c.var.db, record, await findMedia(c.var.db, record.item.mediacode));
    const store = await storage();
    const now = c.var.clock();
    /*
     * A file deleted while the archive streams (DELETE /files/{id} is allowed on an approved file
     * before its deadline) is no longer any run's approved ad, so the archive leaves it out and
     * runs.txt, the last entry, says so: the client always gets a whole, valid zip that tells the
     * truth, instead of one cut off after a 200. Not chosen: opening every file before the headers
     * (an S3 connection held per file for as long as a slow client reads, beyond the SDK's pool of
     * 50 for a long order) and keeping deleted bytes until downloads end (a registry every replica
     * would share). Bytes that vanish while their entry is being read still end the stream; on a
     * folder an open file survives its deletion, and S3 finishes a GET that has begun.
     */
    const gone: string[] = [];
    const entries: ZipEntry[] = [
      ...files.map((file) => ({
        name: file.name,
        modifiedAt: file.createdAt,
        open: async () => {
          const source = await openOrGone(store, file.fileId);
          if (!source) gone.push(file.name);
          return source;
        },
      })),
      {
        name: 'runs.txt',
        modifiedAt: now,
        open: () => Readable.from([Buffer.from(runsText(number, runs, rows, files, gone))]),
      },
    ];
    return new Response(streamedBody(zipStream(entries)), { headers });
  });

/**
 * A file's bytes, opened (its first chunk is ready, or it is empty), or null when they are gone: a
 * folder's read stream fails only once read, so it is awaited here, before the entry is added.
 */
async function openOrGone(store: UploadStorage, fileId: string): Promise<Readable | null> {
  let source: Readable;
  try {
    source = await store.read(fileId);
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
  try {
    await once(source, 'readable');
    return source;
  } catch (error) {
    source.destroy();
    if (isGone(error)) return null;
    throw error;
  }
}

/** Missing bytes, as a folder (ENOENT), tus (FILE_NOT_FOUND) or S3 (NoSuchKey) says it. */
function isGone(error: unknown): boolean {
  if (error === ERRORS.FILE_NOT_FOUND) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, status_code } = error as { code?: unknown; name?: unknown; status_code?: unknown };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound' || status_code === 404;
}
