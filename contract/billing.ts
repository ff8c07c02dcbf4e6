import { z } from 'zod';
import { billingContact } from './cart';
import { boughtRoute } from './directMail';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoiceStatuses';
import { pageParam } from './params';
import { invoicePayment } from './payments';

export {
  INVOICE_NUMBER,
  INVOICES_PER_PAGE,
  type InvoiceStatus,
} from './invoiceStatuses';

const invoiceStatus = z.enum(INVOICE_STATUSES, {
  error: (issue) =>
    `Unknown invoice status "${String(issue.input)}". Use one of: ${INVOICE_STATUSES.join(', ')}.`,
});

/** GET /invoices?status=&page=: a page of the company's invoices, or of those of one status. */
export const invoicesQuery = z.object({ status: invoiceStatus.optional(), page: pageParam });

/** Money on an invoice: dollars with their cents, and as the page and the PDF print them ("$1,250.50"). */
const amount = { amount: z.number(), amount_formatted: z.string() };

/** A run of an order on an invoice, and its share of the order's amount (the shares add up to it). */
export const invoiceRun = z.object({
  /** "March 2027 issue", "Week of Jan 18, 2027". */
  label: z.string(),
  ...amount,
});

/** One order on an invoice: what was bought, its runs, its price before and after the volume discount. */
export const invoiceLine = z.object({
  order_number: z.string(),
  title: z.string(),
  market: z.string(),
  runs: z.array(invoiceRun),
  /** Issue 34: the carrier routes of an every-door mailing, listed under its line; empty for any other. */
  bought_routes: z.array(boughtRoute),
  subtotal: z.number(),
  discount: z.number(),
  ...amount,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** A credit for a cancelled order: its amount is negative. */
export const invoiceCredit = z.object({
  order_number: z.string(),
  /** When the order was cancelled. */
  at: z.string(),
  ...amount,
});
export type InvoiceCredit = z.infer<typeof invoiceCredit>;

/** An invoice: one per checkout, issued when the orders were placed, due 30 days later. */
export const invoice = z.object({
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issued_at: z.string(),
  due_at: z.string(),
  /** The numbers of its orders. */
  orders: z.array(z.string()),
  bill_to: billingContact,
  lines: z.array(invoiceLine),
  credits: z.array(invoiceCredit),
  /** What the orders cost. */
  total: z.number(),
  total_formatted: z.string(),
  /** What is left to pay: the total less credits and payments, plus what was refunded (never below 0). */
  balance: z.number(),
  balance_formatted: z.string(),
  /** What was paid by card and given back, and why a payment failed. */
  payment: invoicePayment,
  /** Whether the person asking may press Pay now on it: cards taken here, something owed, allowed. */
  can_pay: z.boolean(),
});
export type Invoice = z.infer<typeof invoice>;

/**
 * GET /invoices/{number}: the invoice, who issued it and how to pay it, in the words its PDF prints
 * (the sender and the payment instructions are the server's configuration).
 */
export const invoiceDetail = invoice.extend({
  from: z.object({ name: z.string(), address: z.array(z.string()), email: z.string(), phone: z.string() }),
  /** How to pay, one line each, ending with the reference to quote. */
  how_to_pay: z.array(z.string()),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** GET /invoices: a page of the invoices, newest first, and what the company owes (meta: page, pages, total). */
export const invoicesAnswer = z.object({
  invoices: z.array(invoice),
  /** The balance of every open and overdue invoice (whatever the filter). */
  outstanding: z.number(),
  outstanding_formatted: z.string(),
  /** The balance of the overdue ones. */
  overdue: z.number(),
  overdue_formatted: z.string(),
});
export type InvoicesAnswer = z.infer<typeof invoicesAnswer>;

/** GET /invoices's query as the address says it: every invoice (status null) or one status, and a page. */
export interface InvoicesKey {
  status: InvoiceStatus | null;
  page: number;
}

/** A page of invoices as GET /invoices answers it, with where it sits among the filter's pages (its meta). */
export interface InvoicesListAnswer extends InvoicesAnswer {
  page: number;
  pages: number;
  total: number;
}

/**
 * A standing PO (GET and PUT /billing/po): the PO number every checkout of the company uses until it is
 * removed, who set it and when. Without one, a PO number belongs to the one purchase it was typed for.
 */
export const standingPo = z.object({
  po_number: z.string(),
  /** The name of who set it; null once their account is gone. */
  set_by: z.string().nullable(),
  set_at: z.string(),
});
export type StandingPo = z.infer<typeof standingPo>;

export const standingPoAnswer = z.object({ standing_po: standingPo.nullable() });
export type StandingPoAnswer = z.infer<typeof standingPoAnswer>;

/**
 * PUT /billing/po: the standing PO number; an empty one removes it. The field is required: a body
 * without it (a typo, an empty request) must not remove the company's PO by accident.
 */
export const standingPoBody = z.object({
  po_number: z
    .string({ error: 'Send po_number: the PO number, or an empty po_number to remove the standing PO.' })
    .trim()
    .max(40, 'A PO number has at most 40 characters.'),
});
export type StandingPoBody = z.input<typeof standingPoBody>;

/** GET /billing/contact: the company's saved billing contact, or null before one is saved. */
export const savedBillingContact = z.object({ contact: billingContact.nullable() });
export type SavedBillingContact = z.infer<typeof savedBillingContact>;

/** Who sends the invoices and how to pay them (server configuration, printed on every PDF). */
export interface InvoiceIssuer {
  name: string;
  /** Address lines. */
  address: string[];
  email: string;
  phone: string;
  /** How to pay: bank transfer details, a check's address; one line each. */
  payment: string[];
}
