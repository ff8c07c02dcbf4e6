import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../contract/invoiceStatuses';
import { formatCentsExact } from '../../contract/money';
import { MANUAL_PAYMENT_LABELS, type ManualPaymentMethod } from '../../contract/moneyWords';
import { dayInWords, isoDay } from '../../contract/schedule';
import { balanceOf, invoiceStatusOf } from '../billing/status';
import type { Db } from '../db/client';
import {
  companies,
  companyCredits,
  creditApplications,
  invoices,
  manualPayments,
  paymentAllocations,
} from '../db/schema';
import { type InvoiceRow, invoiceSumsForUpdate } from './invoices';
import { paymentsUnderWay } from './payments';

/**
 * Money that arrives outside Stripe (issue 32): manual payments against invoices and company credits
 * put against them, each in the caller's transaction with the invoices locked FOR UPDATE, so two
 * recordings of one invoice wait for each other and the second sees what the first paid.
 */

export interface MoneyCompanyRow {
  id: number;
  coid: string;
  name: string;
}

/** Why money could not be put against an invoice: a status and a sentence, and the field it is about. */
export interface MoneyRefusal {
  status: 404 | 409 | 422;
  message: string;
  field?: string;
}

/** An invoice as a write left it. */
export interface InvoiceAfter {
  number: string;
  status: InvoiceStatus;
  balanceCents: number;
}

export async function companyByCoid(db: Db, coid: string): Promise<MoneyCompanyRow | null> {
  const [row] = await db
    .select({ id: companies.id, coid: companies.coid, name: companies.name })
    .from(companies)
    .where(eq(companies.coid, coid))
    .limit(1);
  return row ?? null;
}

/** A locked invoice with what it still owes and its status at `now`. */
interface LockedInvoice {
  row: InvoiceRow;
  balanceCents: number;
  status: InvoiceStatus;
}

const notOfCompany = (number: string, company: MoneyCompanyRow): MoneyRefusal => ({
  status: 422,
  field: 'invoices',
  message: `Invoice ${number} is not an invoice of ${company.name}: check the number on the check's stub.`,
});

/** The ids of those of `numbers` that are the company's invoices, to close their open pages first. */
export async function invoiceIdsOf(db: Db, companyId: number, numbers: readonly string[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.number, [...numbers])))
    .orderBy(asc(invoices.id));
  return rows.map((r) => r.id);
}

/** The company of a credit, to close the open pages of the invoice it is applied to; null when none. */
export async function creditCompanyOf(db: Db, creditId: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: companyCredits.companyId })
    .from(companyCredits)
    .where(eq(companyCredits.id, creditId));
  return row?.companyId ?? null;
}

/**
 * The invoices named, locked in the order of their ids (two writes over the same invoices take the
 * locks in the same order, so they wait rather than deadlock), each checked to be the company's and
 * to owe something: else the refusal naming the first that does not.
 */
async function lockOwing(
  tx: Db,
  company: MoneyCompanyRow,
  numbers: readonly string[],
  now: Date,
): Promise<Map<string, LockedInvoice> | MoneyRefusal> {
  const found = await tx
    .select({ id: invoices.id, number: invoices.number, companyId: invoices.companyId })
    .from(invoices)
    .where(inArray(invoices.number, [...numbers]))
    .orderBy(asc(invoices.id));
  for (const number of numbers) {
    const invoice = found.find((f) => f.number === number);
    if (!invoice || invoice.companyId !== company.id) return notOfCompany(number, company);
  }
  const locked = new Map<string, LockedInvoice>();
  for (const { id } of found) {
    const sums = await invoiceSumsForUpdate(tx, id);
    if (sums === null) continue;
    locked.set(sums.row.number, {
      row: sums.row,
      balanceCents: balanceOf(sums.sums),
      status: invoiceStatusOf(sums.sums, sums.row.dueAt, now),
    });
  }
  for (const number of numbers) {
    const invoice = locked.get(number);
    if (!invoice) return notOfCompany(number, company);
    const refused = refusalOf(invoice);
    if (refused) return refused;
    // A Pay now page still open (the route closed those it could) or an automatic charge asks Stripe
    // for the balance before this money: paid afterwards, the customer would pay twice.
    if (await paymentsUnderWay(tx, invoice.row.id, ['invoice', 'auto']))
      return {
        status: 409,
        field: 'invoices',
        message: `A card payment of invoice ${number} is under way at Stripe, so nothing is recorded: look again in a few minutes, once it has gone through or been given up.`,
      };
  }
  return locked;
}

/** Why nothing can be put against this invoice, or null. */
function refusalOf({ row, status }: LockedInvoice): MoneyRefusal | null {
  if (status === 'void')
    return {
      status: 409,
      field: 'invoices',
      message: `Invoice ${row.number} is void: every order on it was cancelled, so nothing is owed on it.`,
    };
  if (status === 'paid')
    return { status: 409, field: 'invoices', message: `Invoice ${row.number} is already paid.` };
  // Its card checkout's payment may still come through Stripe: money here as well would pay it twice.
  // Unpaid, the order is released (cancelled) and the invoice is void: it never owes money by hand.
  if (row.paymentMethod === 'card' && row.paidAt === null)
    return {
      status: 409,
      field: 'invoices',
      message: `Invoice ${row.number} waits for the card payment of its checkout, so no money is recorded against it: wait until the customer pays it by card, or until the order is released unpaid, after which the invoice is void.`,
    };
  return null;
}

/** Adds what was paid or credited to a locked invoice; it is paid when nothing is left. */
async function settle(
  tx: Db,
  invoice: LockedInvoice,
  cents: { paid?: number; credit?: number },
  now: Date,
): Promise<InvoiceAfter> {
  const paid = cents.paid ?? 0;
  const credit = cents.credit ?? 0;
  const balanceCents = invoice.balanceCents - paid - credit;
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${paid}`,
      creditAppliedCents: sql`${invoices.creditAppliedCents} + ${credit}`,
      ...(balanceCents === 0 && invoice.row.paidAt === null ? { paidAt: now } : {}),
    })
    .where(eq(invoices.id, invoice.row.id));
  const after = await invoiceSumsForUpdate(tx, invoice.row.id);
  if (after === null) throw new Error('The invoice was not found after it was settled.');
  return {
    number: invoice.row.number,
    status: invoiceStatusOf(after.sums, after.row.dueAt, now),
    balanceCents: balanceOf(after.sums),
  };
}

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

export async function issueCredit(
  tx: Db,
  input: { company: MoneyCompanyRow; amountCents: number; reason: string; staffId: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(companyCredits)
    .values({
      companyId: input.company.id,
      amountCents: input.amountCents,
      reason: input.reason,
      source: 'issued',
      createdBy: input.staffId,
      createdAt: input.now,
    })
    .returning({ id: companyCredits.id });
  if (!row) throw new Error('The credit was not stored.');
  return row.id;
}

/** A credit locked FOR UPDATE with its company and what is left of it; null when there is none. */
export async function creditForUpdate(
  tx: Db,
  creditId: number,
): Promise<{ id: number; company: MoneyCompanyRow; leftCents: number } | null> {
  const [row] = await tx
    .select({
      id: companyCredits.id,
      amountCents: companyCredits.amountCents,
      companyId: companyCredits.companyId,
    })
    .from(companyCredits)
    .where(eq(companyCredits.id, creditId))
    .for('update');
  if (!row) return null;
  const [used] = await tx
    .select({ cents: sql<number>`coalesce(sum(${creditApplications.amountCents}), 0)::int` })
    .from(creditApplications)
    .where(eq(creditApplications.creditId, creditId));
  const [company] = await tx
    .select({ id: companies.id, coid: companies.coid, name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  if (!company) return null;
  return { id: row.id, company, leftCents: row.amountCents - Number(used?.cents ?? 0) };
}

/**
 * Puts a credit (locked by creditForUpdate, the lock taken before the invoice's) against one of its
 * company's invoices: the amount given, or the smaller of what is left of it and the balance.
 */
export async function applyCredit(
  tx: Db,
  credit: { id: number; company: MoneyCompanyRow; leftCents: number },
  input: { number: string; cents?: number | undefined; staffId: string | null; now: Date },
): Promise<{ cents: number; invoice: InvoiceAfter } | MoneyRefusal> {
  if (credit.leftCents <= 0)
    return { status: 409, message: 'Nothing is left of this credit: it has all been applied.' };
  const locked = await lockOwing(tx, credit.company, [input.number], input.now);
  if (!(locked instanceof Map)) return { ...locked, field: 'invoice' };
  const invoice = locked.get(input.number);
  if (!invoice) return { ...notOfCompany(input.number, credit.company), field: 'invoice' };
  const cents = input.cents ?? Math.min(credit.leftCents, invoice.balanceCents);
  if (cents > credit.leftCents)
    return {
      status: 422,
      field: 'amount',
      message: `${formatCentsExact(cents)} is more than the ${formatCentsExact(credit.leftCents)} left of this credit.`,
    };
  if (cents > invoice.balanceCents)
    return {
      status: 422,
      field: 'amount',
      message: `${formatCentsExact(cents)} is more than the ${formatCentsExact(invoice.balanceCents)} invoice ${input.number} still owes.`,
    };
  await tx.insert(creditApplications).values({
    creditId: credit.id,
    invoiceId: invoice.row.id,
    amountCents: cents,
    appliedBy: input.staffId,
    appliedAt: input.now,
  });
  return { cents, invoice: await settle(tx, invoice, { credit: cents }, input.now) };
}

/** The manual payments and credit applications of some invoices, for their payment blocks. */
export async function manualSettlementsOf(db: Db, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return { payments: [], credits: [] };
  const [paid, credited] = await Promise.all([
    db
      .select({
        invoiceId: paymentAllocations.invoiceId,
        method: manualPayments.method,
        reference: manualPayments.reference,
        receivedOn: manualPayments.receivedOn,
        amountCents: paymentAllocations.amountCents,
      })
      .from(paymentAllocations)
      .innerJoin(manualPayments, eq(manualPayments.id, paymentAllocations.paymentId))
      .where(inArray(paymentAllocations.invoiceId, [...invoiceIds]))
      .orderBy(asc(manualPayments.receivedOn), asc(paymentAllocations.id)),
    db
      .select({
        invoiceId: creditApplications.invoiceId,
        reason: companyCredits.reason,
        appliedAt: creditApplications.appliedAt,
        amountCents: creditApplications.amountCents,
      })
      .from(creditApplications)
      .innerJoin(companyCredits, eq(companyCredits.id, creditApplications.creditId))
      .where(inArray(creditApplications.invoiceId, [...invoiceIds]))
      .orderBy(asc(creditApplications.appliedAt), asc(creditApplications.id)),
  ]);
  return { payments: paid, credits: credited };
}
