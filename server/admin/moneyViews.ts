import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CreditView, MoneyCompany, OpenInvoice, PaymentView } from '../../contract/adminMoney';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import { isoDay } from '../../contract/schedule';
import { balanceSql, invoiceStatusSql, orderSumsOf } from '../billing/status';
import type { MoneyCompanyRow } from '../data/moneyIn';
import type { Db } from '../db/client';
import {
  companies,
  companyCredits,
  creditApplications,
  invoices,
  manualPayments,
  paymentAllocations,
  staff,
} from '../db/schema';

const money = (cents: number) => ({
  amount: centsToDollars(cents),
  amount_formatted: formatCentsExact(cents),
});

/** Manual payments as the back office shows them, newest first, with what each paid and left over. */
export async function paymentViewsOf(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<PaymentView[]> {
  const rows = await db
    .select({ payment: manualPayments, coid: companies.coid, company: companies.name, by: staff.name })
    .from(manualPayments)
    .innerJoin(companies, eq(companies.id, manualPayments.companyId))
    .innerJoin(staff, eq(staff.id, manualPayments.recordedBy))
    .where(where)
    .orderBy(desc(manualPayments.recordedAt), desc(manualPayments.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.payment.id);
  if (ids.length === 0) return [];
  const [allocations, credits] = await Promise.all([
    db
      .select({
        paymentId: paymentAllocations.paymentId,
        number: invoices.number,
        cents: paymentAllocations.amountCents,
      })
      .from(paymentAllocations)
      .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
      .where(inArray(paymentAllocations.paymentId, ids))
      .orderBy(asc(paymentAllocations.id)),
    db
      .select({
        id: companyCredits.id,
        paymentId: companyCredits.paymentId,
        cents: companyCredits.amountCents,
      })
      .from(companyCredits)
      .where(inArray(companyCredits.paymentId, ids)),
  ]);
  return rows.map(({ payment, coid, company, by }) => {
    const credit = credits.find((c) => c.paymentId === payment.id);
    return {
      id: payment.id,
      company: { coid, name: company },
      method: payment.method,
      reference: payment.reference,
      ...money(payment.amountCents),
      date: payment.receivedOn,
      recorded_at: payment.recordedAt.toISOString(),
      recorded_by: by,
      allocations: allocations
        .filter((a) => a.paymentId === payment.id)
        .map((a) => ({ invoice: a.number, ...money(a.cents) })),
      credit: credit ? { id: credit.id, ...money(credit.cents) } : null,
    };
  });
}

/** Company credits with what is left of each, newest first. */
export async function creditViewsOf(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
): Promise<CreditView[]> {
  const rows = await db
    .select({ credit: companyCredits, coid: companies.coid, company: companies.name, by: staff.name })
    .from(companyCredits)
    .innerJoin(companies, eq(companies.id, companyCredits.companyId))
    .leftJoin(staff, eq(staff.id, companyCredits.createdBy))
    .where(where)
    .orderBy(desc(companyCredits.createdAt), desc(companyCredits.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.credit.id);
  if (ids.length === 0) return [];
  const applied = await db
    .select({
      creditId: creditApplications.creditId,
      number: invoices.number,
      at: creditApplications.appliedAt,
      cents: creditApplications.amountCents,
    })
    .from(creditApplications)
    .innerJoin(invoices, eq(invoices.id, creditApplications.invoiceId))
    .where(inArray(creditApplications.creditId, ids))
    .orderBy(asc(creditApplications.appliedAt), asc(creditApplications.id));
  return rows.map(({ credit, coid, company, by }) => {
    const mine = applied.filter((a) => a.creditId === credit.id);
    const left = credit.amountCents - mine.reduce((sum, a) => sum + a.cents, 0);
    return {
      id: credit.id,
      company: { coid, name: company },
      ...money(credit.amountCents),
      remaining: centsToDollars(left),
      remaining_formatted: formatCentsExact(left),
      reason: credit.reason,
      source: credit.source,
      created_at: credit.createdAt.toISOString(),
      created_by: by,
      applications: mine.map((a) => ({ invoice: a.number, at: a.at.toISOString(), ...money(a.cents) })),
    };
  });
}

/** A company's invoices that still owe something at `now`, oldest first. */
async function openInvoicesOf(db: Db, companyId: number, now: Date): Promise<OpenInvoice[]> {
  const sums = orderSumsOf(db);
  const status = invoiceStatusSql(sums, now);
  const rows = await db
    .select({
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
      total: sql<number>`(${sums.total})::int`,
      balance: sql<number>`(${balanceSql(sums)})::int`,
      status,
    })
    .from(invoices)
    .innerJoinLateral(sums, sql`true`)
    .where(and(eq(invoices.companyId, companyId), sql`${status} in ('open', 'partial', 'overdue')`))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return rows.map((r) => ({
    number: r.number,
    status: r.status,
    issued_at: r.issuedAt.toISOString(),
    due_at: r.dueAt.toISOString(),
    total: centsToDollars(Number(r.total)),
    total_formatted: formatCentsExact(Number(r.total)),
    balance: centsToDollars(Number(r.balance)),
    balance_formatted: formatCentsExact(Number(r.balance)),
  }));
}

/** What the money page shows of a company: its open invoices and its credits. */
export async function moneyCompanyOf(db: Db, company: MoneyCompanyRow, now: Date): Promise<MoneyCompany> {
  const [open, credits] = await Promise.all([
    openInvoicesOf(db, company.id, now),
    creditViewsOf(db, eq(companyCredits.companyId, company.id)),
  ]);
  const leftCents = credits.reduce((sum, c) => sum + Math.round(c.remaining * 100), 0);
  return {
    coid: company.coid,
    name: company.name,
    open_invoices: open,
    credits,
    credit_left: centsToDollars(leftCents),
    credit_left_formatted: formatCentsExact(leftCents),
    today: isoDay(now),
  };
}
