import { z } from 'zod';
import { INVOICE_NUMBER, INVOICE_STATUSES } from './invoiceStatuses';
import { CREDIT_SOURCES, EARLIEST_PAYMENT_DAY, MANUAL_PAYMENT_METHODS } from './moneyWords';
import { calendarDay, pageParam } from './params';

/** The back office's money in (issue 32, part 2): manual payments, company credits. Part 2 owns this file. */

/** Payments and credits a page of GET /admin/money shows. */
export const MONEY_PER_PAGE = 20;

/** A company by its coid, as the address and the bodies carry it. */
export const companyId = z.uuid('Choose the company: its id is the uuid on its page.');

const invoiceNumber = z
  .string({ error: 'Enter the invoice number.' })
  .trim()
  .toUpperCase()
  .regex(INVOICE_NUMBER, 'An invoice number looks like INV-27-000123.');

/**
 * Dollars and cents as the admin types them (the catalogue's prices are read the same way): more
 * than nothing, whole cents, and within what the database's cents can hold.
 */
export const dollars = (what: string) =>
  z
    .number({ error: `Enter the ${what} in dollars.` })
    .min(0.01, `The ${what} is at least $0.01.`)
    .max(10_000_000, `The ${what} is $10,000,000 at most.`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `The ${what} is dollars and whole cents, such as 1250.50.`,
    });

/** Dollars as whole cents, exactly (the schema above only lets whole cents through). */
export const centsOf = (amount: number): number => Math.round(amount * 100);

/** POST /admin/payments: a check, ACH transfer or wire, and the invoices it pays in the order given. */
export const paymentBody = z.object({
  company: companyId,
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose how the money came: a check, ACH or a wire.' }),
  reference: z
    .string({ error: 'Enter the check number or the transfer’s reference.' })
    .trim()
    .min(1, 'Enter the check number or the transfer’s reference.')
    .max(100, 'Keep the reference under 100 characters.'),
  amount: dollars('amount'),
  date: calendarDay.refine((day) => day >= EARLIEST_PAYMENT_DAY, {
    message: 'The payment’s date is Jan 1, 2000 or later.',
  }),
  invoices: z
    .array(
      z.object({
        number: invoiceNumber,
        // Left out: what is left of the payment, up to the invoice's balance.
        amount: dollars('amount for this invoice').optional(),
      }),
      { error: 'Choose the invoices this payment pays.' },
    )
    .min(1, 'Choose at least one invoice this payment pays.')
    .max(100, 'A payment pays 100 invoices at most: record the rest as another payment.')
    .refine((list) => new Set(list.map((i) => i.number)).size === list.length, {
      message: 'Each invoice appears once in a payment.',
    }),
});
export type PaymentBody = z.input<typeof paymentBody>;

/** POST /admin/credits: a credit given to a company, optionally put against one of its invoices at once. */
export const creditBody = z.object({
  company: companyId,
  amount: dollars('credit'),
  reason: z
    .string({ error: 'Say why the company gets this credit.' })
    .trim()
    .min(1, 'Say why the company gets this credit.')
    .max(500, 'Keep the reason under 500 characters.'),
  invoice: invoiceNumber.optional(),
});
export type CreditBody = z.input<typeof creditBody>;

/** POST /admin/credits/{id}/apply: by default the smaller of what is left of it and the balance. */
export const applyCreditBody = z.object({
  invoice: invoiceNumber,
  amount: dollars('amount to apply').optional(),
});
export type ApplyCreditBody = z.input<typeof applyCreditBody>;

/** GET /admin/money: the latest payments and credits, of one company or of all. */
export const moneyQuery = z.object({ company: companyId.optional(), page: pageParam });

const money = { amount: z.number(), amount_formatted: z.string() };

/** An invoice after a payment or a credit reached it. */
export const invoiceAfter = z.object({
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  balance: z.number(),
  balance_formatted: z.string(),
});

export const creditView = z.object({
  id: z.number(),
  company: z.object({ coid: z.string(), name: z.string() }),
  ...money,
  remaining: z.number(),
  remaining_formatted: z.string(),
  reason: z.string(),
  source: z.enum(CREDIT_SOURCES),
  created_at: z.string(),
  /** Who gave it; null for one the system made (an overpayment's, a cancelled order's). */
  created_by: z.string().nullable(),
  applications: z.array(z.object({ invoice: z.string(), at: z.string(), ...money })),
});
export type CreditView = z.infer<typeof creditView>;

export const paymentView = z.object({
  id: z.number(),
  company: z.object({ coid: z.string(), name: z.string() }),
  method: z.enum(MANUAL_PAYMENT_METHODS),
  reference: z.string(),
  ...money,
  /** The day the money arrived. */
  date: z.string(),
  recorded_at: z.string(),
  recorded_by: z.string(),
  allocations: z.array(z.object({ invoice: z.string(), ...money })),
  /** What was left after its invoices, as a credit on the company. */
  credit: z.object({ id: z.number(), ...money }).nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** The answer of POST /admin/payments (201): the payment, and each invoice it reached as it now is. */
export const recordedPayment = z.object({ payment: paymentView, invoices: z.array(invoiceAfter) });
export type RecordedPayment = z.infer<typeof recordedPayment>;

/** The answer of POST /admin/credits (201) and …/apply: the credit, and the invoice it reached. */
export const creditAnswer = z.object({ credit: creditView, invoice: invoiceAfter.nullable() });
export type CreditAnswer = z.infer<typeof creditAnswer>;

/** GET /admin/money: the latest of each, newest first. */
export const moneyActivity = z.object({ payments: z.array(paymentView), credits: z.array(creditView) });
export type MoneyActivity = z.infer<typeof moneyActivity>;

export const openInvoice = invoiceAfter.extend({
  issued_at: z.string(),
  due_at: z.string(),
  total: z.number(),
  total_formatted: z.string(),
});
export type OpenInvoice = z.infer<typeof openInvoice>;

/** GET /admin/money/companies/{coid}: what the money page needs to record a payment or a credit. */
export const moneyCompany = z.object({
  coid: z.string(),
  name: z.string(),
  /** What it still owes on, oldest first: the order a payment usually pays them in. */
  open_invoices: z.array(openInvoice),
  credits: z.array(creditView),
  /** What is left of all its credits. */
  credit_left: z.number(),
  credit_left_formatted: z.string(),
  /** The server clock's today, YYYY-MM-DD: what a payment's date starts as, and the latest it may be. */
  today: z.string(),
});
export type MoneyCompany = z.infer<typeof moneyCompany>;
