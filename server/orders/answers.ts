import { DESIGN_RUN } from '../../contract/design';
import type { Meta } from '../../contract/envelope';
import {
  ORDERS_DUE_SHOWN,
  ORDERS_PER_PAGE,
  type OrderDetail,
  type OrdersDue,
  type OrdersPage,
  type OrderTab,
} from '../../contract/orders';
import { approvedRunsOf, filesOfOrder } from '../data/adFileListing';
import { findMediaMany } from '../data/catalogue';
import { awaitingPaymentOf, awaitsPayment } from '../data/checkoutPayments';
import { submittedBriefsOf } from '../data/design';
import { invoiceById } from '../data/invoices';
import { keptRunsOf, type OrderRunRow, runsOfOrders } from '../data/orderRuns';
import {
  findOrder,
  liveOrders,
  type OrderRecord,
  orderNumbersOfInvoice,
  ordersOfTab,
  peopleByIds,
  tabCounts,
} from '../data/orders';
import type { Db } from '../db/client';
import { designOfOrder } from '../design/round';
import { pageMeta } from '../http/envelope';
import type { KeptRuns } from './fulfilment';
import { type OrderViewer, withRunApprovals } from './runApprovals';
import { orderDetailOf, orderSummaryOf } from './views';

/** The customer's download of a proof of delivery (the run's value has a slash in an issue: `2027/03`). */
const customerProofUrl = (number: string, run: string, id: string) =>
  `/api/v1/orders/${number}/runs/${encodeURIComponent(run)}/proofs/${id}`;

/** The answers of the orders routes, from the queries of server/data/orders.ts and the views. */

const placementsOf = (db: Db, records: readonly OrderRecord[]) =>
  findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );

/** The kept runs of the records' orders (order_runs), by order id. */
const keptOf = (db: Db, records: readonly OrderRecord[]) =>
  runsOfOrders(
    db,
    records.map((r) => r.order.id),
  );

/** Rows of a list, in the order of the records; `known`: their kept runs, when the caller has read them already. */
export async function summariesOf(
  db: Db,
  records: readonly OrderRecord[],
  now: Date,
  known?: Map<number, OrderRunRow[]>,
) {
  const [placements, awaiting, kept] = await Promise.all([
    placementsOf(db, records),
    awaitingOf(db, records),
    known ?? keptOf(db, records),
  ]);
  return records.map((r) =>
    orderSummaryOf(
      r,
      placements.get(r.item.mediacode) ?? null,
      kept.get(r.order.id) ?? [],
      now,
      undefined,
      awaiting.has(r.order.id),
    ),
  );
}

const awaitingOf = (db: Db, records: readonly OrderRecord[]) =>
  awaitingPaymentOf(
    db,
    records.map((r) => r.order.id),
  );

/** GET /orders: a page of a tab (an empty one past the last), the counts of every tab, and paging meta. */
export async function ordersPageOf(
  db: Db,
  request: { companyId: number; tab: OrderTab; page: number; q?: string },
  now: Date,
): Promise<{ data: OrdersPage; meta: Partial<Meta> }> {
  const [{ records, total }, counts] = await Promise.all([
    ordersOfTab(db, request, now),
    tabCounts(db, request.companyId, now),
  ]);
  return {
    data: { orders: await summariesOf(db, records, now), counts },
    meta: pageMeta(request.page, ORDERS_PER_PAGE, total),
  };
}

/**
 * GET /orders/due: the orders with an ad still to hand in (a run not started yet whose ad is not
 * approved), the soonest due first, at most ORDERS_DUE_SHOWN of them, and how many there are.
 */
export async function ordersDueOf(db: Db, companyId: number, now: Date): Promise<OrdersDue> {
  const records = await liveOrders(db, companyId, now);
  const ids = records.map((r) => r.order.id);
  const [placements, approved, briefed, awaiting, kept] = await Promise.all([
    placementsOf(db, records),
    approvedRunsOf(db, ids),
    submittedBriefsOf(db, ids),
    awaitingOf(db, records),
    keptOf(db, records),
  ]);
  // A design order's materials are its brief: once sent, it is handed in.
  for (const id of briefed) approved.set(id, new Set([...(approved.get(id) ?? []), DESIGN_RUN]));
  const summaries = records.map((r) =>
    orderSummaryOf(
      r,
      placements.get(r.item.mediacode) ?? null,
      kept.get(r.order.id) ?? [],
      now,
      approved.get(r.order.id),
      awaiting.has(r.order.id),
    ),
  );
  const due = summaries.flatMap((s) => (s.next_ad_due ? [{ s, date: s.next_ad_due.date }] : []));
  due.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { orders: due.slice(0, ORDERS_DUE_SHOWN).map(({ s }) => s), total: due.length };
}

/**
 * GET /orders/{orderNumber}: the company's order, or null. Read by one of its people (`viewer`), each
 * run's ad carries its file's approval for that run as they read it (issue 33).
 */
export async function orderDetailFor(
  db: Db,
  companyId: number,
  number: string,
  now: Date,
  viewer?: Omit<OrderViewer, 'companyId'>,
): Promise<OrderDetail | null> {
  const record = await findOrder(db, companyId, number);
  if (!record) return null;
  const detail = await orderDetailOfRecord(db, record, now);
  return viewer ? withRunApprovals(db, detail, { ...viewer, companyId }, now) : detail;
}

/** The page of an order already read. */
export async function orderDetailOfRecord(
  db: Db,
  record: OrderRecord,
  now: Date,
  /** Where its proofs are downloaded: the customer's address unless the back office asks. */
  proofUrl: KeptRuns['proofUrl'] = (run, id) => customerProofUrl(record.order.number, run, id),
): Promise<OrderDetail> {
  const { invoiceId } = record.order;
  const [placements, people, files, invoice, invoiced, kept] = await Promise.all([
    placementsOf(db, [record]),
    peopleByIds(db, [record.order.userId, record.order.cancelledBy]),
    filesOfOrder(db, record.order.id),
    invoiceId === null ? null : invoiceById(db, invoiceId),
    invoiceId === null ? [] : orderNumbersOfInvoice(db, invoiceId),
    keptRunsOf(db, record.order.id),
  ]);
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  const placement = placements.get(record.item.mediacode) ?? null;
  const detail = orderDetailOf(
    record,
    placement,
    { placedBy: person(record.order.userId), cancelledBy: person(record.order.cancelledBy) },
    now,
    files,
    { ...kept, proofUrl },
  );
  const others = invoiced.filter((n) => n !== record.order.number);
  const awaiting = awaitsPayment(record.order, invoice);
  const design = await designOfOrder(db, record, placement, now);
  // A design order's materials are its brief: once sent, nothing is due from the customer.
  const briefSent = Boolean(design?.brief.submitted_at);
  return {
    ...detail,
    design,
    next_ad_due: briefSent ? null : detail.next_ad_due,
    runs: briefSent ? detail.runs.map((run) => ({ ...run, ad_due: null })) : detail.runs,
    awaiting_payment: awaiting,
    // Not while it waits for its card payment (server/data/cancelOrder.ts): the release comes instead.
    cancel_until: awaiting ? null : detail.cancel_until,
    invoice: invoice ? { number: invoice.number, other_orders: others } : null,
  };
}
