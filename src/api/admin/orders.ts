import type { AdminOrder, ProofKind, QueuedOrder, QueueFilters } from '../../../contract/adminOrders';
import type { FileAnswer } from '../client';
import { type Paged, pageOf, type Result, toResult } from '../result';
import { adminEnvelope, adminFile } from './client';

/** The back office's orders: the queue, one order, and the four writes on it. */

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export type QueuePage = Paged<'orders', QueuedOrder>;

/** GET /admin/orders with the queue's filters. */
export async function fetchOrdersQueue(query: QueueFilters): Promise<Result<QueuePage>> {
  const answer = await adminEnvelope<QueuedOrder[]>('/orders', { query: { ...query } });
  const result = toResult(answer);
  if (!result.ok) return result;
  const orders = result.data;
  return { ...result, data: { orders, ...pageOf(answer.meta, { page: 1, total: orders.length }) } };
}

/** GET /admin/orders/{number}; a 404: no such order. */
export const fetchAdminOrder = async (number: string): Promise<Result<AdminOrder>> =>
  toResult(await adminEnvelope<AdminOrder>(orderPath(number)));

/** POST /admin/orders/{number}/booking: the publisher's reference, for the runs named or every live run. */
export const bookAdminOrder = async (
  number: string,
  booking: { reference: string; runs?: string[] | undefined },
): Promise<Result<AdminOrder>> =>
  toResult(
    await adminEnvelope<AdminOrder>(`${orderPath(number)}/booking`, {
      method: 'post',
      body: { reference: booking.reference, ...(booking.runs ? { runs: booking.runs } : {}) },
    }),
  );

/** One run's proof of delivery, with a drop's date and pieces. */
export interface ProofSent {
  run: string;
  kind: ProofKind;
  file: File;
  droppedOn?: string | undefined;
  pieces?: number | undefined;
}

/** POST /admin/orders/{number}/runs/{run}/proof (multipart): "Mark delivered". */
export async function deliverAdminOrder(number: string, proof: ProofSent): Promise<Result<AdminOrder>> {
  const form = new FormData();
  form.append('kind', proof.kind);
  if (proof.droppedOn) form.append('dropped_on', proof.droppedOn);
  if (proof.pieces !== undefined) form.append('pieces', String(proof.pieces));
  form.append('file', proof.file, proof.file.name);
  return toResult(
    await adminEnvelope<AdminOrder>(`${orderPath(number)}/runs/${encodeURIComponent(proof.run)}/proof`, {
      method: 'post',
      body: form,
    }),
  );
}

/** POST /admin/orders/{number}/notes. */
export const noteAdminOrder = async (number: string, body: string): Promise<Result<AdminOrder>> =>
  toResult(await adminEnvelope<AdminOrder>(`${orderPath(number)}/notes`, { method: 'post', body: { body } }));

/** POST /admin/orders/{number}/cancel: cancelled for the customer. */
export const cancelAdminOrder = async (number: string): Promise<Result<AdminOrder>> =>
  toResult(await adminEnvelope<AdminOrder>(`${orderPath(number)}/cancel`, { method: 'post' }));

/** A proof of delivery, for the back office. */
export const fetchAdminProof = (number: string, run: string, id: string, name: string): Promise<FileAnswer> =>
  adminFile(
    `${orderPath(number)}/runs/${encodeURIComponent(run)}/proofs/${encodeURIComponent(id)}`,
    {},
    name,
  );
