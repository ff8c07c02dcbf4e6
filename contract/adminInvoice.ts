import { z } from 'zod';
import { billingContact } from './cart';
import { INVOICE_STATUSES } from './invoiceStatuses';
import { MANUAL_PAYMENT_METHODS } from './moneyWords';

/**
 * GET /admin/invoices/{number} (issue 32): one invoice as the back office sees it, for whoever chases
 * or reconciles it: what it bills, how it stands, every payment and credit against it, and the overdue
 * reminders its billing contact was sent.
 */

/** An amount of money: exact cents, and as the page prints it ("$1,250.50"). */
const money = z.object({ cents: z.number().int(), formatted: z.string() });

export const REMINDER_STEPS = [1, 7, 30] as const;

export const adminInvoice = z.object({
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  company: z.object({ coid: z.string(), name: z.string() }),
  bill_to: billingContact,
  issued_at: z.string(),
  due_at: z.string(),
  /** Days from issue to due date. */
  terms_days: z.number().int(),
  /** Whole UTC days past its due date today; 0 when not past due. */
  days_past_due: z.number().int(),
  /** 'card' when it was paid by card at checkout. */
  payment_method: z.enum(['invoice', 'card']),
  /** Its orders, in the order they were placed; a cancelled one is credited in full. */
  lines: z.array(
    z.object({ order_number: z.string(), title: z.string(), total: money, cancelled: z.boolean() }),
  ),
  totals: z.object({
    total: money,
    /** What its cancelled orders cost. */
    credited: money,
    /** Money paid: by card, and recorded by hand. */
    paid: money,
    /** What the company's credits paid of it. */
    credit_applied: money,
    refunded: money,
    balance: money,
  }),
  /** Attempts to pay it by card through Stripe, oldest first. */
  card_payments: z.array(
    z.object({
      status: z.string(),
      amount: money,
      /** "Visa •••• 4242", once known. */
      card: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Its shares of payments staff recorded by hand, oldest first. */
  manual_payments: z.array(
    z.object({
      method: z.enum(MANUAL_PAYMENT_METHODS),
      reference: z.string(),
      /** YYYY-MM-DD. */
      received_on: z.string(),
      amount: money,
    }),
  ),
  /** The company's credits put against it, oldest first. */
  credits: z.array(z.object({ reason: z.string(), amount: money, applied_at: z.string() })),
  /** The overdue reminders e-mailed, by step (days past due). */
  reminders: z.array(
    z.object({
      step: z.number().int(),
      days_past_due: z.number().int(),
      sent_to: z.string(),
      sent_at: z.string(),
    }),
  ),
});
export type AdminInvoice = z.infer<typeof adminInvoice>;
