import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { findMedia } from '../data/catalogue';
import { findOrder } from '../data/orders';
import type { AppEnv } from '../env';
import { approvedFilesOfOrder, runsText, ZIP_MAX_BYTES, zippedFiles } from '../files/orderZip';
import type { UploadStorage } from '../files/storage';
import { type ZipEntry, zipStream } from '../files/zipStream';
import { requireUser, signedInUser } from '../http/auth';
import { fail } from '../http/envelope';
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
    const runs = await orderRunsOf(c.var.db, record, await findMedia(c.var.db, record.item.mediacode));
    const store = await storage();
    const now = c.var.clock();
    const entries: ZipEntry[] = [
      ...files.map((file) => ({
        name: file.name,
        modifiedAt: file.createdAt,
        open: () => store.read(file.fileId),
      })),
      {
        name: 'runs.txt',
        modifiedAt: now,
        open: () => Readable.from([Buffer.from(runsText(number, runs, rows, files))]),
      },
    ];
    return new Response(zipStream(entries), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${number}-approved-files.zip"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });
