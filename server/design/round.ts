import { buffer } from 'node:stream/consumers';
import type { Context } from 'hono';
import type { DesignView } from '../../contract/design';
import type { Placement } from '../catalogue/placement';
import { findMedia } from '../data/catalogue';
import {
  briefFile,
  DESIGN_CHANNEL,
  type DesignOrder,
  type DesignRows,
  designRowsOf,
  findDesignOrder,
  proofByNumber,
} from '../data/design';
import type { OrderRecord } from '../data/orders';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { storedFileResponse } from '../files/download';
import type { UploadStorage } from '../files/storage';
import { fail } from '../http/envelope';
import { fileIdParam } from '../http/params';
import { runsOf } from '../orders/runs';
import { boughtOf } from '../orders/terms';
import { designViewOf } from './view';

/** What the customer's design routes and the back office's share: finding the order, its view, its files. */

/** Where the customer's design routes of an order are. */
export const customerDesignPath = (number: string) => `/api/v1/orders/${number}/design`;

const NOT_DESIGN = 'This order is not a design service: it takes an ad file instead of a brief.';

export type Found = { ok: true; order: DesignOrder } | { ok: false; answer: Response };

/** The design order of the address: 404 with a sentence when there is none, or it is not design work. */
export async function designOrderOf(
  c: Context<AppEnv>,
  number: string | null,
  companyId: number | null,
  notFound: (number: string) => string,
): Promise<Found> {
  const order = number ? await findDesignOrder(c.var.db, number, companyId) : null;
  if (!order) return { ok: false, answer: fail(c, 404, notFound(number ?? '')) };
  if (!order.isDesign) return { ok: false, answer: fail(c, 404, NOT_DESIGN) };
  return { ok: true, order };
}

/** The day the brief is due: the design run's materials deadline (server/orders/runs.ts, designSpan). */
function briefDueOf(order: OrderRecord, placement: Placement | null): Date {
  const [run] = runsOf(boughtOf(order.item, placement, order.order.placedAt, order.order.totalCents));
  return run?.adDue ?? order.order.placedAt;
}

/** The order's design round as `base`'s side sees it, with the rows it was made from. */
export async function designAnswer(
  db: Db,
  order: DesignOrder,
  now: Date,
  base: string,
): Promise<{ view: DesignView; rows: DesignRows }> {
  const [rows, placement] = await Promise.all([
    designRowsOf(db, order.order.id),
    findMedia(db, order.item.mediacode),
  ]);
  return { view: designViewOf(rows, briefDueOf(order, placement), now, base), rows };
}

/**
 * The design round of an order as its customer sees it (issue 31), or null when it is not design work:
 * `placement` is the order's, as its page read it.
 */
export async function designOfOrder(
  db: Db,
  record: OrderRecord,
  placement: Placement | null,
  now: Date,
): Promise<DesignView | null> {
  if (placement?.media_type !== DESIGN_CHANNEL) return null;
  const rows = await designRowsOf(db, record.order.id);
  return designViewOf(rows, briefDueOf(record, placement), now, customerDesignPath(record.order.number));
}

/** A brief's file, as an attachment (an SVG or a ZIP is never opened as a page of ours). */
export async function briefFileAnswer(c: Context<AppEnv>, storage: UploadStorage, order: DesignOrder) {
  const file = await briefFile(c.var.db, order.order.id, fileIdParam(c, 'id'));
  if (!file) return fail(c, 404, 'There is no such file in this brief.');
  return storedFileResponse(storage, file.storageKey, { name: file.fileName, size: file.size });
}

/** A proof's bytes, shown in the browser (a PDF or a picture: the kinds a proof can be). */
export async function proofFileAnswer(c: Context<AppEnv>, storage: UploadStorage, order: DesignOrder) {
  const number = Number(c.req.param('n'));
  const proof = Number.isSafeInteger(number) ? await proofByNumber(c.var.db, order.order.id, number) : null;
  if (!proof) return fail(c, 404, `Order ${order.order.number} has no proof ${c.req.param('n')}.`);
  return storedFileResponse(
    storage,
    proof.storageKey,
    { name: proof.fileName, size: proof.size },
    { contentType: proof.contentType, inline: true },
  );
}

/** Stored bytes read whole (a proof copied to an ad file). */
export const bytesOf = async (storage: UploadStorage, key: string) =>
  new Uint8Array(await buffer(await storage.read(key)));
