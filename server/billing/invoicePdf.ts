import type { Invoice, InvoiceIssuer, InvoiceRun, InvoiceStatus } from '../../contract/billing';
import { boughtRouteInWords, PIECES_NOT_KEPT } from '../../contract/directMail';
import { formatCentsExact } from '../../contract/money';
import { dayInWords } from '../../contract/schedule';
import {
  AMOUNT_WIDTH,
  advance,
  day,
  footers,
  header,
  INK,
  MARGIN,
  MUTED,
  RIGHT,
  SENDER_WIDTH,
  startDocument,
  type Writer,
  wrap,
} from './pdfParts';
import { howToPay } from './view';

export { printable, wrap } from './pdfParts';

const DESCRIPTION_X = MARGIN + 96;
const DESCRIPTION_WIDTH = RIGHT - AMOUNT_WIDTH - DESCRIPTION_X;
/** A row taller than this cannot be kept on one page, so it is allowed to break. */
const KEEP_TOGETHER = 240;

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  open: 'Open',
  partial: 'Partially paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** Dollars as the page prints them, through cents so floating point cannot drift a cent. */
const dollars = (amount: number): string => formatCentsExact(Math.round(amount * 100));

/** One wrapped line of a table row's description. */
interface DescriptionLine {
  text: string;
  size: number;
  bold: boolean;
  indent: number;
}

const invoiceFacts = (invoice: Invoice): string[] => [
  `Invoice ${invoice.number}`,
  `Issued ${day(invoice.issued_at)}`,
  `Due ${day(invoice.due_at)}`,
  STATUS_WORDS[invoice.status],
];

function billTo(w: Writer, invoice: Invoice): void {
  const to = invoice.bill_to;
  w.text('Bill to', MARGIN, { size: 9, bold: true, color: MUTED });
  w.y -= 14;
  w.paragraph(to.name, MARGIN, SENDER_WIDTH, { bold: true });
  for (const line of [
    to.company,
    to.address,
    `${to.city}, ${to.state} ${to.zip}`,
    to.email,
    to.phone,
    ...(to.po_number ? [`PO number ${to.po_number}`] : []),
  ]) {
    w.paragraph(line, MARGIN, SENDER_WIDTH);
  }
  w.y -= 14;
}

function columnHeadings(w: Writer): void {
  const style = { size: 9, bold: true, color: MUTED };
  w.text('Order', MARGIN, style);
  w.text('Description', DESCRIPTION_X, style);
  w.right('Amount', RIGHT, style);
  w.y -= 14;
  w.rule();
  w.y -= 8;
}

/** A part of a description wrapped to the column, its continuation lines under its own start. */
function layout(w: Writer, part: Partial<DescriptionLine> & { text: string }): DescriptionLine[] {
  const size = part.size ?? 10;
  const bold = part.bold ?? false;
  const indent = part.indent ?? 0;
  return wrap(part.text, w.font({ bold }), size, DESCRIPTION_WIDTH - indent).map((text) => ({
    text,
    size,
    bold,
    indent,
  }));
}

/**
 * One row of the table: the order, its description lines, the amount on the first line. Kept on one
 * page when it fits one; a longer row continues on the next page under the headings.
 */
function row(w: Writer, order: string, description: DescriptionLine[], amount: string): void {
  const height = description.reduce((sum, line) => sum + advance(line.size), 0) + 13;
  w.need(Math.min(height, KEEP_TOGETHER));
  w.text(order, MARGIN, { bold: true });
  w.right(amount, RIGHT, { bold: true });
  for (const line of description) {
    w.need(advance(line.size));
    w.text(line.text, DESCRIPTION_X + line.indent, {
      size: line.size,
      bold: line.bold,
      color: line.bold ? INK : MUTED,
    });
    w.y -= advance(line.size);
  }
  w.y -= 5;
  w.rule();
  w.y -= 8;
}

/** The runs one a line with their share of the amount, the first after "Runs:" and the others aligned under it. */
function runLines(w: Writer, runs: readonly InvoiceRun[]): DescriptionLine[] {
  const size = 9;
  const label = 'Runs: ';
  const indent = w.regular.widthOfTextAtSize(label, size);
  return runs.flatMap((run, index) => {
    const text = `${run.label}: ${run.amount_formatted}`;
    return index === 0 ? layout(w, { text: `${label}${text}`, size }) : layout(w, { text, size, indent });
  });
}

/**
 * The amount column shows what each order costs after its discount (so the column adds up to the
 * total); the discount and the price before it are told in the description.
 */
function discountLines(w: Writer, line: Invoice['lines'][number]): DescriptionLine[] {
  if (line.discount <= 0) return [];
  const text = `Volume discount ${dollars(-line.discount)} on ${dollars(line.subtotal)}`;
  return layout(w, { text, size: 9 });
}

/** The carrier routes of an every-door line, wrapped: "Routes (zip, route, pieces): 60614 C001 (387), ...". */
function routeLines(w: Writer, line: Invoice['lines'][number]): DescriptionLine[] {
  const routes = line.bought_routes;
  if (routes.length === 0) return [];
  const heading = `Carrier routes${routes.some((r) => r.pieces !== null) ? ' (zip, route, pieces)' : ''}: `;
  const lines = layout(w, { text: `${heading}${routes.map(boughtRouteInWords).join(', ')}`, size: 9 });
  return routes.some((r) => r.pieces === null)
    ? [...lines, ...layout(w, { text: PIECES_NOT_KEPT, size: 9 })]
    : lines;
}

function orderRows(w: Writer, invoice: Invoice): void {
  for (const line of invoice.lines) {
    const description = [
      ...layout(w, { text: `${line.title}, ${line.market}`, bold: true }),
      ...runLines(w, line.runs),
      ...routeLines(w, line),
      ...discountLines(w, line),
    ];
    row(w, line.order_number, description, line.amount_formatted);
  }
}

function creditRows(w: Writer, invoice: Invoice): void {
  for (const credit of invoice.credits) {
    const text = `Credit for cancelled order ${credit.order_number} (${day(credit.at)})`;
    row(w, credit.order_number, layout(w, { text }), credit.amount_formatted);
  }
}

function table(w: Writer, invoice: Invoice): void {
  w.need(60);
  columnHeadings(w);
  w.continued = () => columnHeadings(w);
  orderRows(w, invoice);
  creditRows(w, invoice);
  w.continued = null;
}

function totals(w: Writer, invoice: Invoice): void {
  const credited = invoice.credits.reduce((sum, credit) => sum + Math.round(credit.amount * 100), 0);
  const rows: { label: string; amount: string; bold: boolean }[] = [
    { label: 'Total', amount: invoice.total_formatted, bold: false },
    ...(invoice.credits.length > 0
      ? [{ label: 'Credits', amount: formatCentsExact(credited), bold: false }]
      : []),
    { label: 'Balance due', amount: invoice.balance_formatted, bold: true },
  ];
  w.need(rows.length * 20 + 16);
  w.y -= 4;
  for (const { label, amount, bold } of rows) {
    const style = { size: bold ? 12 : 10, bold };
    w.right(label, RIGHT - AMOUNT_WIDTH, style);
    w.right(amount, RIGHT, style);
    w.y -= bold ? 20 : 16;
  }
  w.y -= 12;
}

/** Issue 32: what came by check, ACH or wire and what credits paid, before how to pay the rest. */
function receivedSection(w: Writer, invoice: Invoice): void {
  const lines = [
    ...invoice.payment.received.map(
      (r) => `${r.method} ${r.reference}, received ${dayInWords(r.date)}: ${r.amount_formatted}`,
    ),
    ...invoice.payment.credits_applied.map((c) => `Credit applied (${c.reason}): ${c.amount_formatted}`),
  ];
  if (lines.length === 0) return;
  w.need(18 + 2 * advance(10));
  w.text('Payments received', MARGIN, { size: 11, bold: true });
  w.y -= 18;
  for (const line of lines) w.paragraph(line, MARGIN, RIGHT - MARGIN);
  w.y -= 12;
}

function paymentSection(w: Writer, invoice: Invoice, issuer: InvoiceIssuer): void {
  receivedSection(w, invoice);
  // The heading stays with at least its first two lines.
  w.need(18 + 2 * advance(10));
  w.text('How to pay', MARGIN, { size: 11, bold: true });
  w.y -= 18;
  for (const line of howToPay(issuer, invoice.number)) {
    w.paragraph(line, MARGIN, RIGHT - MARGIN);
  }
}

/**
 * An invoice as a PDF (US Letter): the sender and how to pay from configuration, the figures as the
 * invoice page shows them (its formatted amounts are printed, never recomputed), and as many pages as
 * its lines need.
 */
export async function invoicePdf(
  invoice: Invoice,
  issuer: InvoiceIssuer,
  productName: string,
): Promise<Uint8Array> {
  const { doc, w } = await startDocument({
    title: invoice.number,
    at: new Date(invoice.issued_at),
    issuer,
    productName,
  });
  header(w, issuer, 'INVOICE', invoiceFacts(invoice));
  billTo(w, invoice);
  table(w, invoice);
  totals(w, invoice);
  paymentSection(w, invoice, issuer);
  footers(w, productName);
  return doc.save();
}
