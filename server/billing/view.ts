import type {
  Invoice,
  InvoiceCredit,
  InvoiceDetail,
  InvoiceIssuer,
  InvoiceLine,
  InvoicesAnswer,
} from '../../contract/billing';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import { MANUAL_PAYMENT_LABELS } from '../../contract/moneyWords';
import type { InvoicePayment } from '../../contract/payments';
import type { Placement } from '../catalogue/placement';
import { removedMedia, toCartItem } from '../checkout/view';
import type { InvoiceSettlement } from '../data/invoiceSettlements';
import type { InvoiceRow } from '../data/invoices';
import type { OrderRecord } from '../data/orders';
import type { PaymentRow } from '../data/payments';
import { boughtRoutesOf } from '../directMail/boughtRoutes';
import { runsOf } from '../orders/runs';
import { boughtOf, pricingOf } from '../orders/terms';
import { cardWords } from './cardWords';
import { balanceOf, invoiceStatusOf, isOwing } from './status';

const money = (cents: number) => ({
  amount: centsToDollars(cents),
  amount_formatted: formatCentsExact(cents),
});

/** One order as an invoice line: what was bought, where, its runs, and its price after the discount. */
function lineOf(record: OrderRecord, placement: Placement | null): InvoiceLine {
  const { order, item } = record;
  const shown = placement ?? removedMedia(item.mediacode);
  const pricing = order.pricing ?? pricingOf(item, placement, order.totalCents);
  return {
    order_number: order.number,
    title: toCartItem(item, shown).summary.summary_title,
    market: shown.market,
    runs: runsOf(boughtOf(item, placement, order.placedAt, order.totalCents)).map((run) => ({
      label: run.label,
      ...money(run.priceCents),
    })),
    bought_routes: boughtRoutesOf(item.details),
    subtotal: centsToDollars(pricing.subtotal_cents),
    discount: centsToDollars(pricing.discount_cents),
    ...money(order.totalCents),
  };
}

/** A cancelled order gives all it cost back. */
const creditOf = ({ order }: OrderRecord, at: Date): InvoiceCredit => ({
  order_number: order.number,
  at: at.toISOString(),
  ...money(-order.totalCents),
});

/** Who is looking and what is known of its payments: the parts of an invoice's view beyond its orders. */
export interface InvoiceView {
  now: Date;
  settlement: InvoiceSettlement;
  /** The person may pay the company's invoices and this server takes cards. */
  mayPay: boolean;
}

/** Paid; else by its latest payment: under way (a card checkout's awaits it), failed, or none yet. */
function paymentStateOf(row: InvoiceRow, latest: PaymentRow | undefined): InvoicePayment['state'] {
  if (row.paidAt !== null) return 'paid';
  if (latest?.status === 'pending') return row.paymentMethod === 'card' ? 'awaiting' : 'pending';
  if (latest?.status === 'failed') return 'failed';
  return 'none';
}

/**
 * The payment block of an invoice: how it is paid, what was paid and refunded, the card that paid,
 * and why the last charge failed while nothing is paid.
 */
function paymentOf(row: InvoiceRow, settlement: InvoiceSettlement): InvoicePayment {
  const { payments, refunds } = settlement;
  const paid = payments.findLast((p) => p.status === 'succeeded');
  const latest = payments.at(-1);
  const failed = row.paidAt === null ? payments.findLast((p) => p.status === 'failed') : undefined;
  const refundedToCard = Math.max(0, row.refundedCents - settlement.creditedBackCents);
  return {
    method: row.paymentMethod,
    state: paymentStateOf(row, latest),
    paid_at: row.paidAt?.toISOString() ?? null,
    paid: centsToDollars(row.paidCents),
    paid_formatted: formatCentsExact(row.paidCents),
    // What went back to a card: a cancelled order's credit back (a check's money) is in refunded_cents
    // for the balance, but the customer got no refund, so it is not shown as one.
    refunded: centsToDollars(refundedToCard),
    refunded_formatted: formatCentsExact(refundedToCard),
    refunds: refunds.map((r) => ({
      order_number: r.orderNumber,
      at: (r.settledAt ?? r.createdAt).toISOString(),
      status: r.status,
      ...money(r.amountCents),
    })),
    card: cardWords(paid?.cardBrand ?? null, paid?.cardLast4 ?? null),
    failure: failed
      ? {
          message: failed.failure ?? 'The card was declined.',
          at: (failed.settledAt ?? failed.createdAt).toISOString(),
          next_attempt_at: row.nextChargeAt?.toISOString() ?? null,
        }
      : null,
    // A receipt is of a card payment (server/billing/receipt.ts): a check's is the customer's bank's.
    receipt: row.paidAt !== null && paid !== undefined,
    received: settlement.received.map((r) => ({
      method: MANUAL_PAYMENT_LABELS[r.method],
      reference: r.reference,
      date: r.receivedOn,
      ...money(r.amountCents),
    })),
    credits_applied: settlement.creditsApplied.map((a) => ({
      reason: a.reason,
      at: a.appliedAt.toISOString(),
      ...money(a.amountCents),
    })),
  };
}

/**
 * An invoice with its lines, credits and payments, and its status at `now` by the balance rule
 * (server/billing/status.ts).
 */
export function invoiceOf(
  row: InvoiceRow,
  records: readonly OrderRecord[],
  placements: ReadonlyMap<string, Placement>,
  view: InvoiceView,
): Invoice {
  const mine = records.filter((r) => r.order.invoiceId === row.id);
  const sums = {
    totalCents: mine.reduce((sum, r) => sum + r.order.totalCents, 0),
    creditedCents: mine.reduce((sum, r) => sum + (r.order.cancelledAt ? r.order.totalCents : 0), 0),
    paidCents: row.paidCents,
    refundedCents: row.refundedCents,
    creditAppliedCents: row.creditAppliedCents,
  };
  const credits = mine.flatMap((r) => (r.order.cancelledAt ? [creditOf(r, r.order.cancelledAt)] : []));
  const balanceCents = balanceOf(sums);
  const status = invoiceStatusOf(sums, row.dueAt, view.now);
  return {
    number: row.number,
    status,
    issued_at: row.issuedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    orders: mine.map((r) => r.order.number),
    bill_to: row.billTo,
    lines: mine.map((r) => lineOf(r, placements.get(r.item.mediacode) ?? null)),
    credits,
    total: centsToDollars(sums.totalCents),
    total_formatted: formatCentsExact(sums.totalCents),
    balance: centsToDollars(balanceCents),
    balance_formatted: formatCentsExact(balanceCents),
    payment: paymentOf(row, view.settlement),
    can_pay: view.mayPay && isOwing(status),
  };
}

/** The list of GET /invoices: a page of invoices, and the company's totals over all of them. */
export function invoicesAnswerOf(
  page: readonly Invoice[],
  totals: { outstandingCents: number; overdueCents: number },
): InvoicesAnswer {
  return {
    invoices: [...page],
    outstanding: centsToDollars(totals.outstandingCents),
    outstanding_formatted: formatCentsExact(totals.outstandingCents),
    overdue: centsToDollars(totals.overdueCents),
    overdue_formatted: formatCentsExact(totals.overdueCents),
  };
}

/** How to pay an invoice, as its page and its PDF both say it: the configured ways, then its reference. */
export const howToPay = (issuer: InvoiceIssuer, number: string): string[] => [
  ...issuer.payment,
  `Please quote ${number} with your payment.`,
];

/** An invoice with who issued it and how to pay it (GET /invoices/{number}). */
export const invoiceDetailOf = (invoice: Invoice, issuer: InvoiceIssuer): InvoiceDetail => ({
  ...invoice,
  from: { name: issuer.name, address: issuer.address, email: issuer.email, phone: issuer.phone },
  how_to_pay: howToPay(issuer, invoice.number),
});
