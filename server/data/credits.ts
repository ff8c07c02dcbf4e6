import { eq, sql } from 'drizzle-orm';
import { formatCentsExact } from '../../contract/money';
import type { Db } from '../db/client';
import { companies, companyCredits, creditApplications } from '../db/schema';
import {
  type InvoiceAfter,
  lockOwing,
  type MoneyCompanyRow,
  type MoneyRefusal,
  notOfCompany,
  settle,
} from './moneyIn';

/* A company's credits (issue 32): issued by staff, locked with what is left of them, applied to an invoice. */

export async function issueCredit(
  tx: Db,
  input: { company: MoneyCompanyRow; amountCents: number; reason: string; staffId: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(companyCredits)
    .values({
      companyId: input.company.id,
      amountCents: input.amountCents,
      reason: input.reason,
      source: 'issued',
      createdBy: input.staffId,
      createdAt: input.now,
    })
    .returning({ id: companyCredits.id });
  if (!row) throw new Error('The credit was not stored.');
  return row.id;
}

/** A credit locked FOR UPDATE with its company and what is left of it; null when there is none. */
export async function creditForUpdate(
  tx: Db,
  creditId: number,
): Promise<{ id: number; company: MoneyCompanyRow; leftCents: number } | null> {
  const [row] = await tx
    .select({
      id: companyCredits.id,
      amountCents: companyCredits.amountCents,
      companyId: companyCredits.companyId,
    })
    .from(companyCredits)
    .where(eq(companyCredits.id, creditId))
    .for('update');
  if (!row) return null;
  const [used] = await tx
    .select({ cents: sql<number>`coalesce(sum(${creditApplications.amountCents}), 0)::int` })
    .from(creditApplications)
    .where(eq(creditApplications.creditId, creditId));
  const [company] = await tx
    .select({ id: companies.id, coid: companies.coid, name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  if (!company) return null;
  return { id: row.id, company, leftCents: row.amountCents - Number(used?.cents ?? 0) };
}

/**
 * Puts a credit (locked by creditForUpdate, the lock taken before the invoice's) against one of its
 * company's invoices: the amount given, or the smaller of what is left of it and the balance.
 */
export async function applyCredit(
  tx: Db,
  credit: { id: number; company: MoneyCompanyRow; leftCents: number },
  input: { number: string; cents?: number | undefined; staffId: string | null; now: Date },
): Promise<{ cents: number; invoice: InvoiceAfter } | MoneyRefusal> {
  if (credit.leftCents <= 0)
    return { status: 409, message: 'Nothing is left of this credit: it has all been applied.' };
  const locked = await lockOwing(tx, credit.company, [input.number], input.now);
  if (!(locked instanceof Map)) return { ...locked, field: 'invoice' };
  const invoice = locked.get(input.number);
  if (!invoice) return { ...notOfCompany(input.number, credit.company), field: 'invoice' };
  const cents = input.cents ?? Math.min(credit.leftCents, invoice.balanceCents);
  if (cents > credit.leftCents)
    return {
      status: 422,
      field: 'amount',
      message: `${formatCentsExact(cents)} is more than the ${formatCentsExact(credit.leftCents)} left of this credit.`,
    };
  if (cents > invoice.balanceCents)
    return {
      status: 422,
      field: 'amount',
      message: `${formatCentsExact(cents)} is more than the ${formatCentsExact(invoice.balanceCents)} invoice ${input.number} still owes.`,
    };
  await tx.insert(creditApplications).values({
    creditId: credit.id,
    invoiceId: invoice.row.id,
    amountCents: cents,
    appliedBy: input.staffId,
    appliedAt: input.now,
  });
  return { cents, invoice: await settle(tx, invoice, { credit: cents }, input.now) };
}
