import { format, parseISO } from 'date-fns';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Invoice, InvoiceIssuer, InvoiceStatus } from '../../contract/billing';
import { formatCentsExact } from '../../contract/money';

/** US Letter in points, and the margins around what is drawn. */
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 48;
const INK = rgb(0.11, 0.09, 0.19);
const MUTED = rgb(0.43, 0.4, 0.52);
const RULE = rgb(0.85, 0.82, 0.93);
const AMOUNT_WIDTH = 110;
/** Room kept at the foot of each page for its footer. */
const FOOT = MARGIN + 24;

const STATUS_WORDS: Record<InvoiceStatus, string> = { open: 'Open', overdue: 'Overdue', void: 'Void' };

/** The day of an ISO instant in words ("Mar 3, 2027"), read as the calendar day it names. */
const day = (iso: string) => format(parseISO(iso.slice(0, 10)), 'MMM d, yyyy');

/**
 * What Helvetica can print: the standard fonts encode WinAnsi only, so any other character (a name in
 * another script, an emoji) becomes "?" instead of stopping the whole PDF.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
        ? char
        : '?';
    })
    .join('');
}

/** Splits text into lines no wider than `width` at `size`, breaking between words (a long word alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws top to bottom, starting a new page (with the table's headings again) when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  readonly pages: PDFPage[] = [];
  /** Drawn at the top of every page after the first: the table's column headings. */
  continued: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    return page;
  }

  /** Makes room for `height` points, on a new page when this one has not got them. */
  need(height: number) {
    if (this.y - height >= FOOT) return;
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN;
    this.continued?.();
  }

  text(text: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK } = {}) {
    const size = options.size ?? 10;
    this.page.drawText(printable(text), {
      x,
      y: this.y - size,
      size,
      font: options.bold ? this.fonts.bold : this.fonts.regular,
      color: options.color ?? INK,
    });
  }

  /** Text whose right edge is at `right`. */
  right(text: string, right: number, options: { size?: number; bold?: boolean; color?: typeof INK } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    this.text(text, right - font.widthOfTextAtSize(printable(text), size), options);
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

const RIGHT = PAGE.width - MARGIN;
const DESCRIPTION_X = MARGIN + 96;
const DESCRIPTION_WIDTH = RIGHT - AMOUNT_WIDTH - DESCRIPTION_X;

function header(w: Writer, invoice: Invoice, issuer: InvoiceIssuer) {
  const top = w.y;
  w.text(issuer.name, MARGIN, { size: 14, bold: true });
  w.y -= 20;
  for (const line of [...issuer.address, issuer.email, issuer.phone]) {
    w.text(line, MARGIN, { size: 9, color: MUTED });
    w.y -= 12;
  }
  const left = w.y;
  w.y = top;
  w.right('INVOICE', RIGHT, { size: 22, bold: true });
  w.y -= 30;
  for (const line of [
    `Invoice ${invoice.number}`,
    `Issued ${day(invoice.issued_at)}`,
    `Due ${day(invoice.due_at)}`,
    `Status: ${STATUS_WORDS[invoice.status]}`,
  ]) {
    w.right(line, RIGHT, { size: 10 });
    w.y -= 14;
  }
  w.y = Math.min(w.y, left) - 16;
}

function billTo(w: Writer, invoice: Invoice) {
  const to = invoice.bill_to;
  w.text('BILL TO', MARGIN, { size: 8, bold: true, color: MUTED });
  w.y -= 14;
  const lines = [
    to.name,
    to.company,
    to.address,
    `${to.city}, ${to.state} ${to.zip}`,
    `${to.email} · ${to.phone}`,
    ...(to.po_number ? [`PO number ${to.po_number}`] : []),
  ];
  lines.forEach((line, index) => {
    w.text(line, MARGIN, { size: 10, bold: index === 0 });
    w.y -= 13;
  });
  w.y -= 14;
}

function columnHeadings(w: Writer) {
  w.text('ORDER', MARGIN, { size: 8, bold: true, color: MUTED });
  w.text('DESCRIPTION', DESCRIPTION_X, { size: 8, bold: true, color: MUTED });
  w.right('AMOUNT', RIGHT, { size: 8, bold: true, color: MUTED });
  w.y -= 14;
  w.rule();
  w.y -= 8;
}

/** One row: the order, its description lines (the first bold), the amount on the first line. */
function row(
  w: Writer,
  order: string,
  description: { text: string; bold?: boolean; size?: number }[],
  amount: string,
) {
  const lines = description.flatMap((part) =>
    wrap(part.text, part.bold ? w.fonts.bold : w.fonts.regular, part.size ?? 10, DESCRIPTION_WIDTH).map(
      (text) => ({ ...part, text }),
    ),
  );
  const height = lines.reduce((sum, line) => sum + (line.size ?? 10) + 3, 0) + 8;
  w.need(height);
  w.text(order, MARGIN, { size: 10, bold: true });
  w.right(amount, RIGHT, { size: 10, bold: true });
  for (const line of lines) {
    w.text(line.text, DESCRIPTION_X, {
      size: line.size ?? 10,
      bold: line.bold ?? false,
      color: line.bold ? INK : MUTED,
    });
    w.y -= (line.size ?? 10) + 3;
  }
  w.y -= 5;
  w.rule();
  w.y -= 8;
}

const dollars = (amount: number) => formatCentsExact(Math.round(amount * 100));

function lines(w: Writer, invoice: Invoice) {
  columnHeadings(w);
  w.continued = () => columnHeadings(w);
  for (const line of invoice.lines) {
    row(
      w,
      line.order_number,
      [
        { text: `${line.title}, ${line.market}`, bold: true },
        { text: `Runs: ${line.runs.join('; ')}`, size: 9 },
        ...(line.discount > 0
          ? [
              {
                text: `${dollars(line.subtotal)} less a volume discount of ${dollars(line.discount)}`,
                size: 9,
              },
            ]
          : []),
      ],
      line.amount_formatted,
    );
  }
  for (const credit of invoice.credits) {
    row(
      w,
      credit.order_number,
      [{ text: `Credit for cancelled order ${credit.order_number} (${day(credit.at)})`, bold: true }],
      credit.amount_formatted,
    );
  }
  w.continued = null;
}

function totals(w: Writer, invoice: Invoice) {
  const credited = invoice.credits.reduce((sum, credit) => sum + Math.round(credit.amount * 100), 0);
  const rows: [string, string, boolean][] = [
    ['Total', invoice.total_formatted, false],
    ...(invoice.credits.length > 0
      ? [['Credits', formatCentsExact(credited), false] as [string, string, boolean]]
      : []),
    ['Balance due', invoice.balance_formatted, true],
  ];
  w.need(rows.length * 18 + 10);
  w.y -= 4;
  for (const [label, amount, bold] of rows) {
    w.right(label, RIGHT - AMOUNT_WIDTH, { size: bold ? 12 : 10, bold });
    w.right(amount, RIGHT, { size: bold ? 12 : 10, bold });
    w.y -= bold ? 20 : 16;
  }
  w.y -= 12;
}

function payment(w: Writer, invoice: Invoice, issuer: InvoiceIssuer) {
  const paragraphs = [...issuer.payment, `Please quote ${invoice.number} with your payment.`];
  const wrapped = paragraphs.flatMap((text) => wrap(text, w.fonts.regular, 10, RIGHT - MARGIN));
  w.need(24 + wrapped.length * 14);
  w.text('How to pay', MARGIN, { size: 11, bold: true });
  w.y -= 18;
  for (const line of wrapped) {
    w.text(line, MARGIN, { size: 10 });
    w.y -= 14;
  }
}

function footers(w: Writer, productName: string) {
  w.pages.forEach((page, index) => {
    const text = printable(`${productName} · page ${index + 1} of ${w.pages.length}`);
    const size = 8;
    page.drawText(text, {
      x: (PAGE.width - w.fonts.regular.widthOfTextAtSize(text, size)) / 2,
      y: MARGIN / 2,
      size,
      font: w.fonts.regular,
      color: MUTED,
    });
  });
}

/**
 * An invoice as a PDF (US Letter): the sender and how to pay from configuration, the figures of the
 * invoice as the page shows them (its formatted amounts are printed, never recomputed), and as many
 * pages as its lines need. Dated by the invoice, not the wall clock, so one invoice is one file.
 */
export async function invoicePdf(
  invoice: Invoice,
  issuer: InvoiceIssuer,
  productName: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const issued = new Date(invoice.issued_at);
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setAuthor(printable(issuer.name));
  doc.setProducer(printable(issuer.name));
  doc.setCreator(printable(productName));
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts);
  header(w, invoice, issuer);
  billTo(w, invoice);
  lines(w, invoice);
  totals(w, invoice);
  payment(w, invoice, issuer);
  footers(w, productName);
  // Without object streams every run of the same invoice writes the same bytes.
  return doc.save({ useObjectStreams: false });
}
