import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ProofKind } from '../../contract/orders';
import { DESIGN_CHANNEL } from '../data/design';
import { type OrderRunRow, runsOfOrders } from '../data/orderRuns';
import type { NumberedOrder } from '../data/orders';
import { orderNotes, orderRuns, runProofs } from '../db/schema';
import type { AppEnv } from '../env';
import { cleanFileName } from '../files/fileName';
import { queueMail } from '../mail/events';
import { audit } from './audit';
import { signedInStaff } from './auth';
import { checkProof } from './proofs';

/** The back office's writes on an order: booking, proof of delivery, notes. Each is audited. */

type Refusal = { status: 404 | 409 | 422; message: string };

const noSuchOrder = (number: string): Refusal => ({
  status: 404,
  message: `There is no order ${number}. Check the number, or find the order in the queue.`,
});

/**
 * An order whose card checkout is not paid yet is released (cancelled) if the payment never comes:
 * nothing is booked with a publisher or delivered for it before then.
 */
const awaitingPayment = (number: string): Refusal => ({
  status: 409,
  message: `Order ${number} waits for its card payment: book and deliver it once it is paid.`,
});

const refsOf = (runs: readonly OrderRunRow[]) =>
  Object.fromEntries(runs.map((run) => [run.run, run.bookingRef]));

/**
 * Confirms the booking with the publisher's reference, for the runs named or every run not ended;
 * the customer is e-mailed.
 */
export async function bookRuns(
  c: Context<AppEnv>,
  number: string,
  order: NumberedOrder | null,
  body: { reference: string; runs?: string[] | undefined },
): Promise<Refusal | null> {
  if (!order) return noSuchOrder(number);
  if (order.order.cancelledAt)
    return { status: 409, message: `Order ${number} is cancelled: there is nothing to book.` };
  // The studio makes the design itself: no publisher takes a booking for it.
  if (order.mediaType === DESIGN_CHANNEL)
    return { status: 409, message: 'A design-service order has nothing to book with a publisher.' };
  if (order.awaitingPayment) return awaitingPayment(number);
  const now = c.var.clock();
  const runs = (await runsOfOrders(c.var.db, [order.order.id])).get(order.order.id) ?? [];
  const unknown = (body.runs ?? []).filter((value) => !runs.some((run) => run.run === value));
  if (unknown.length > 0)
    return {
      status: 422,
      message: `Order ${number} has no run ${unknown.join(', ')}: its runs are ${runs.map((r) => r.run).join(', ')}.`,
    };
  const chosen = body.runs
    ? runs.filter((run) => body.runs?.includes(run.run))
    : runs.filter((run) => run.endsAt >= now);
  if (chosen.length === 0)
    return { status: 409, message: `Every run of order ${number} has ended: there is nothing left to book.` };
  const staff = signedInStaff(c);
  const chosenRuns = chosen.map((run) => run.run);
  await c.var.jobs.inTransaction(c.var.db, async (tx, send) => {
    // The references as they are now, under the lock: a colleague's booking may have come first.
    const before = await tx
      .select()
      .from(orderRuns)
      .where(and(eq(orderRuns.orderId, order.order.id), inArray(orderRuns.run, chosenRuns)))
      .for('update');
    await tx
      .update(orderRuns)
      .set({ bookingRef: body.reference, bookedAt: now, bookedBy: staff.id })
      .where(and(eq(orderRuns.orderId, order.order.id), inArray(orderRuns.run, chosenRuns)));
    await audit(tx, c, {
      action: 'order.booked',
      record: { type: 'order', id: number },
      before: { booking: refsOf(before) },
      after: { booking: Object.fromEntries(chosen.map((run) => [run.run, body.reference])) },
    });
    await queueMail(send, { event: 'order.booked', orderId: order.order.id, at: now.toISOString() });
  });
  return null;
}

export interface ProofUpload {
  file: File;
  kind: ProofKind;
  droppedOn?: string | undefined;
  pieces?: number | undefined;
}

/**
 * Marks a run delivered with its proof: checked against the run's channel and by its bytes, kept in
 * the upload storage, the customer e-mailed. A magazine's tear sheet may come before its cover month,
 * so the run's dates do not refuse a proof (a drop's date is checked against its week).
 */
export async function deliverRun(
  c: Context<AppEnv>,
  number: string,
  order: NumberedOrder | null,
  runValue: string,
  upload: ProofUpload,
): Promise<Refusal | { status: 'delivered'; proofId: string }> {
  if (!order) return noSuchOrder(number);
  const [run] = await c.var.db
    .select()
    .from(orderRuns)
    .where(and(eq(orderRuns.orderId, order.order.id), eq(orderRuns.run, runValue)));
  if (!run) return { status: 404, message: `Order ${number} has no run ${runValue}.` };
  if (order.order.cancelledAt)
    return { status: 409, message: `Order ${number} is cancelled: its runs are not delivered.` };
  if (order.awaitingPayment) return awaitingPayment(number);
  const now = c.var.clock();
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  const checked = await checkProof({
    mediaType: order.mediaType ?? DESIGN_CHANNEL,
    kind: upload.kind,
    bytes,
    droppedOn: upload.droppedOn,
    pieces: upload.pieces,
    runStarts: run.startsAt,
    runEnds: run.endsAt,
  });
  if (checked.status !== 'ok') return checked;
  const proofId = randomUUID();
  const storageKey = `proof-${proofId}`;
  const storage = await c.var.uploads();
  await storage.putBytes(storageKey, bytes, checked.contentType);
  const staff = signedInStaff(c);
  try {
    await c.var.jobs.inTransaction(c.var.db, async (tx, send) => {
      await tx.insert(runProofs).values({
        id: proofId,
        orderId: order.order.id,
        run: run.run,
        kind: upload.kind,
        storageKey,
        fileName: cleanFileName(upload.file.name || 'proof'),
        contentType: checked.contentType,
        size: bytes.byteLength,
        details: checked.details,
        uploadedBy: staff.id,
        uploadedAt: now,
      });
      await tx
        .update(orderRuns)
        .set({ deliveredAt: now })
        .where(
          and(
            eq(orderRuns.orderId, order.order.id),
            eq(orderRuns.run, run.run),
            isNull(orderRuns.deliveredAt),
          ),
        );
      await audit(tx, c, {
        action: 'run.delivered',
        record: { type: 'run', id: `${number}/${run.run}` },
        before: { delivered_at: run.deliveredAt?.toISOString() ?? null },
        after: {
          delivered_at: (run.deliveredAt ?? now).toISOString(),
          proof: proofId,
          kind: upload.kind,
          ...checked.details,
        },
      });
      await queueMail(send, { event: 'run.delivered', orderId: order.order.id, run: run.run, proofId });
    });
  } catch (error) {
    // Bytes no row names would never be removed: `discard`, since putBytes objects have no tus `.info`
    // for `remove` to go by (on S3 it would leave them in the bucket).
    // The delivery's own error is the one answered; a cleanup that fails too is only logged.
    await storage
      .discard(storageKey)
      .catch((cleanup: unknown) =>
        c.var.log.error({ err: cleanup }, 'the bytes of a failed proof were not removed'),
      );
    throw error;
  }
  return { status: 'delivered', proofId };
}

/** An internal note on an order: staff read it, the customer never does. */
export async function addNote(
  c: Context<AppEnv>,
  number: string,
  order: NumberedOrder | null,
  body: string,
): Promise<Refusal | null> {
  if (!order) return noSuchOrder(number);
  const staff = signedInStaff(c);
  const now = c.var.clock();
  await c.var.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId: order.order.id, staffId: staff.id, body, createdAt: now })
      .returning({ id: orderNotes.id });
    await audit(tx, c, {
      action: 'order.noted',
      record: { type: 'order', id: number },
      before: null,
      after: { note: note?.id ?? null, body },
    });
  });
  return null;
}
