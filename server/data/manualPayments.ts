import { and, eq, sql } from 'drizzle-orm';
import { formatCentsExact } from '../../contract/money';
import { MANUAL_PAYMENT_LABELS, type ManualPaymentMethod } from '../../contract/moneyWords';
import { dayInWords, isoDay } from '../../contract/schedule';
import type { Db } from '../db/client';
import { companyCredits, manualPayments, paymentAllocations } from '../db/schema';
import {
  type InvoiceAfter,
  type LockedInvoice,
  lockOwing,
  type MoneyCompanyRow,
  type MoneyRefusal,
  settle,
} from './moneyIn';

/* A payment by check, ACH or wire (issue 32): recorded once, spread over invoices, the rest a credit. */

export interface PaymentInput {
  company: MoneyCompanyRow;
  method: ManualPaymentMethod;
  reference: string;
  amountCents: number;
  receivedOn: string;
  /** In the order given; without cents, up to its balance from what the payment has left. */
  invoices: readonly { number: string; cents?: number | undefined }[];
  staffId: string;
  now: Date;
}

export interface RecordedPaymentRow {
  paymentId: number;
  allocations: { number: string; cents: number }[];
  credit: { id: number; cents: number } | null;
  invoices: InvoiceAfter[];
}

/** The advisory lock space of a company's manual payments (the second key is the company's id). */
const PAYMENT_LOCK = 7132;

/**
 * The refusal of a payment the company already has by the same method and reference (a double click,
 * or a retry after a timeout): recorded twice, it would be counted twice. The caller holds the
 * company's payment lock, so of two at once the second sees the first.
 */
async function alreadyRecorded(tx: Db, input: PaymentInput): Promise<MoneyRefusal | null> {
  const [earlier] = await tx
    .select({
      amountCents: manualPayments.amountCents,
      receivedOn: manualPayments.receivedOn,
      recordedAt: manualPayments.recordedAt,
    })
    .from(manualPayments)
    .where(
      and(
        eq(manualPayments.companyId, input.company.id),
        eq(manualPayments.method, input.method),
        sql`lower(${manualPayments.reference}) = lower(${input.reference})`,
      ),
    )
    .limit(1);
  if (!earlier) return null;
  return {
    status: 409,
    field: 'reference',
    message: `${MANUAL_PAYMENT_LABELS[input.method]} ${input.reference} was already recorded on ${dayInWords(isoDay(earlier.recordedAt))} for ${formatCentsExact(earlier.amountCents)} (received ${dayInWords(earlier.receivedOn)}), so it is not recorded again: find it among ${input.company.name}'s payments, or enter this payment's own reference.`,
  };
}

/**
 * Records a manual payment: the amounts given first, then the rest of the payment to the invoices
 * without one, in the order given, each up to its balance; what is left becomes a credit.
 */
export async function recordPayment(tx: Db, input: PaymentInput): Promise<RecordedPaymentRow | MoneyRefusal> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_LOCK}, ${input.company.id})`);
  const duplicate = await alreadyRecorded(tx, input);
  if (duplicate) return duplicate;
  const locked = await lockOwing(
    tx,
    input.company,
    input.invoices.map((i) => i.number),
    input.now,
  );
  if (!(locked instanceof Map)) return locked;
  let given = 0;
  for (const wanted of input.invoices) {
    const invoice = locked.get(wanted.number);
    if (!invoice || wanted.cents === undefined) continue;
    if (wanted.cents > invoice.balanceCents)
      return {
        status: 422,
        field: 'invoices',
        message: `${formatCentsExact(wanted.cents)} is more than the ${formatCentsExact(invoice.balanceCents)} invoice ${wanted.number} still owes.`,
      };
    given += wanted.cents;
  }
  if (given > input.amountCents)
    return {
      status: 422,
      field: 'amount',
      message: `The amounts for the invoices add up to ${formatCentsExact(given)}, more than the payment of ${formatCentsExact(input.amountCents)}.`,
    };
  let left = input.amountCents - given;
  const allocations: { invoice: LockedInvoice; cents: number }[] = [];
  for (const wanted of input.invoices) {
    const invoice = locked.get(wanted.number);
    if (!invoice) continue;
    let cents = wanted.cents;
    if (cents === undefined) {
      // Listed without an amount after the payment is used up: say so rather than leave it out unseen.
      if (left === 0)
        return {
          status: 422,
          field: 'invoices',
          message: `Nothing of the ${formatCentsExact(input.amountCents)} payment is left for invoice ${wanted.number}: the invoices before it use it all. Take ${wanted.number} out of this payment, or give each invoice its amount.`,
        };
      cents = Math.min(left, invoice.balanceCents);
      left -= cents;
    }
    if (cents > 0) allocations.push({ invoice, cents });
  }
  const [payment] = await tx
    .insert(manualPayments)
    .values({
      companyId: input.company.id,
      method: input.method,
      reference: input.reference,
      amountCents: input.amountCents,
      receivedOn: input.receivedOn,
      recordedBy: input.staffId,
      recordedAt: input.now,
    })
    .returning({ id: manualPayments.id });
  if (!payment) throw new Error('The payment was not stored.');
  const after: InvoiceAfter[] = [];
  for (const { invoice, cents } of allocations) {
    await tx
      .insert(paymentAllocations)
      .values({ paymentId: payment.id, invoiceId: invoice.row.id, amountCents: cents });
    after.push(await settle(tx, invoice, { paid: cents }, input.now));
  }
  let credit: RecordedPaymentRow['credit'] = null;
  if (left > 0) {
    const [row] = await tx
      .insert(companyCredits)
      .values({
        companyId: input.company.id,
        amountCents: left,
        reason: `Overpayment of ${input.method} ${input.reference}`,
        source: 'overpayment',
        paymentId: payment.id,
        createdBy: input.staffId,
        createdAt: input.now,
      })
      .returning({ id: companyCredits.id });
    if (!row) throw new Error('The credit was not stored.');
    credit = { id: row.id, cents: left };
  }
  return {
    paymentId: payment.id,
    allocations: allocations.map((a) => ({ number: a.invoice.row.number, cents: a.cents })),
    credit,
    invoices: after,
  };
}
