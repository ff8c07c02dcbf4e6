import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../contract/invoiceStatuses';
import { balanceOf, invoiceStatusOf } from '../billing/status';
import type { Db } from '../db/client';
import {
  companies,
  companyCredits,
  creditApplications,
  invoices,
  manualPayments,
  paymentAllocations,
} from '../db/schema';
import { type InvoiceRow, invoiceSumsForUpdate } from './invoices';
import { paymentsUnderWay } from './payments';

/**
 * Money that arrives outside Stripe (issue 32): manual payments against invoices and company credits
 * put against them, each in the caller's transaction with the invoices locked FOR UPDATE, so two
 * recordings of one invoice wait for each other and the second sees what the first paid. Here what
 * both share (the company, the invoices locked and settled, the refusals, what an invoice was paid
 * by); the payments themselves are manualPayments.ts, the credits credits.ts.
 */

export interface MoneyCompanyRow {
  id: number;
  coid: string;
  name: string;
}

/** Why money could not be put against an invoice: a status and a sentence, and the field it is about. */
export interface MoneyRefusal {
  status: 404 | 409 | 422;
  message: string;
  field?: string;
}

/** An invoice as a write left it. */
export interface InvoiceAfter {
  number: string;
  status: InvoiceStatus;
  balanceCents: number;
}

export async function companyByCoid(db: Db, coid: string): Promise<MoneyCompanyRow | null> {
  const [row] = await db
    .select({ id: companies.id, coid: companies.coid, name: companies.name })
    .from(companies)
    .where(eq(companies.coid, coid))
    .limit(1);
  return row ?? null;
}

/** A locked invoice with what it still owes and its status at `now`. */
export interface LockedInvoice {
  row: InvoiceRow;
  balanceCents: number;
  status: InvoiceStatus;
}

/** The refusal of an invoice number the company does not have. */
export const notOfCompany = (number: string, company: MoneyCompanyRow): MoneyRefusal => ({
  status: 422,
  field: 'invoices',
  message: `Invoice ${number} is not an invoice of ${company.name}: check the number on the check's stub.`,
});

/** The ids of those of `numbers` that are the company's invoices, to close their open pages first. */
export async function invoiceIdsOf(db: Db, companyId: number, numbers: readonly string[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.number, [...numbers])))
    .orderBy(asc(invoices.id));
  return rows.map((r) => r.id);
}

/** The company of a credit, to close the open pages of the invoice it is applied to; null when none. */
export async function creditCompanyOf(db: Db, creditId: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: companyCredits.companyId })
    .from(companyCredits)
    .where(eq(companyCredits.id, creditId));
  return row?.companyId ?? null;
}

/**
 * The invoices named, locked in the order of their ids (two writes over the same invoices take the
 * locks in the same order, so they wait rather than deadlock), each checked to be the company's and
 * to owe something: else the refusal naming the first that does not.
 */
export async function lockOwing(
  tx: Db,
  company: MoneyCompanyRow,
  numbers: readonly string[],
  now: Date,
): Promise<Map<string, LockedInvoice> | MoneyRefusal> {
  const found = await tx
    .select({ id: invoices.id, number: invoices.number, companyId: invoices.companyId })
    .from(invoices)
    .where(inArray(invoices.number, [...numbers]))
    .orderBy(asc(invoices.id));
  for (const number of numbers) {
    const invoice = found.find((f) => f.number === number);
    if (!invoice || invoice.companyId !== company.id) return notOfCompany(number, company);
  }
  const locked = new Map<string, LockedInvoice>();
  for (const { id } of found) {
    const sums = await invoiceSumsForUpdate(tx, id);
    if (sums === null) continue;
    locked.set(sums.row.number, {
      row: sums.row,
      balanceCents: balanceOf(sums.sums),
      status: invoiceStatusOf(sums.sums, sums.row.dueAt, now),
    });
  }
  for (const number of numbers) {
    const invoice = locked.get(number);
    if (!invoice) return notOfCompany(number, company);
    const refused = refusalOf(invoice);
    if (refused) return refused;
    // A Pay now page still open (the route closed those it could) or an automatic charge asks Stripe
    // for the balance before this money: paid afterwards, the customer would pay twice.
    if (await paymentsUnderWay(tx, invoice.row.id, ['invoice', 'auto']))
      return {
        status: 409,
        field: 'invoices',
        message: `A card payment of invoice ${number} is under way at Stripe, so nothing is recorded: look again in a few minutes, once it has gone through or been given up.`,
      };
  }
  return locked;
}

/** Why nothing can be put against this invoice, or null. */
function refusalOf({ row, status }: LockedInvoice): MoneyRefusal | null {
  if (status === 'void')
    return {
      status: 409,
      field: 'invoices',
      message: `Invoice ${row.number} is void: every order on it was cancelled, so nothing is owed on it.`,
    };
  if (status === 'paid')
    return { status: 409, field: 'invoices', message: `Invoice ${row.number} is already paid.` };
  // Its card checkout's payment may still come through Stripe: money here as well would pay it twice.
  // Unpaid, the order is released (cancelled) and the invoice is void: it never owes money by hand.
  if (row.paymentMethod === 'card' && row.paidAt === null)
    return {
      status: 409,
      field: 'invoices',
      message: `Invoice ${row.number} waits for the card payment of its checkout, so no money is recorded against it: wait until the customer pays it by card, or until the order is released unpaid, after which the invoice is void.`,
    };
  return null;
}

/** Adds what was paid or credited to a locked invoice; it is paid when nothing is left. */
export async function settle(
  tx: Db,
  invoice: LockedInvoice,
  cents: { paid?: number; credit?: number },
  now: Date,
): Promise<InvoiceAfter> {
  const paid = cents.paid ?? 0;
  const credit = cents.credit ?? 0;
  const balanceCents = invoice.balanceCents - paid - credit;
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${paid}`,
      creditAppliedCents: sql`${invoices.creditAppliedCents} + ${credit}`,
      ...(balanceCents === 0 && invoice.row.paidAt === null ? { paidAt: now } : {}),
    })
    .where(eq(invoices.id, invoice.row.id));
  const after = await invoiceSumsForUpdate(tx, invoice.row.id);
  if (after === null) throw new Error('The invoice was not found after it was settled.');
  return {
    number: invoice.row.number,
    status: invoiceStatusOf(after.sums, after.row.dueAt, now),
    balanceCents: balanceOf(after.sums),
  };
}

/** The manual payments and credit applications of some invoices, for their payment blocks. */
export async function manualSettlementsOf(db: Db, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return { payments: [], credits: [] };
  const [paid, credited] = await Promise.all([
    db
      .select({
        invoiceId: paymentAllocations.invoiceId,
        method: manualPayments.method,
        reference: manualPayments.reference,
        receivedOn: manualPayments.receivedOn,
        amountCents: paymentAllocations.amountCents,
      })
      .from(paymentAllocations)
      .innerJoin(manualPayments, eq(manualPayments.id, paymentAllocations.paymentId))
      .where(inArray(paymentAllocations.invoiceId, [...invoiceIds]))
      .orderBy(asc(manualPayments.receivedOn), asc(paymentAllocations.id)),
    db
      .select({
        invoiceId: creditApplications.invoiceId,
        reason: companyCredits.reason,
        appliedAt: creditApplications.appliedAt,
        amountCents: creditApplications.amountCents,
      })
      .from(creditApplications)
      .innerJoin(companyCredits, eq(companyCredits.id, creditApplications.creditId))
      .where(inArray(creditApplications.invoiceId, [...invoiceIds]))
      .orderBy(asc(creditApplications.appliedAt), asc(creditApplications.id)),
  ]);
  return { payments: paid, credits: credited };
}
