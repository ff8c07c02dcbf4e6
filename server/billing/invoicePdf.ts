import type { Invoice, InvoiceIssuer } from '../../contract/billing';
import {
  billToLines,
  creditDescription,
  type DescriptionPart,
  invoiceFacts,
  orderDescription,
  receivedLines,
  totalRows,
} from './invoiceWords';
import {
  AMOUNT_WIDTH,
  advance,
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

/* The invoice's layout: where invoiceWords.ts's words go on the page and how rows break across pages. */

const DESCRIPTION_X = MARGIN + 96;
const DESCRIPTION_WIDTH = RIGHT - AMOUNT_WIDTH - DESCRIPTION_X;
/** A row taller than this cannot be kept on one page, so it is allowed to break. */
const KEEP_TOGETHER = 240;

/** One wrapped line of a table row's description. */
interface DescriptionLine {
  text: string;
  size: number;
  bold: boolean;
  indent: number;
}

function billTo(w: Writer, invoice: Invoice): void {
  w.text('Bill to', MARGIN, { size: 9, bold: true, color: MUTED });
  w.y -= 14;
  w.paragraph(invoice.bill_to.name, MARGIN, SENDER_WIDTH, { bold: true });
  for (const line of billToLines(invoice)) {
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
function layout(w: Writer, part: DescriptionPart): DescriptionLine[] {
  const size = part.size ?? 10;
  const bold = part.bold ?? false;
  const indent = part.hangingAfter === undefined ? 0 : w.regular.widthOfTextAtSize(part.hangingAfter, size);
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
function row(w: Writer, order: string, parts: DescriptionPart[], amount: string): void {
  const description = parts.flatMap((part) => layout(w, part));
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

function table(w: Writer, invoice: Invoice): void {
  w.need(60);
  columnHeadings(w);
  w.continued = () => columnHeadings(w);
  for (const line of invoice.lines) {
    row(w, line.order_number, orderDescription(line), line.amount_formatted);
  }
  for (const credit of invoice.credits) {
    row(w, credit.order_number, creditDescription(credit), credit.amount_formatted);
  }
  w.continued = null;
}

function totals(w: Writer, invoice: Invoice): void {
  const rows = totalRows(invoice);
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

/** A heading kept with at least its first two lines, then its paragraphs. */
function section(w: Writer, heading: string, lines: readonly string[]): void {
  w.need(18 + 2 * advance(10));
  w.text(heading, MARGIN, { size: 11, bold: true });
  w.y -= 18;
  for (const line of lines) w.paragraph(line, MARGIN, RIGHT - MARGIN);
}

function paymentSection(w: Writer, invoice: Invoice, issuer: InvoiceIssuer): void {
  const received = receivedLines(invoice);
  if (received.length > 0) {
    section(w, 'Payments received', received);
    w.y -= 12;
  }
  section(w, 'How to pay', howToPay(issuer, invoice.number));
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
