import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { formatCount } from '../../../contract/money';
import { parseDay } from '../../../contract/schedule';
import { findMedia } from '../../data/catalogue';
import type { Db } from '../../db/client';
import { adFiles, cartItems, designProofs, fileRuns, orderRuns, orders, runProofs } from '../../db/schema';
import { runsOf } from '../../orders/runs';
import { boughtOf } from '../../orders/terms';
import { eventKey, type MailEvent } from '../events';
import type { MailKind } from '../kinds';
import { composeMail, type Mail } from '../messages';
import type { Brand } from '../templates/brand';
import type { MailProps } from '../templates/mailTemplate';
import { dayInWords } from './orders';
import { customersOf, type Reader, uploaderOf } from './readers';
import { dedupeKeyOf } from './write';

type BackOfficeEvent = Extract<
  MailEvent,
  { event: 'order.booked' | 'run.delivered' | 'file.returned' | 'design.proofReady' }
>;

/** An order with what it bought, the placement in words and its page. */
async function orderFacts(db: Db, brand: Brand, orderId: number) {
  const [found] = await db
    .select({ order: orders, item: cartItems })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .where(eq(orders.id, orderId));
  if (!found) return null;
  const placement = await findMedia(db, found.item.mediacode);
  return {
    ...found,
    placement,
    words: placement ? `${placement.name}, ${placement.market}` : `Placement ${found.item.mediacode}`,
    link: `${brand.url}/orders/${found.order.number}`,
  };
}
type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

/**
 * A run of an order in words and when its ad is due: as stored when the order was placed, or, for an
 * order from before runs were stored that the server has not filled yet, as its dates make it.
 */
async function runOf(db: Db, facts: OrderFacts, value: string) {
  const [stored] = await db
    .select({ label: orderRuns.label, adDue: orderRuns.adDueAt })
    .from(orderRuns)
    .where(and(eq(orderRuns.orderId, facts.order.id), eq(orderRuns.run, value)));
  if (stored) return stored;
  const { item, placement, order } = facts;
  return (
    runsOf(boughtOf(item, placement, order.placedAt, order.totalCents)).find((r) => r.value === value) ?? null
  );
}

/** What a proof counts, in words: a mailing's drop, a delivery report's impressions. */
function proofDetails(details: Record<string, string | number>): string | null {
  const { pieces, dropped_on: droppedOn, impressions } = details;
  if (typeof pieces === 'number' && typeof droppedOn === 'string')
    return `${formatCount(pieces)} pieces dropped on ${dayInWords(parseDay(droppedOn))}`;
  if (typeof impressions === 'number') return `${formatCount(impressions)} impressions`;
  return null;
}

/** One e-mail per reader, each once however often the event is composed. */
function mailEach<K extends MailKind>(
  e: BackOfficeEvent,
  kind: K,
  readers: Reader[],
  props: (reader: Reader) => MailProps[K],
): Promise<Mail[]> {
  const key = eventKey(e);
  return Promise.all(
    readers.map((reader) =>
      composeMail(reader.email, kind, props(reader), null, {
        dedupeKey: dedupeKeyOf(key, kind, reader.email),
      }),
    ),
  );
}

/**
 * The e-mails of what our staff did for a customer (issue 31): a booking confirmed with the publisher,
 * a run delivered with its proof, and the design studio's next proof go to whoever placed the order
 * (its owner once they have left); a file sent back goes to whoever uploaded it. A cancelled order
 * hears of no booking.
 */
export async function composeBackOfficeEvent(db: Db, brand: Brand, e: BackOfficeEvent): Promise<Mail[]> {
  switch (e.event) {
    case 'order.booked': {
      const facts = await orderFacts(db, brand, e.orderId);
      if (!facts || facts.order.cancelledAt) return [];
      const booked = await db
        .select()
        .from(orderRuns)
        .where(and(eq(orderRuns.orderId, e.orderId), isNotNull(orderRuns.bookedAt)))
        .orderBy(asc(orderRuns.startsAt));
      // The runs this booking confirmed; all the booked ones if a later booking has moved them on.
      const at = new Date(e.at).getTime();
      const now = booked.filter((r) => r.bookedAt?.getTime() === at);
      const runs = now.length > 0 ? now : booked;
      const reference = runs[0]?.bookingRef;
      if (!reference) return [];
      return mailEach(e, 'booking-confirmed', await customersOf(db, facts.order), (reader) => ({
        brand,
        firstname: reader.firstname,
        order: facts.order.number,
        placement: facts.words,
        reference,
        runs: runs.map((r) => r.label),
        link: facts.link,
      }));
    }
    case 'run.delivered': {
      const facts = await orderFacts(db, brand, e.orderId);
      const [proof] = await db.select().from(runProofs).where(eq(runProofs.id, e.proofId));
      const [run] = await db
        .select()
        .from(orderRuns)
        .where(and(eq(orderRuns.orderId, e.orderId), eq(orderRuns.run, e.run)));
      if (!facts || !proof || !run) return [];
      return mailEach(e, 'run-delivered', await customersOf(db, facts.order), (reader) => ({
        brand,
        firstname: reader.firstname,
        order: facts.order.number,
        placement: facts.words,
        run: run.label,
        delivered: dayInWords(run.deliveredAt ?? proof.uploadedAt),
        proof: proof.kind,
        details: proofDetails(proof.details),
        link: facts.link,
      }));
    }
    case 'file.returned': {
      const [file] = await db.select().from(adFiles).where(eq(adFiles.id, e.fileId));
      // Accepted since it was sent back, or no longer on a run: nothing to ask for.
      // Issue 33: the run it was first sent for, of the runs it serves.
      const [served] = await db
        .select({ orderId: fileRuns.orderId, runValue: fileRuns.runValue })
        .from(fileRuns)
        .where(eq(fileRuns.fileId, e.fileId))
        .orderBy(asc(fileRuns.attachedAt))
        .limit(1);
      if (file?.review !== 'returned' || !served) return [];
      const facts = await orderFacts(db, brand, served.orderId);
      const run = facts && (await runOf(db, facts, served.runValue));
      if (!facts || !run || facts.order.cancelledAt) return [];
      return mailEach(e, 'file-returned', await uploaderOf(db, file.uploadedBy, facts.order), (reader) => ({
        brand,
        firstname: reader.firstname,
        file: file.name,
        order: facts.order.number,
        placement: facts.words,
        run: run.label,
        note: file.reviewNote ?? '',
        due: dayInWords(run.adDue),
        link: facts.link,
      }));
    }
    case 'design.proofReady': {
      const [proof] = await db.select().from(designProofs).where(eq(designProofs.id, e.proofId));
      const facts = proof && (await orderFacts(db, brand, proof.orderId));
      if (!proof || !facts || facts.order.cancelledAt) return [];
      return mailEach(e, 'design-proof-ready', await customersOf(db, facts.order), (reader) => ({
        brand,
        firstname: reader.firstname,
        order: facts.order.number,
        placement: facts.words,
        number: proof.number,
        note: proof.studioNote,
        link: facts.link,
      }));
    }
  }
}
