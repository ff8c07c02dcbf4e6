import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BillingContact } from '../../contract/cart';
import { INVOICE_TERMS_DAYS } from '../../contract/invoiceStatuses';
import type { Db } from '../db/client';
import { companies, invoices } from '../db/schema';
import { DAY_MS } from '../time';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A contact as the company keeps it: a PO number belongs to the purchase it was typed for (its
 * invoice keeps it), not to the next checkout; a standing PO is set apart (server/data/standingPo.ts).
 */
const withoutPo = ({ po_number: _, ...contact }: BillingContact): BillingContact => contact;

/**
 * Issues the invoice of a checkout being placed (inside its transaction): numbered from its own id
 * (INV-27-000123, at least six digits), due INVOICE_TERMS_DAYS days later. The company's billing
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
      dueAt: new Date(input.now.getTime() + INVOICE_TERMS_DAYS * DAY_MS),
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

/** A company's invoices, newest first. */
export async function invoicesOfCompany(db: Db, companyId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
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
