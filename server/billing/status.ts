import { eq, type SQL, sql } from 'drizzle-orm';
import { type InvoiceStatus, OWING_STATUSES } from '../../contract/invoiceStatuses';
import type { Db } from '../db/client';
import { invoices, orders } from '../db/schema';
import { instant } from '../orders/status';

/** The figures an invoice's balance and status come from, in cents. */
export interface InvoiceSums {
  /** What its orders cost. */
  totalCents: number;
  /** What its cancelled orders cost (each is credited in full). */
  creditedCents: number;
  paidCents: number;
  refundedCents: number;
  /** What the company's credits paid of it (issue 32). */
  creditAppliedCents: number;
}

/**
 * The balance rule of issue 30: the total less credits and payments, plus what was refunded (a
 * refund gives back money that had paid for a line still owed), never below 0. Issue 32: less what
 * the company's credits paid of it too.
 */
export const balanceOf = (s: InvoiceSums): number =>
  Math.max(0, s.totalCents - s.creditedCents - s.paidCents - s.creditAppliedCents + s.refundedCents);

/**
 * An invoice's status at `now`, computed and never stored: `void` once cancellations cover it,
 * `paid` once payments and credits leave nothing owed, `overdue` after its due date, `partial` before
 * it while something paid or credited is held, else `open`. Written twice, here for one invoice and
 * below for SQL (filters, paging and totals), and kept the same by a property test
 * (tests/server/invoiceStatus.test.ts).
 */
export function invoiceStatusOf(s: InvoiceSums, dueAt: Date, now: Date): InvoiceStatus {
  if (s.creditedCents >= s.totalCents) return 'void';
  const settled = s.paidCents + s.creditAppliedCents;
  if (settled > 0 && balanceOf(s) === 0) return 'paid';
  if (now > dueAt) return 'overdue';
  return settled > s.refundedCents ? 'partial' : 'open';
}

/** Whether an invoice of this status still owes something (Pay now, the outstanding total). */
export const isOwing = (status: InvoiceStatus): boolean =>
  (OWING_STATUSES as readonly InvoiceStatus[]).includes(status);

/**
 * Each invoice's order sums, for a query over `invoices` to join laterally (an aggregate without
 * GROUP BY: exactly one row per invoice, zeros for one without orders).
 */
export const orderSumsOf = (db: Db) =>
  db
    .select({
      total: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`.as('total'),
      credited:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.cancelledAt} is not null), 0)::int`.as(
          'credited',
        ),
    })
    .from(orders)
    .where(eq(orders.invoiceId, invoices.id))
    .as('sums');

type OrderSums = ReturnType<typeof orderSumsOf>;

/** balanceOf in SQL, over the lateral sums and the invoice's own columns. */
export const balanceSql = (sums: OrderSums): SQL<number> =>
  sql<number>`greatest(0, ${sums.total} - ${sums.credited} - ${invoices.paidCents} - ${invoices.creditAppliedCents} + ${invoices.refundedCents})`;

const settledSql = sql`(${invoices.paidCents} + ${invoices.creditAppliedCents})`;

/** invoiceStatusOf in SQL: the same rules in the same order. */
export const invoiceStatusSql = (sums: OrderSums, now: Date): SQL<InvoiceStatus> =>
  sql<InvoiceStatus>`(case
    when ${sums.credited} >= ${sums.total} then 'void'
    when ${settledSql} > 0 and ${balanceSql(sums)} = 0 then 'paid'
    when ${invoices.dueAt} < ${instant(now)} then 'overdue'
    when ${settledSql} > ${invoices.refundedCents} then 'partial'
    else 'open' end)`;
