import type { Context } from 'hono';
import { Hono } from 'hono';
import { bookingBody, noteBody, ordersQueueQuery, proofForm } from '../../contract/adminOrders';
import { type NumberedOrder, orderByNumber } from '../data/orders';
import type { AppEnv } from '../env';
import { InvalidFields, parseFields, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { fileIdParam, orderNumberParam } from '../http/params';
import { paymentDeps } from '../http/paymentDeps';
import { formBody, query } from '../http/validators';
import { cancelOrderOf } from '../orders/cancel';
import { findProof, proofResponse } from '../orders/proofDownload';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { addNote, bookRuns, deliverRun } from './fulfil';
import { adminOrderOf, queuePageOf } from './orderViews';
import { staffMaySee } from './repReach';
import { repScope } from './repScope';

const notAnOrder = (c: Context<AppEnv>) =>
  fail(c, 404, 'There is no such order: an order number looks like AD-27-000123.');

/** An order of any company by the number of the address (a rep: of their companies only), or null. */
async function orderOf(c: Context<AppEnv>, number: string | null) {
  const found = number ? await orderByNumber(c.var.db, number, null) : null;
  return found && (await staffMaySee(c, found.order.companyId)) ? found : null;
}

/**
 * The order answered after a write: the same view as GET /admin/orders/{number}. The order as read
 * before a booking, a proof or a note still holds, as those write only its runs and notes.
 */
async function answerOrder(c: Context<AppEnv>, found: NumberedOrder | null, message: string) {
  return found ? ok(c, await adminOrderOf(c.var.db, found, c.var.clock()), {}, message) : notAnOrder(c);
}

/** GET and POST /admin/orders…: the queue across every company, one order, and fulfilling it. */
export const adminOrderRoutes = new Hono<AppEnv>()
  .get('/orders', requireStaff('orders.read'), query(ordersQueueQuery), async (c) => {
    const { data, meta } = await queuePageOf(
      c.var.db,
      c.req.valid('query'),
      c.var.clock(),
      repScope(signedInStaff(c)),
    );
    return ok(c, data, meta);
  })
  .get('/orders/:number', requireStaff('orders.read'), async (c) => {
    const found = await orderOf(c, orderNumberParam(c, 'number'));
    return found ? ok(c, await adminOrderOf(c.var.db, found, c.var.clock())) : notAnOrder(c);
  })
  .get('/orders/:number/runs/:run/proofs/:id', requireStaff('orders.read'), async (c) => {
    const found = await orderOf(c, orderNumberParam(c, 'number'));
    const proof = found
      ? await findProof(c.var.db, found.order.id, c.req.param('run'), fileIdParam(c, 'id'))
      : null;
    return proof ? proofResponse(c, proof) : fail(c, 404, 'There is no such proof of delivery.');
  })
  .post('/orders/:number/booking', requireStaff('orders.fulfil'), formBody(bookingBody), async (c) => {
    const number = orderNumberParam(c, 'number');
    if (!number) return notAnOrder(c);
    const found = await orderOf(c, number);
    const refused = await bookRuns(c, number, found, c.req.valid('form'));
    if (refused) return fail(c, refused.status, refused.message);
    return answerOrder(c, found, `The booking of order ${number} is confirmed.`);
  })
  .post('/orders/:number/runs/:run/proof', requireStaff('orders.fulfil'), async (c) => {
    const number = orderNumberParam(c, 'number');
    if (!number) return notAnOrder(c);
    if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data'))
      throw new InvalidFields({ file: 'Send the proof as the form field "file" (multipart/form-data).' });
    const body = (await readBody(c)) as Record<string, unknown>;
    const fields = parseFields(proofForm, {
      kind: body.kind,
      dropped_on: body.dropped_on || undefined,
      pieces: body.pieces || undefined,
    });
    const file = body.file;
    if (!(file instanceof File))
      throw new InvalidFields({ file: 'Choose the proof file: send it as the form field "file".' });
    const found = await orderOf(c, number);
    const outcome = await deliverRun(c, number, found, c.req.param('run'), {
      file,
      kind: fields.kind,
      droppedOn: fields.dropped_on,
      pieces: fields.pieces,
    });
    if (outcome.status !== 'delivered') return fail(c, outcome.status, outcome.message);
    return answerOrder(c, found, 'The run is marked delivered, and the customer can see the proof.');
  })
  .post('/orders/:number/notes', requireStaff('orders.fulfil'), formBody(noteBody), async (c) => {
    const number = orderNumberParam(c, 'number');
    if (!number) return notAnOrder(c);
    const found = await orderOf(c, number);
    const refused = await addNote(c, number, found, c.req.valid('form').body);
    if (refused) return fail(c, refused.status, refused.message);
    return answerOrder(c, found, 'The note is added.');
  })
  .post('/orders/:number/cancel', requireStaff('orders.fulfil'), async (c) => {
    const number = orderNumberParam(c, 'number');
    const owner = await orderOf(c, number);
    if (!number || !owner) return notAnOrder(c);
    const staff = signedInStaff(c);
    const outcome = await cancelOrderOf(paymentDeps(c, c.var.payments), {
      companyId: owner.order.companyId,
      number,
      userId: null,
      staffId: staff.id,
      alsoInTransaction: (tx) =>
        audit(tx, c, {
          action: 'order.cancelled',
          record: { type: 'order', id: number },
          before: { cancelled_at: null },
          after: { cancelled_at: c.var.clock().toISOString(), on_behalf_of: owner.company.name },
        }),
    });
    if (outcome.status !== 'cancelled') return fail(c, outcome.status, outcome.message);
    // Read again: the cancel changed the order itself.
    return answerOrder(c, await orderOf(c, number), `Order ${number} is cancelled for the customer.`);
  });
