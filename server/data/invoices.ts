import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BillingContact } from '../../contract/cart';
import { INVOICE_TERMS_DAYS, INVOICES_PER_PAGE, type InvoiceStatus } from '../../contract/invoiceStatuses';
import { balanceSql, type InvoiceSums, invoiceStatusSql, orderSumsOf } from '../billing/status';
import type { Db } from '../db/client';
import { companies, invoices, orders } from '../db/schema';
import { DAY_MS } from '../time';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A contact as the company keeps it: a PO number belongs to the purchase it was typed for (its
 * invoice keeps it), not to the next checkout; a standing PO is set apart (server/data/standingPo.ts).
 */
const withoutPo = ({ po_number: _, ...contact }: BillingContact): BillingContact => contact;

/**
 * Issues the invoice of a checkout being placed (inside its transaction): numbered from its own id
 * (INV-27-000123, at least six digits), due on the company's terms (INVOICE_TERMS_DAYS without). The company's billing
 * contact is saved from it when the company has none yet. Answers the invoice's id for its orders.
 */
export async function issueInvoice(
  tx: Db,
  input: {
    companyId: number;
    cartUuid: string;
    billTo: BillingContact;
    now: Date;
    /** A card checkout: its orders wait for the payment until then, and are released after it. */
    payBy?: Date;
    /** Issue 32: days to the due date on the company's terms (net 15, 30, 60); INVOICE_TERMS_DAYS without. */
    termsDays?: number;
  },
): Promise<number> {
  const year = String(input.now.getUTCFullYear() % 100).padStart(2, '0');
  const [row] = await tx
    .insert(invoices)
    .values({
      number: `pending-${input.cartUuid}`,
      companyId: input.companyId,
      cartUuid: input.cartUuid,
      billTo: input.billTo,
      issuedAt: input.now,
      dueAt: new Date(input.now.getTime() + (input.termsDays ?? INVOICE_TERMS_DAYS) * DAY_MS),
      ...(input.payBy ? { paymentMethod: 'card' as const, payBy: input.payBy } : {}),
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error('The invoice was not stored.');
  await tx
    .update(invoices)
    .set({
      number: sql`'INV-' || ${year} || '-' || lpad(${invoices.id}::text, greatest(6, length(${invoices.id}::text)), '0')`,
    })
    .where(eq(invoices.id, row.id));
  await tx
    .update(companies)
    .set({ billingContact: withoutPo(input.billTo) })
    .where(and(eq(companies.id, input.companyId), isNull(companies.billingContact)));
  return row.id;
}

/**
 * One page of a company's invoices at `now`, newest first, optionally of one status, and how many
 * the filter finds: the status is worked out in SQL (server/billing/status.ts), so only the page's
 * rows are read.
 */
export async function invoicePage(
  db: Db,
  request: { companyId: number; status: InvoiceStatus | undefined; page: number },
  now: Date,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const sums = orderSumsOf(db);
  const where = and(
    eq(invoices.companyId, request.companyId),
    request.status ? sql`${invoiceStatusSql(sums, now)} = ${request.status}` : undefined,
  );
  const [found, [counted]] = await Promise.all([
    db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoinLateral(sums, sql`true`)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(INVOICES_PER_PAGE)
      .offset((request.page - 1) * INVOICES_PER_PAGE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoinLateral(sums, sql`true`)
      .where(where),
  ]);
  return { rows: found.map((r) => r.invoice), total: Number(counted?.n ?? 0) };
}

/**
 * What a company owes at `now` over all its invoices, in cents: open and overdue, and overdue alone.
 * Summed as bigint (an int overflows past $21M); the driver answers bigint as a string, hence Number().
 */
export async function invoiceTotals(
  db: Db,
  companyId: number,
  now: Date,
): Promise<{ outstandingCents: number; overdueCents: number }> {
  const sums = orderSumsOf(db);
  const status = invoiceStatusSql(sums, now);
  const balance = balanceSql(sums);
  const [row] = await db
    .select({
      outstanding: sql<number>`coalesce(sum(${balance}) filter (where ${status} in ('open', 'partial', 'overdue')), 0)::bigint`,
      overdue: sql<number>`coalesce(sum(${balance}) filter (where ${status} = 'overdue'), 0)::bigint`,
    })
    .from(invoices)
    .innerJoinLateral(sums, sql`true`)
    .where(eq(invoices.companyId, companyId));
  return { outstandingCents: Number(row?.outstanding ?? 0), overdueCents: Number(row?.overdue ?? 0) };
}

/** One invoice of the company by its number, or null. */
export async function findInvoice(db: Db, companyId: number, number: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.number, number)))
    .limit(1);
  return row ?? null;
}

/** An invoice by id (an order's), or null. */
export async function invoiceById(db: Db, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export async function billingContactOf(db: Db, companyId: number): Promise<BillingContact | null> {
  const [row] = await db
    .select({ contact: companies.billingContact })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.contact ?? null;
}

export async function saveBillingContact(db: Db, companyId: number, contact: BillingContact): Promise<void> {
  await db
    .update(companies)
    .set({ billingContact: withoutPo(contact) })
    .where(eq(companies.id, companyId));
}

/**
 * An invoice locked FOR UPDATE (payments and refunds of it wait for each other) with the sums its
 * balance and status come from; null when there is no such invoice.
 */
export async function invoiceSumsForUpdate(
  tx: Db,
  invoiceId: number,
): Promise<{ row: InvoiceRow; sums: InvoiceSums } | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (row === undefined) return null;
  const [ordered] = await tx
    .select({
      total: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
      credited: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.cancelledAt} is not null), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.invoiceId, invoiceId));
  return {
    row,
    sums: {
      totalCents: Number(ordered?.total ?? 0),
      creditedCents: Number(ordered?.credited ?? 0),
      paidCents: row.paidCents,
      refundedCents: row.refundedCents,
      creditAppliedCents: row.creditAppliedCents,
    },
  };
}
