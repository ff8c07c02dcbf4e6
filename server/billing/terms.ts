import { eq } from 'drizzle-orm';
import { formatCentsExact } from '../../contract/money';
import { type PaymentTerms, TERMS_DAYS } from '../../contract/paymentTerms';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { owedOnInvoices } from './owed';

/** What the checkout reads of a company to decide whether it may be invoiced (issue 32). */
export interface CompanyTerms {
  name: string;
  paymentTerms: PaymentTerms;
  creditLimitCents: number | null;
  repStaffId: string | null;
}

/**
 * The company's terms; locked for the checkout's transaction when `lock`, so two checkouts count each
 * other. FOR NO KEY UPDATE serialises the checkouts yet, unlike FOR UPDATE, lets rows that reference
 * the company (its invoices, credits, people) be inserted meanwhile.
 */
export async function companyTermsOf(db: Db, companyId: number, lock = false): Promise<CompanyTerms> {
  const query = db
    .select({
      name: companies.name,
      paymentTerms: companies.paymentTerms,
      creditLimitCents: companies.creditLimitCents,
      repStaffId: companies.repStaffId,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = await (lock ? query.for('no key update') : query);
  if (!row) throw new Error('The company of a signed-in customer is missing.');
  return row;
}

export type InvoiceDecision = { days: number } | { refused: string };

/**
 * Whether `totalCents` more may go on the company's invoices at `now`: on card-only terms never; on
 * net terms while what its open invoices owe plus this stays within its credit limit (none: no limit).
 * The refusal is the sentence the checkout shows and the API answers.
 */
export async function invoiceDecision(
  db: Db,
  companyId: number,
  company: CompanyTerms,
  totalCents: number,
  now: Date,
): Promise<InvoiceDecision> {
  if (company.paymentTerms === 'card')
    return {
      refused: `${company.name} pays by card: invoices are not offered. Pay by card, or ask us about invoice terms.`,
    };
  const days = TERMS_DAYS[company.paymentTerms];
  if (company.creditLimitCents === null) return { days };
  const owed = await owedOnInvoices(db, companyId, now);
  if (owed + totalCents <= company.creditLimitCents) return { days };
  return {
    refused: `This order would bring what ${company.name} owes on invoices to ${formatCentsExact(owed + totalCents)}, over its credit limit of ${formatCentsExact(company.creditLimitCents)}. Pay by card, or ask us to raise the limit.`,
  };
}
