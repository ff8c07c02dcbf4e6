import type {
  Invoice,
  InvoiceCredit,
  InvoiceDetail,
  InvoiceIssuer,
  InvoiceLine,
  InvoiceStatus,
  InvoicesAnswer,
} from '../../contract/billing';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import type { Placement } from '../catalogue/placement';
import { removedMedia, toCartItem } from '../checkout/view';
import type { InvoiceRow } from '../data/invoices';
import type { OrderRecord } from '../data/orders';
import { runsOf } from '../orders/runs';
import { boughtOf, pricingOf } from '../orders/terms';

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

/**
 * An invoice with its lines and credits, and its status at `now`: `void` once its credits cover it,
 * `overdue` after its due date with something left to pay, `open` before.
 */
export function invoiceOf(
  row: InvoiceRow,
  records: readonly OrderRecord[],
  placements: ReadonlyMap<string, Placement>,
  now: Date,
): Invoice {
  const mine = records.filter((r) => r.order.invoiceId === row.id);
  const totalCents = mine.reduce((sum, r) => sum + r.order.totalCents, 0);
  const credits = mine.flatMap((r) => (r.order.cancelledAt ? [creditOf(r, r.order.cancelledAt)] : []));
  const creditedCents = mine.reduce((sum, r) => sum + (r.order.cancelledAt ? r.order.totalCents : 0), 0);
  const balanceCents = Math.max(0, totalCents - creditedCents);
  const status: InvoiceStatus = balanceCents === 0 ? 'void' : now > row.dueAt ? 'overdue' : 'open';
  return {
    number: row.number,
    status,
    issued_at: row.issuedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    orders: mine.map((r) => r.order.number),
    bill_to: row.billTo,
    lines: mine.map((r) => lineOf(r, placements.get(r.item.mediacode) ?? null)),
    credits,
    total: centsToDollars(totalCents),
    total_formatted: formatCentsExact(totalCents),
    balance: centsToDollars(balanceCents),
    balance_formatted: formatCentsExact(balanceCents),
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The list of GET /invoices: those of the filter's status, and the company's totals over all of them. */
export function invoicesAnswerOf(all: readonly Invoice[], status: InvoiceStatus | undefined): InvoicesAnswer {
  const owed = (of: readonly InvoiceStatus[]) =>
    all.filter((i) => of.includes(i.status)).reduce((sum, i) => sum + cents(i.balance), 0);
  const outstanding = owed(['open', 'overdue']);
  const overdue = owed(['overdue']);
  return {
    invoices: status ? all.filter((i) => i.status === status) : [...all],
    outstanding: centsToDollars(outstanding),
    outstanding_formatted: formatCentsExact(outstanding),
    overdue: centsToDollars(overdue),
    overdue_formatted: formatCentsExact(overdue),
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
