import type { AdminOrder, QueuedOrder, QueueFilters } from '../../../contract/adminOrders';
import type { AdminAction } from '../../../machines/admin/adminOrder.machine';
import { OrderNotFound } from '../../../machines/orders/orders.types';
import type { FileAnswer } from '../client';
import { dataOf, type Paged, pageOf } from '../result';
import { adminEnvelope, adminFile } from './client';

/** The back office's orders: the queue, one order, and the four writes on it. */

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export type QueuePage = Paged<'orders', QueuedOrder>;

/** GET /admin/orders with the queue's filters. */
export async function fetchOrdersQueue(query: QueueFilters): Promise<QueuePage> {
  const answer = await adminEnvelope<QueuedOrder[]>('/orders', { query: { ...query } });
  const orders = dataOf(answer, 'The orders could not be loaded. Please try again.');
  return { orders, ...pageOf(answer.meta, { page: 1, total: orders.length }) };
}

/** GET /admin/orders/{number}; OrderNotFound on 404. */
export async function fetchAdminOrder(number: string): Promise<AdminOrder> {
  const answer = await adminEnvelope<AdminOrder>(orderPath(number));
  if (answer.status === 404) throw new OrderNotFound(answer.message);
  return dataOf(answer, 'The order could not be loaded. Please try again.');
}

/** The proof's form: the file (a browser File) and its fields. */
function proofForm(action: Extract<AdminAction, { type: 'adminOrder.deliver' }>): FormData {
  const { proof } = action;
  if (!(proof.file instanceof File)) throw new Error('Choose the proof file.');
  const form = new FormData();
  form.append('kind', proof.kind);
  if (proof.droppedOn) form.append('dropped_on', proof.droppedOn);
  if (proof.pieces !== undefined) form.append('pieces', String(proof.pieces));
  form.append('file', proof.file, proof.file.name);
  return form;
}

/** One of the order page's writes; the order as it is after it, or the server's refusal as an Error. */
export async function saveAdminAction(number: string, action: AdminAction): Promise<AdminOrder> {
  const path = orderPath(number);
  const fallback = 'That did not go through. Please try again.';
  switch (action.type) {
    case 'adminOrder.book':
      return dataOf(
        await adminEnvelope<AdminOrder>(`${path}/booking`, {
          method: 'post',
          body: { reference: action.reference, ...(action.runs ? { runs: action.runs } : {}) },
        }),
        fallback,
      );
    case 'adminOrder.deliver':
      return dataOf(
        await adminEnvelope<AdminOrder>(`${path}/runs/${encodeURIComponent(action.proof.run)}/proof`, {
          method: 'post',
          body: proofForm(action),
        }),
        fallback,
      );
    case 'adminOrder.note':
      return dataOf(
        await adminEnvelope<AdminOrder>(`${path}/notes`, { method: 'post', body: { body: action.body } }),
        fallback,
      );
    case 'adminOrder.cancel':
      return dataOf(await adminEnvelope<AdminOrder>(`${path}/cancel`, { method: 'post' }), fallback);
  }
}

/** A proof of delivery, for the back office. */
export const fetchAdminProof = (number: string, run: string, id: string, name: string): Promise<FileAnswer> =>
  adminFile(
    `${orderPath(number)}/runs/${encodeURIComponent(run)}/proofs/${encodeURIComponent(id)}`,
    {},
    name,
  );
