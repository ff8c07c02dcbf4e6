import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { format, parseISO } from 'date-fns';
import type { InvoiceIssuer } from '../../contract/billing';

/*
 * The drawing the invoice's and the receipt's PDFs share: the document, what Helvetica can print, the
 * writer that breaks pages, the header with the sender's block, and the numbered footers.
 */

/** US Letter in points. */
export const PAGE = { width: 612, height: 792 } as const;
export const MARGIN = 48;
export const RIGHT = PAGE.width - MARGIN;
/** Lowest point a row may reach: below it is the footer's. */
const FOOT = MARGIN + 24;
/** The header's left column (the sender) stops short of the right one (the invoice's number and dates). */
export const SENDER_WIDTH = 300;
export const AMOUNT_WIDTH = 110;
export const INK = rgb(0.11, 0.09, 0.19);
export const MUTED = rgb(0.43, 0.4, 0.52);
const RULE = rgb(0.85, 0.82, 0.93);

/**
 * The calendar day an ISO instant names ("Mar 3, 2027"). Its date part is read as a local date so the
 * server's time zone cannot move an invoice issued late in the evening UTC to the next day.
 */
export const day = (iso: string): string => format(parseISO(iso.slice(0, 10)), 'MMM d, yyyy');

/** The characters of WinAnsi beyond Latin-1 (the standard fonts' only encoding). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};

/**
 * Text Helvetica can draw. pdf-lib throws on a character WinAnsi lacks, so a customer's name in another
 * script (or an emoji) becomes "?" rather than failing the whole invoice; line breaks become spaces
 * because drawText would otherwise stack them on one another.
 */
export function printable(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((char) => (isWinAnsi(char) ? char : '?')).join('');
}

/** A word wider than the column (an e-mail address, an IBAN) cut where it has to be. */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Lines no wider than `width`, broken between words (no-break spaces hold). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = printable(text)
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => breakWord(word, font, size, width));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  return line || lines.length === 0 ? [...lines, line] : lines;
}

export interface Style {
  size?: number;
  bold?: boolean;
  color?: Color;
}

/** How far down the next line starts after one of `size`. */
export const advance = (size: number): number => size + 3;

/** Draws top to bottom, starting a new page (with the table's headings again) when one is full. */
export class Writer {
  page: PDFPage;
  y = PAGE.height - MARGIN;
  readonly pages: PDFPage[] = [];
  /** Drawn at the top of each new page while the table runs: its column headings. */
  continued: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    return page;
  }

  font(style: Style): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Makes room for `height` points, on a new page when this one has not got them. */
  need(height: number): void {
    if (this.y - height >= FOOT) return;
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN;
    this.continued?.();
  }

  text(text: string, x: number, style: Style = {}): void {
    const size = style.size ?? 10;
    this.page.drawText(printable(text), {
      x,
      y: this.y - size,
      size,
      font: this.font(style),
      color: style.color ?? INK,
    });
  }

  /** Text whose right edge is at `right`. */
  right(text: string, right: number, style: Style = {}): void {
    const width = this.font(style).widthOfTextAtSize(printable(text), style.size ?? 10);
    this.text(text, right - width, style);
  }

  /** Wrapped text, one line under the other, running onto a new page if it must. */
  paragraph(text: string, x: number, width: number, style: Style = {}): void {
    const size = style.size ?? 10;
    for (const line of wrap(text, this.font(style), size, width)) {
      this.need(advance(size));
      this.text(line, x, style);
      this.y -= advance(size);
    }
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: RIGHT, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/**
 * A document and its writer, its metadata dated `at` (the invoice's issue, the payment): pdf-lib would
 * stamp the wall clock, and one invoice or payment is one file however often it is drawn.
 */
export async function startDocument(meta: {
  title: string;
  at: Date;
  issuer: InvoiceIssuer;
  productName: string;
}): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.issuer.name);
  doc.setProducer(meta.issuer.name);
  doc.setCreator(meta.productName);
  doc.setCreationDate(meta.at);
  doc.setModificationDate(meta.at);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  return { doc, w };
}

function sender(w: Writer, issuer: InvoiceIssuer): void {
  w.paragraph(issuer.name, MARGIN, SENDER_WIDTH, { size: 14, bold: true });
  w.y -= 4;
  for (const line of [...issuer.address, issuer.email, issuer.phone]) {
    w.paragraph(line, MARGIN, SENDER_WIDTH, { size: 9, color: MUTED });
  }
}

/** The sender on the left; on the right, side by side with it, the document's title and its facts. */
export function header(w: Writer, issuer: InvoiceIssuer, title: string, facts: readonly string[]): void {
  const top = w.y;
  sender(w, issuer);
  const senderBottom = w.y;
  w.y = top;
  w.right(title, RIGHT, { size: 22, bold: true });
  w.y -= 30;
  for (const line of facts) {
    w.right(line, RIGHT);
    w.y -= 14;
  }
  w.y = Math.min(w.y, senderBottom) - 16;
}

/** Drawn last, once the number of pages is known. */
export function footers(w: Writer, productName: string): void {
  const size = 8;
  w.pages.forEach((page, index) => {
    const text = printable(`${productName} · page ${index + 1} of ${w.pages.length}`);
    page.drawText(text, {
      x: (PAGE.width - w.regular.widthOfTextAtSize(text, size)) / 2,
      y: MARGIN / 2,
      size,
      font: w.regular,
      color: MUTED,
    });
  });
}
