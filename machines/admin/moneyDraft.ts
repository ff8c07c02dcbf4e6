import type { OpenInvoice, PaymentBody } from '../../contract/adminMoney';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import {
  EARLIEST_PAYMENT_DAY,
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentMethod,
} from '../../contract/moneyWords';

/**
 * What the money dialogs hold while someone types (issue 32): amounts as typed ("1,250.50", "$80"),
 * read as cents only when they are checked or sent. Pure, so the dialogs' machines and their tests
 * share one reading of an amount and of where a payment's money goes.
 */

/** Typed dollars as whole cents; null when it is not an amount (empty, letters, fractions of a cent). */
export function centsOfTyped(typed: string): number | null {
  const plain = typed.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** One invoice in the payment dialog: chosen or not, and the amount typed for it (empty: up to its balance). */
export interface InvoicePick {
  number: string;
  balanceCents: number;
  chosen: boolean;
  amount: string;
}

export interface PaymentDraft {
  method: ManualPaymentMethod;
  /** YYYY-MM-DD; the clock's today when the dialog opens. */
  date: string;
  amount: string;
  reference: string;
  invoices: InvoicePick[];
}

export const newPaymentDraft = (today: string, open: readonly OpenInvoice[]): PaymentDraft => ({
  method: MANUAL_PAYMENT_METHODS[0],
  date: today,
  amount: '',
  reference: '',
  invoices: open.map((i) => ({
    number: i.number,
    balanceCents: Math.round(i.balance * 100),
    chosen: false,
    amount: '',
  })),
});

/** Whether anything was typed or chosen since the dialog opened (closing it would then lose it). */
export const isDraftTouched = (draft: PaymentDraft, fresh: PaymentDraft): boolean =>
  JSON.stringify(draft) !== JSON.stringify(fresh);

/** Where the payment's money goes, as the server will put it: amounts typed first, then in order. */
export interface Allocation {
  lines: { number: string; cents: number }[];
  /** What is left after the invoices: a credit on the company. */
  leftCents: number;
}

export function allocationOf(draft: PaymentDraft): Allocation {
  const payment = centsOfTyped(draft.amount) ?? 0;
  const chosen = draft.invoices.filter((i) => i.chosen);
  const given = chosen.reduce((sum, i) => sum + (centsOfTyped(i.amount) ?? 0), 0);
  let left = Math.max(0, payment - given);
  const lines = chosen.map((i) => {
    const typed = i.amount.trim() === '' ? null : centsOfTyped(i.amount);
    if (typed !== null) return { number: i.number, cents: typed };
    const cents = Math.min(left, i.balanceCents);
    left -= cents;
    return { number: i.number, cents };
  });
  return { lines, leftCents: left };
}

/** The draft's problems by field, as the dialog shows them before anything is sent; empty when none. */
export function paymentErrorsOf(draft: PaymentDraft, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const amount = centsOfTyped(draft.amount);
  if (amount === null || amount === 0) errors.amount = 'Enter the amount received, such as 1250.50.';
  if (draft.reference.trim() === '') errors.reference = 'Enter the check number or the transfer’s reference.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors.date = 'Enter the day the money arrived.';
  else if (draft.date > today) errors.date = 'The payment cannot have arrived after today.';
  // The server's own floor, checked here so a mistyped year (0202) is caught before Review, not after Record.
  else if (draft.date < EARLIEST_PAYMENT_DAY) errors.date = 'The payment’s date is Jan 1, 2000 or later.';
  const chosen = draft.invoices.filter((i) => i.chosen);
  if (chosen.length === 0) errors.invoices = 'Choose at least one invoice this payment pays.';
  for (const i of chosen) {
    if (i.amount.trim() === '') continue;
    const cents = centsOfTyped(i.amount);
    if (cents === null || cents === 0)
      errors[`invoice.${i.number}`] = `Enter an amount for ${i.number}, or leave it empty.`;
    else if (cents > i.balanceCents)
      errors[`invoice.${i.number}`] =
        `${i.number} owes ${formatCentsExact(i.balanceCents)}: pay at most that.`;
  }
  const given = chosen.reduce((sum, i) => sum + (centsOfTyped(i.amount) ?? 0), 0);
  if (amount !== null && !errors.amount && given > amount)
    errors.amount = `The invoices’ amounts add up to ${formatCentsExact(given)}, more than the payment.`;
  return errors;
}

/** The draft as POST /admin/payments takes it (only sent once paymentErrorsOf finds nothing). */
export const paymentBodyOf = (company: string, draft: PaymentDraft): PaymentBody => ({
  company,
  method: draft.method,
  reference: draft.reference.trim(),
  amount: centsToDollars(centsOfTyped(draft.amount) ?? 0),
  date: draft.date,
  invoices: draft.invoices
    .filter((i) => i.chosen)
    .map((i) => {
      const cents = i.amount.trim() === '' ? null : centsOfTyped(i.amount);
      return cents === null ? { number: i.number } : { number: i.number, amount: centsToDollars(cents) };
    }),
});
