import type { Invoice, InvoiceStatus } from '../../contract/billing';
import { boughtRouteInWords, PIECES_NOT_KEPT } from '../../contract/directMail';
import { formatCentsExact } from '../../contract/money';
import { dayInWords } from '../../contract/schedule';
import { day } from './pdfParts';

/*
 * What an invoice's PDF says, read from the invoice: its facts, the bill-to block, each row's
 * description and the totals, as words with their emphasis. Where they go on the page is
 * invoicePdf.ts's business.
 */

type Line = Invoice['lines'][number];

/** A part of a row's description, wrapped to the column when it is laid out. */
export interface DescriptionPart {
  text: string;
  size?: number;
  bold?: boolean;
  /** Continuation lines start under this label's end rather than under the part's start. */
  hangingAfter?: string;
}

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  open: 'Open',
  partial: 'Partially paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** Dollars as the page prints them, through cents so floating point cannot drift a cent. */
const dollars = (amount: number): string => formatCentsExact(Math.round(amount * 100));

export const invoiceFacts = (invoice: Invoice): string[] => [
  `Invoice ${invoice.number}`,
  `Issued ${day(invoice.issued_at)}`,
  `Due ${day(invoice.due_at)}`,
  STATUS_WORDS[invoice.status],
];

/** The lines under "Bill to" after the customer's name. */
export function billToLines(invoice: Invoice): string[] {
  const to = invoice.bill_to;
  return [
    to.company,
    to.address,
    `${to.city}, ${to.state} ${to.zip}`,
    to.email,
    to.phone,
    ...(to.po_number ? [`PO number ${to.po_number}`] : []),
  ];
}

/** The runs one a line with their share of the amount, the first after "Runs:" and the others aligned under it. */
function runParts(line: Line): DescriptionPart[] {
  const size = 9;
  const label = 'Runs: ';
  return line.runs.map((run, index) => {
    const text = `${run.label}: ${run.amount_formatted}`;
    return index === 0 ? { text: `${label}${text}`, size } : { text, size, hangingAfter: label };
  });
}

/** The carrier routes of an every-door line: "Routes (zip, route, pieces): 60614 C001 (387), ...". */
function routeParts(line: Line): DescriptionPart[] {
  const routes = line.bought_routes;
  if (routes.length === 0) return [];
  const heading = `Carrier routes${routes.some((r) => r.pieces !== null) ? ' (zip, route, pieces)' : ''}: `;
  const listed = { text: `${heading}${routes.map(boughtRouteInWords).join(', ')}`, size: 9 };
  return routes.some((r) => r.pieces === null) ? [listed, { text: PIECES_NOT_KEPT, size: 9 }] : [listed];
}

/**
 * The amount column shows what each order costs after its discount (so the column adds up to the
 * total); the discount and the price before it are told in the description.
 */
function discountParts(line: Line): DescriptionPart[] {
  if (line.discount <= 0) return [];
  return [{ text: `Volume discount ${dollars(-line.discount)} on ${dollars(line.subtotal)}`, size: 9 }];
}

/** An order's row: what was bought and where, its runs, its routes and its discount. */
export const orderDescription = (line: Line): DescriptionPart[] => [
  { text: `${line.title}, ${line.market}`, bold: true },
  ...runParts(line),
  ...routeParts(line),
  ...discountParts(line),
];

export const creditDescription = (credit: Invoice['credits'][number]): DescriptionPart[] => [
  { text: `Credit for cancelled order ${credit.order_number} (${day(credit.at)})` },
];

/** Total, the credits when there are any, and the balance due (the one in bold). */
export function totalRows(invoice: Invoice): { label: string; amount: string; bold: boolean }[] {
  const credited = invoice.credits.reduce((sum, credit) => sum + Math.round(credit.amount * 100), 0);
  return [
    { label: 'Total', amount: invoice.total_formatted, bold: false },
    ...(invoice.credits.length > 0
      ? [{ label: 'Credits', amount: formatCentsExact(credited), bold: false }]
      : []),
    { label: 'Balance due', amount: invoice.balance_formatted, bold: true },
  ];
}

/** Issue 32: what came by check, ACH or wire and what credits paid, before how to pay the rest. */
export const receivedLines = (invoice: Invoice): string[] => [
  ...invoice.payment.received.map(
    (r) => `${r.method} ${r.reference}, received ${dayInWords(r.date)}: ${r.amount_formatted}`,
  ),
  ...invoice.payment.credits_applied.map((c) => `Credit applied (${c.reason}): ${c.amount_formatted}`),
];
