import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { briefBody, briefFileForm, changesBody } from '../../contract/design';
import {
  addBriefFile,
  briefFile,
  type DesignOrder,
  decideProof,
  designRowsOf,
  lockBrief,
  removeBriefFile,
  saveBrief,
} from '../data/design';
import { approveProof } from '../design/approve';
import { briefLocked, briefMissing, decisionRefusal } from '../design/brief';
import { BRIEF_FILE_MAX_BYTES, BRIEF_FILE_TYPES, briefFileKind } from '../design/files';
import {
  briefFileAnswer,
  customerDesignPath,
  designAnswer,
  designOrderOf,
  proofFileAnswer,
} from '../design/round';
import { formFile } from '../design/upload';
import type { AppEnv } from '../env';
import { cleanFileName } from '../files/fileName';
import { requireUser, signedInUser } from '../http/auth';
import { parseFields } from '../http/body';
import { fail, ok } from '../http/envelope';
import { fileIdParam, orderNumberParam } from '../http/params';
import { formBody } from '../http/validators';
import { orderNotFound } from '../orders/cancel';

/** The customer's design round (issue 31, part 4): the brief, its files, and the answer to each proof. */

/** The company's design order of the address, or the 404 to answer. */
async function found(c: Context<AppEnv>) {
  const { account } = signedInUser(c);
  return designOrderOf(c, orderNumberParam(c, 'orderNumber'), account.companyId, orderNotFound);
}

/** The order's round as the customer sees it, with a sentence. */
async function answer(c: Context<AppEnv>, order: DesignOrder, message = '') {
  const { view } = await designAnswer(c.var.db, order, c.var.clock(), customerDesignPath(order.order.number));
  return ok(c, view, {}, message);
}

const cancelled = (order: DesignOrder) =>
  order.order.cancelledAt
    ? `Order ${order.order.number} is cancelled: the studio is not working on it.`
    : null;

/** Every design route needs a signed-in customer of the order's company. */
export const designRoutes = new Hono<AppEnv>()
  .use('/:orderNumber/design', requireUser)
  .use('/:orderNumber/design/*', requireUser)
  .get('/:orderNumber/design', async (c) => {
    const order = await found(c);
    return order.ok ? answer(c, order.order) : order.answer;
  })
  .put('/:orderNumber/design/brief', formBody(briefBody), async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const stopped = cancelled(order.order);
    if (stopped) return fail(c, 409, stopped);
    const { submit, ...fields } = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const refused = await c.var.db.transaction(async (tx) => {
      const brief = await lockBrief(tx, order.order.order.id, now);
      const locked = briefLocked(brief);
      if (locked) return { status: 409 as const, message: locked };
      const missing = submit
        ? briefMissing(fields, (await designRowsOf(tx, order.order.order.id)).files)
        : null;
      if (missing) return { status: 422 as const, message: missing };
      await saveBrief(tx, order.order.order.id, fields, submit ? { at: now, by: account.id } : null, now);
      return null;
    });
    if (refused) return fail(c, refused.status, refused.message);
    return answer(
      c,
      order.order,
      submit ? 'Your brief is with our studio: we e-mail you when the first proof is ready.' : 'Draft saved.',
    );
  })
  .post('/:orderNumber/design/files', async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const stopped = cancelled(order.order);
    if (stopped) return fail(c, 409, stopped);
    const sent = await formFile(c, 'file', { maxBytes: BRIEF_FILE_MAX_BYTES, choose: 'Choose a file' });
    const { role } = parseFields(briefFileForm, { role: sent.fields.role });
    const kind = await briefFileKind(sent.bytes);
    if (!kind)
      return fail(c, 422, `That file is not ${BRIEF_FILE_TYPES}. Send your ${role} as one of those.`);
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const id = randomUUID();
    const key = `brief-${id}`;
    // The bytes first: the row, written last, is what makes them part of the brief.
    const store = await c.var.uploads();
    await store.putBytes(key, sent.bytes, kind.contentType);
    const locked = await c.var.db.transaction(async (tx) => {
      const refusal = briefLocked(await lockBrief(tx, order.order.order.id, now));
      if (refusal) return refusal;
      await addBriefFile(tx, {
        id,
        orderId: order.order.order.id,
        role,
        storageKey: key,
        fileName: cleanFileName(sent.name),
        contentType: kind.contentType,
        size: sent.bytes.byteLength,
        uploadedBy: account.id,
        createdAt: now,
      });
      return null;
    });
    if (locked) {
      await store.discard(key);
      return fail(c, 409, locked);
    }
    return answer(c, order.order, `${cleanFileName(sent.name)} is added to the brief.`);
  })
  .get('/:orderNumber/design/files/:id', async (c) => {
    const order = await found(c);
    return order.ok ? briefFileAnswer(c, await c.var.uploads(), order.order) : order.answer;
  })
  .delete('/:orderNumber/design/files/:id', async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const file = await briefFile(c.var.db, order.order.order.id, fileIdParam(c, 'id'));
    if (!file) return fail(c, 404, 'There is no such file in this brief.');
    const locked = await c.var.db.transaction(async (tx) => {
      const refusal = briefLocked(await lockBrief(tx, order.order.order.id, c.var.clock()));
      if (!refusal) await removeBriefFile(tx, file.id);
      return refusal;
    });
    if (locked) return fail(c, 409, locked);
    await (await c.var.uploads()).discard(file.storageKey);
    return answer(c, order.order, `${cleanFileName(file.fileName)} is removed from the brief.`);
  })
  .get('/:orderNumber/design/proofs/:n/file', async (c) => {
    const order = await found(c);
    return order.ok ? proofFileAnswer(c, await c.var.uploads(), order.order) : order.answer;
  })
  .post('/:orderNumber/design/proofs/:n/approve', async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const stopped = cancelled(order.order);
    if (stopped) return fail(c, 409, stopped);
    const number = Number(c.req.param('n'));
    if (!Number.isSafeInteger(number))
      return fail(c, 404, `Order ${order.order.order.number} has no such proof.`);
    const { account } = signedInUser(c);
    const { refused } = await approveProof(
      { db: c.var.db, storage: await c.var.uploads(), log: c.var.log, now: c.var.clock() },
      order.order,
      number,
      account.id,
    );
    if (refused) return fail(c, 409, refused);
    return answer(c, order.order, `Proof ${number} is approved: it is your ad now, in your files.`);
  })
  .post('/:orderNumber/design/proofs/:n/changes', formBody(changesBody), async (c) => {
    const order = await found(c);
    if (!order.ok) return order.answer;
    const stopped = cancelled(order.order);
    if (stopped) return fail(c, 409, stopped);
    const number = Number(c.req.param('n'));
    const { comment } = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const refused = await c.var.db.transaction(async (tx) => {
      await lockBrief(tx, order.order.order.id, now);
      const rows = await designRowsOf(tx, order.order.order.id);
      const proof = rows.proofs.find((p) => p.number === number);
      if (!proof)
        return {
          status: 404 as const,
          message: `Order ${order.order.order.number} has no proof ${c.req.param('n')}.`,
        };
      const refusal = decisionRefusal(rows, proof);
      if (refusal) return { status: 409 as const, message: refusal };
      await decideProof(tx, proof.id, { decision: 'changes', comment, by: account.id, at: now });
      return null;
    });
    if (refused) return fail(c, refused.status, refused.message);
    return answer(
      c,
      order.order,
      'Your changes are with our studio: we e-mail you when the next proof is ready.',
    );
  });
