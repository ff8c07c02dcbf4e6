import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { proofForm } from '../../contract/design';
import { addProof, designRowsOf, findDesignOrder, lockBrief } from '../data/design';
import { proofRefusal } from '../design/brief';
import { PROOF_FILE_TYPES, PROOF_MAX_BYTES, proofKind } from '../design/files';
import { briefFileAnswer, designAnswer, designOrderOf, proofFileAnswer } from '../design/round';
import { formFile } from '../design/upload';
import type { AppEnv } from '../env';
import { cleanFileName } from '../files/fileName';
import { parseFields } from '../http/body';
import { fail, ok } from '../http/envelope';
import { orderNumberParam } from '../http/params';
import { queueMail } from '../mail/events';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { staffMaySee } from './repReach';

/** The studio's side of the design service (issue 31, part 4): the brief to read, the proofs to upload. */

const base = (number: string) => `/api/v1/admin/orders/${number}/design`;
const notFound = (number: string) => `There is no order ${number}.`;

/** The design order of the address; a rep's answer is 404 for another rep's company, as for none. */
async function found(c: Context<AppEnv>) {
  const number = orderNumberParam(c, 'number');
  // Asked before the order's kind, whose reason ("not a design service") would tell that it exists.
  const order = number ? await findDesignOrder(c.var.db, number, null) : null;
  if (order && !(await staffMaySee(c, order.order.companyId)))
    return { ok: false as const, answer: fail(c, 404, notFound(number ?? '')) };
  return designOrderOf(c, number, null, notFound);
}

export const adminDesignRoutes = new Hono<AppEnv>()
  .get('/:number/design', requireStaff('orders.read'), async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const { view } = await designAnswer(c.var.db, order.order, c.var.clock(), base(order.order.order.number));
    return ok(c, view);
  })
  .get('/:number/design/files/:id', requireStaff('orders.read'), async (c) => {
    const order = await found(c);
    return order.ok ? briefFileAnswer(c, await c.var.uploads(), order.order) : order.answer;
  })
  .get('/:number/design/proofs/:n/file', requireStaff('orders.read'), async (c) => {
    const order = await found(c);
    return order.ok ? proofFileAnswer(c, await c.var.uploads(), order.order) : order.answer;
  })
  .post('/:number/design/proofs', requireStaff('design.proofs'), async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const { order: row } = order.order;
    if (row.cancelledAt) return fail(c, 409, `Order ${row.number} is cancelled: it needs no proof.`);
    const sent = await formFile(c, 'file', { maxBytes: PROOF_MAX_BYTES, choose: 'Choose the proof file' });
    const { note } = parseFields(proofForm, { note: sent.fields.note ?? '' });
    const kind = await proofKind(sent.bytes);
    if (!kind) return fail(c, 422, `That file is not ${PROOF_FILE_TYPES}: send the proof as one of those.`);
    const member = signedInStaff(c);
    const now = c.var.clock();
    const id = randomUUID();
    const key = `design-${id}`;
    const store = await c.var.uploads();
    // The bytes first: the row, written last, is what makes them a proof.
    await store.putBytes(key, sent.bytes, kind.contentType);
    const outcome = await c.var.jobs.inTransaction(c.var.db, async (tx, send) => {
      await lockBrief(tx, row.id, now);
      const rows = await designRowsOf(tx, row.id);
      const refusal = proofRefusal(rows);
      if (refusal) return { refusal, number: 0 };
      // The proofs are in number order and the brief's lock keeps two uploads apart.
      const number = (rows.proofs.at(-1)?.number ?? 0) + 1;
      const proof = {
        id,
        orderId: row.id,
        number,
        storageKey: key,
        fileName: cleanFileName(sent.name),
        contentType: kind.contentType,
        size: sent.bytes.byteLength,
        studioNote: note,
        uploadedBy: member.id,
        uploadedAt: now,
      };
      await addProof(tx, proof);
      await queueMail(send, { event: 'design.proofReady', proofId: id });
      await audit(tx, c, {
        action: 'design.proofUploaded',
        record: { type: 'design-proof', id },
        before: null,
        after: { order: row.number, number, name: proof.fileName, note, size: proof.size },
      });
      return { refusal: null, number };
    });
    if (outcome.refusal) {
      await store.discard(key);
      return fail(c, 409, outcome.refusal);
    }
    const { view } = await designAnswer(c.var.db, order.order, now, base(row.number));
    return ok(c, view, {}, `Proof ${outcome.number} is with the customer: they are e-mailed.`);
  });
