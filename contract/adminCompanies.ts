import { z } from 'zod';
import { auditEntry } from './audit';
import { yesNo } from './auth';
import { INVOICE_STATUSES } from './invoiceStatuses';
import { pageParam } from './params';
import { MAX_CREDIT_LIMIT_DOLLARS, PAYMENT_TERMS } from './paymentTerms';
import { ROLES } from './roles';

/** The back office's customers (issue 32, part 1): companies, their people, terms and reps. */

/** Companies a page of /admin/customers shows. */
export const COMPANIES_PER_PAGE = 25;

/** GET /admin/companies?q=&page=: by name, a person's name or e-mail, or the coid. */
export const companiesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: pageParam,
});
export type CompaniesQuery = z.input<typeof companiesQuery>;

/** An amount of money: dollars with their cents, and as the page prints it ("$1,250.50"). */
const money = z.object({ amount: z.number(), formatted: z.string() });
export type Money = z.infer<typeof money>;

const paymentTerms = z.enum(PAYMENT_TERMS, {
  error: `Choose the terms: ${PAYMENT_TERMS.join(', ')}.`,
});

/** The rep a company is attributed to. */
const rep = z.object({ id: z.string(), name: z.string() });

/** One row of the customers list. */
export const companyRow = z.object({
  coid: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** People who may sign in (former members left out). */
  people: z.number().int(),
  orders: z.number().int(),
  payment_terms: paymentTerms,
  credit_limit: money.nullable(),
  rep: rep.nullable(),
});
export type CompanyRow = z.infer<typeof companyRow>;

export const companyPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** When their latest sign-in began (password, link or invitation); null: never. */
  last_sign_in: z.string().nullable(),
  disabled: z.boolean(),
  /** Removed from the company by its owner or an admin: a former member, kept on what they did. */
  removed: z.boolean(),
});
export type CompanyPerson = z.infer<typeof companyPerson>;

export const companyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
  expires_at: z.string(),
});

export const companyOrder = z.object({
  number: z.string(),
  name: z.string(),
  placed_at: z.string(),
  total: money,
  status: z.string(),
});

export const companyInvoice = z.object({
  number: z.string(),
  issued_at: z.string(),
  due_at: z.string(),
  total: money,
  balance: money,
  status: z.enum(INVOICE_STATUSES),
});

export const companyCredit = z.object({
  id: z.string(),
  created_at: z.string(),
  reason: z.string(),
  source: z.string(),
  amount: money,
  remaining: money,
});

export const companyFile = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  order: z.string().nullable(),
  run: z.string().nullable(),
  uploaded_at: z.string(),
});

/** GET /admin/companies/{coid}: the company with its people, money and history. */
export const companyDetail = z.object({
  coid: z.string(),
  name: z.string(),
  created_at: z.string(),
  payment_terms: paymentTerms,
  credit_limit: money.nullable(),
  rep: rep.nullable(),
  /** The rep code the registering visitor carried, kept even when no rep has it. */
  rep_code: z.string().nullable(),
  /** What the company's open and overdue invoices still owe together. */
  owed: money,
  /** What its credits have left to apply. */
  available_credit: money,
  people: z.array(companyPerson),
  invitations: z.array(companyInvitation),
  orders: z.array(companyOrder),
  invoices: z.array(companyInvoice),
  credits: z.array(companyCredit),
  files: z.array(companyFile),
  audit: z.array(auditEntry),
  /** The reps an admin may attribute the company to (empty for anyone else). */
  reps: z.array(rep),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

/** What a credit limit may be, in dollars: a whole-cent amount up to MAX_CREDIT_LIMIT_DOLLARS. */
const creditLimit = z
  .number({ error: 'The credit limit is an amount in dollars, or none.' })
  .min(0, 'The credit limit cannot be below $0.')
  .max(MAX_CREDIT_LIMIT_DOLLARS, 'The credit limit is $20,000,000.00 at most.')
  // Dollars are a float: 5000.1 × 100 is 500009.99…, so whole cents are within a hair of an integer.
  .refine(
    (dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6,
    'The credit limit is in whole cents, such as 5000 or 5000.50.',
  )
  .nullable();

/** PATCH /admin/companies/{coid}: any of the terms, the credit limit (null: none) and the rep (null: none). */
export const companyPatch = z
  .object({
    payment_terms: paymentTerms.optional(),
    credit_limit: creditLimit.optional(),
    rep: z.uuid('Choose a rep from the list.').nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send the payment terms, the credit limit or the rep to change.',
  });
export type CompanyPatch = z.input<typeof companyPatch>;

/** PATCH /admin/companies/{coid}/people/{id}: disabling (every sign-in of theirs ends) or enabling. */
export const personPatch = z.object({ disabled: yesNo });
