import type { CompanyDetail, CompanyRow, Money } from '../../contract/adminCompanies';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import type { StaffMember } from '../../contract/staff';
import { staffCan } from '../../contract/staff';
import { owedOnInvoices } from '../billing/owed';
import {
  auditAbout,
  type CompanyRecord,
  companiesPage,
  creditsOf,
  enabledReps,
  filesOf,
  openInvitationsOf,
  peopleOf,
  recentInvoicesOf,
  recentOrdersOf,
  staffName,
} from '../data/adminCompanies';
import type { Db } from '../db/client';
import { cleanFileName } from '../files/fileName';
import { statusOfRow } from '../orders/status';
import { auditEntryOf } from './auditView';

/** The back office's answers about customers (issue 32, part 1). */

export const moneyOf = (cents: number): Money => ({
  amount: centsToDollars(cents),
  formatted: formatCentsExact(cents),
});

const repOf = (id: string | null, name: string | null) => (id && name ? { id, name } : null);

/** What the audit log keeps of a company's terms and rep: the fields PATCH changes. */
export const companyAuditView = (row: CompanyRecord) => ({
  payment_terms: row.paymentTerms,
  credit_limit_cents: row.creditLimitCents,
  rep: row.repStaffId,
});

/** GET /admin/companies: a page of rows and how many match. */
export async function companyRowsOf(
  db: Db,
  query: { q?: string | undefined; page: number },
  scope: Parameters<typeof companiesPage>[2],
  perPage: number,
): Promise<{ rows: CompanyRow[]; total: number }> {
  const { rows, total } = await companiesPage(db, query, scope, perPage);
  return {
    total,
    rows: rows.map((r) => ({
      coid: r.company.coid,
      name: r.company.name,
      created_at: r.company.createdAt.toISOString(),
      people: Number(r.people),
      orders: Number(r.orders),
      payment_terms: r.company.paymentTerms,
      credit_limit: r.company.creditLimitCents === null ? null : moneyOf(r.company.creditLimitCents),
      rep: repOf(r.company.repStaffId, r.repName),
    })),
  };
}

/** GET /admin/companies/{coid}: everything the company's page shows, as `member` may see it. */
export async function companyDetailOf(
  db: Db,
  company: CompanyRecord,
  member: StaffMember,
  now: Date,
): Promise<CompanyDetail> {
  const [people, invitations, orders, invoices, credits, files, audit, owed, repName, reps] =
    await Promise.all([
      peopleOf(db, company.id),
      openInvitationsOf(db, company.id, now),
      recentOrdersOf(db, company.id),
      recentInvoicesOf(db, company.id, now),
      creditsOf(db, company.id),
      filesOf(db, company.id),
      auditAbout(db, company.coid),
      owedOnInvoices(db, company.id, now),
      staffName(db, company.repStaffId),
      staffCan(member.role, 'customers.terms') ? enabledReps(db) : Promise.resolve([]),
    ]);
  const available = credits.reduce(
    (sum, credit) => sum + Math.max(0, credit.amountCents - Number(credit.appliedCents)),
    0,
  );
  return {
    coid: company.coid,
    name: company.name,
    created_at: company.createdAt.toISOString(),
    payment_terms: company.paymentTerms,
    credit_limit: company.creditLimitCents === null ? null : moneyOf(company.creditLimitCents),
    rep: repOf(company.repStaffId, repName),
    rep_code: company.repCode,
    owed: moneyOf(owed),
    available_credit: moneyOf(available),
    people: people.map((p) => ({
      id: p.id,
      name: `${p.firstname} ${p.lastname}`,
      email: p.email,
      role: p.role,
      last_sign_in: p.lastSignIn?.toISOString() ?? null,
      disabled: p.disabledAt !== null,
      removed: p.removedAt !== null,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
    })),
    orders: orders.map((o) => ({
      number: o.number,
      name: o.name ?? o.mediacode,
      placed_at: o.placedAt.toISOString(),
      total: moneyOf(o.totalCents),
      status: statusOfRow(o, now),
    })),
    invoices: invoices.map((i) => ({
      number: i.number,
      issued_at: i.issuedAt.toISOString(),
      due_at: i.dueAt.toISOString(),
      total: moneyOf(Number(i.totalCents)),
      balance: moneyOf(Number(i.balanceCents)),
      status: i.status,
    })),
    credits: credits.map((credit) => ({
      id: String(credit.id),
      created_at: credit.createdAt.toISOString(),
      reason: credit.reason,
      source: credit.source,
      amount: moneyOf(credit.amountCents),
      remaining: moneyOf(Math.max(0, credit.amountCents - Number(credit.appliedCents))),
    })),
    files: files.map((f) => ({
      id: f.id,
      name: cleanFileName(f.name),
      status: f.review === 'returned' ? 'returned' : f.approvedAt ? 'approved' : f.status,
      order: f.order,
      run: f.run,
      uploaded_at: (f.uploadedAt ?? f.createdAt).toISOString(),
    })),
    audit: audit.map(auditEntryOf),
    reps,
  };
}
