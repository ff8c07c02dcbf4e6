import { asc, eq, type SQL } from 'drizzle-orm';
import type { AdminOrder, OrdersQueueQuery, QueuedOrder } from '../../contract/adminOrders';
import type { Meta } from '../../contract/envelope';
import { DESIGN_RUN, type OrderRunRow, runsOfOrders } from '../data/orderRuns';
import type { NumberedOrder } from '../data/orders';
import type { Db } from '../db/client';
import { orderNotes, staff } from '../db/schema';
import { pageMeta } from '../http/envelope';
import { orderDetailOfRecord, summariesOf } from '../orders/answers';
import { attentionFactsOf, attentionOf } from './attention';
import { ordersQueue, QUEUE_PER_PAGE } from './ordersQueue';
import { proofKindsOf } from './proofs';

/** The back office's answers about orders: the queue's rows and one order with its notes. */

/** `pending` when none of them is, `partly` when some are, else every one is. */
const shareOf = <T extends string>(done: number, of: number, words: readonly [T, T, T]): T =>
  done === 0 ? words[0] : done < of ? words[1] : words[2];

function fulfilmentOf(runs: readonly OrderRunRow[]): Pick<QueuedOrder, 'booking' | 'delivery'> {
  const dated = runs.filter((run) => run.run !== DESIGN_RUN);
  return {
    booking: shareOf(runs.filter((run) => run.bookingRef).length, runs.length, [
      'pending',
      'partly',
      'confirmed',
    ] as const),
    delivery: shareOf(dated.filter((run) => run.deliveredAt).length, dated.length, [
      'pending',
      'partly',
      'delivered',
    ] as const),
  };
}

/** GET /admin/orders: a page of the queue, with paging meta. */
export async function queuePageOf(
  db: Db,
  query: Omit<OrdersQueueQuery, 'page'> & { page: number },
  now: Date,
  /** Issue 32: a rep's companies only (server/admin/repScope.ts). */
  scope?: SQL,
): Promise<{ data: QueuedOrder[]; meta: Partial<Meta> }> {
  const { records, total } = await ordersQueue(db, query, now, scope);
  const ids = records.map((r) => r.order.id);
  const runs = await runsOfOrders(db, ids);
  const [summaries, facts] = await Promise.all([
    summariesOf(db, records, now, runs),
    attentionFactsOf(db, ids, runs),
  ]);
  const data = records.map((record, i): QueuedOrder => {
    const kept = runs.get(record.order.id) ?? [];
    const summary = summaries[i];
    if (!summary) throw new Error('A summary is missing');
    const next = kept.find((run) => now <= run.endsAt);
    const orderFacts = facts.get(record.order.id);
    return {
      ...summary,
      company: record.company.name,
      next_run: record.order.cancelledAt ? null : (next?.label ?? null),
      ...fulfilmentOf(kept),
      attention: orderFacts ? attentionOf(orderFacts, record.order.cancelledAt !== null, now) : [],
    };
  });
  return {
    data,
    meta: pageMeta(query.page, QUEUE_PER_PAGE, total),
  };
}

/** Where the back office downloads a proof. */
const staffProofUrl = (number: string, run: string, id: string) =>
  `/api/v1/admin/orders/${number}/runs/${encodeURIComponent(run)}/proofs/${id}`;

/** GET /admin/orders/{number}: all the customer sees, its company, the internal notes, the proofs it takes. */
export async function adminOrderOf(db: Db, found: NumberedOrder, now: Date): Promise<AdminOrder> {
  const { number } = found.order;
  const [detail, notes] = await Promise.all([
    orderDetailOfRecord(db, found, now, (run, id) => staffProofUrl(number, run, id)),
    db
      .select({ at: orderNotes.createdAt, by: staff.name, body: orderNotes.body })
      .from(orderNotes)
      .innerJoin(staff, eq(staff.id, orderNotes.staffId))
      .where(eq(orderNotes.orderId, found.order.id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
  ]);
  return {
    ...detail,
    company: found.company,
    notes: notes.map((note) => ({ at: note.at.toISOString(), by: note.by, body: note.body })),
    proof_kinds: [...proofKindsOf(detail.media_type)],
  };
}
