import { and, asc, eq } from 'drizzle-orm';
import type { AdminInvoice } from '../../contract/adminInvoice';
import { formatCentsExact } from '../../contract/money';
import type { StaffMember } from '../../contract/staff';
import { daysPastDue } from '../billing/aging';
import { cardWords } from '../billing/cardWords';
import { invoiceWithOrders } from '../billing/invoiceRecord';
import type { Db } from '../db/client';
import {
  companies,
  companyCredits,
  creditApplications,
  invoiceReminders,
  invoices,
  manualPayments,
  paymentAllocations,
} from '../db/schema';
import { DAY_MS } from '../time';
import { repScope } from './repScope';

const moneyOf = (cents: number) => ({ cents, formatted: formatCentsExact(cents) });
/** The customer's view carries dollars made from cents: back to the exact cents. */
const centsOf = (dollars: number) => Math.round(dollars * 100);

/** The invoice of that number `member` may see (a rep: of their companies), with its company; or null. */
async function scopedInvoice(db: Db, member: StaffMember, number: string) {
  const [found] = await db
    .select({ id: invoices.id, coid: companies.coid, name: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.number, number), repScope(member)))
    .limit(1);
  return found ?? null;
}

/**
 * GET /admin/invoices/{number}: its lines and totals as the customer's invoice has them (one balance
 * rule: server/billing/status.ts through invoiceOf), with the money against it from every source and
 * the reminders sent. Null when there is no such invoice, or it is another rep's.
 */
export async function adminInvoiceOf(
  db: Db,
  member: StaffMember,
  number: string,
  now: Date,
): Promise<AdminInvoice | null> {
  const found = await scopedInvoice(db, member, number);
  if (!found) return null;
  const [record, allocations, applications, reminders] = await Promise.all([
    invoiceWithOrders(db, found.id, now),
    db
      .select({
        method: manualPayments.method,
        reference: manualPayments.reference,
        receivedOn: manualPayments.receivedOn,
        amountCents: paymentAllocations.amountCents,
      })
      .from(paymentAllocations)
      .innerJoin(manualPayments, eq(manualPayments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, found.id))
      .orderBy(asc(manualPayments.receivedOn), asc(paymentAllocations.id)),
    db
      .select({
        reason: companyCredits.reason,
        amountCents: creditApplications.amountCents,
        appliedAt: creditApplications.appliedAt,
      })
      .from(creditApplications)
      .innerJoin(companyCredits, eq(companyCredits.id, creditApplications.creditId))
      .where(eq(creditApplications.invoiceId, found.id))
      .orderBy(asc(creditApplications.appliedAt), asc(creditApplications.id)),
    db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, found.id))
      .orderBy(asc(invoiceReminders.step)),
  ]);
  if (!record) return null;
  const { row, records, invoice, settlement } = record;
  const titles = new Map(invoice.lines.map((line) => [line.order_number, line.title]));
  const mine = records.filter((r) => r.order.invoiceId === row.id);
  const creditedCents = mine.reduce((sum, r) => sum + (r.order.cancelledAt ? r.order.totalCents : 0), 0);
  return {
    number: row.number,
    status: invoice.status,
    company: { coid: found.coid, name: found.name },
    bill_to: row.billTo,
    issued_at: row.issuedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    terms_days: Math.round((row.dueAt.getTime() - row.issuedAt.getTime()) / DAY_MS),
    days_past_due: daysPastDue(row.dueAt, now),
    payment_method: row.paymentMethod,
    lines: mine.map(({ order }) => ({
      order_number: order.number,
      title: titles.get(order.number) ?? order.number,
      total: moneyOf(order.totalCents),
      cancelled: order.cancelledAt !== null,
    })),
    totals: {
      total: moneyOf(centsOf(invoice.total)),
      credited: moneyOf(creditedCents),
      paid: moneyOf(row.paidCents),
      credit_applied: moneyOf(row.creditAppliedCents),
      refunded: moneyOf(row.refundedCents),
      balance: moneyOf(centsOf(invoice.balance)),
    },
    card_payments: settlement.payments.map((p) => ({
      status: p.status,
      amount: moneyOf(p.amountCents),
      card: cardWords(p.cardBrand, p.cardLast4),
      at: (p.settledAt ?? p.createdAt).toISOString(),
    })),
    manual_payments: allocations.map((a) => ({
      method: a.method,
      reference: a.reference,
      received_on: a.receivedOn,
      amount: moneyOf(a.amountCents),
    })),
    credits: applications.map((a) => ({
      reason: a.reason,
      amount: moneyOf(a.amountCents),
      applied_at: a.appliedAt.toISOString(),
    })),
    reminders: reminders.map((r) => ({
      step: r.step,
      days_past_due: daysPastDue(row.dueAt, r.sentAt),
      sent_to: r.sentTo,
      sent_at: r.sentAt.toISOString(),
    })),
  };
}
