import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { printable, wrap } from '../billing/pdfParts';
import type { CompanySettings } from '../companySettings';

/** The legal documents the storefront links (public/legal/, drawn from scripts/legal/). */
export const LEGAL_PDFS = ['terms.pdf', 'privacy.pdf'] as const;

const MUTED = rgb(0.43, 0.4, 0.52);
const SIZE = 8;
/** The documents leave 30 mm at the foot of each page (scripts/legal/legal.css); the words sit in it. */
const FIRST_LINE_Y = 46;
const SIDE = 57;

/**
 * A legal document with, at the foot of each page, the company that runs the product and its address
 * as the server is configured: the terms and the privacy policy name the same company as the invoices,
 * the e-mails and the footer. The document's own metadata is kept, so the same settings give the same file.
 */
export async function withCompany(
  pdf: Uint8Array,
  company: CompanySettings,
  productName: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  const who = `${productName} is run by ${[company.legalName, ...company.address].join(', ')}.`;
  pages.forEach((page, index) => {
    const width = page.getWidth() - 2 * SIDE;
    const lines = wrap(`${who} Page ${index + 1} of ${pages.length}.`, font, SIZE, width);
    lines.forEach((line, at) => {
      const text = printable(line);
      page.drawText(text, {
        x: (page.getWidth() - font.widthOfTextAtSize(text, SIZE)) / 2,
        y: FIRST_LINE_Y - at * (SIZE + 3),
        size: SIZE,
        font,
        color: MUTED,
      });
    });
  });
  // Plain objects, as the browser's print wrote them: readers that scan for pages still find them.
  return doc.save({ useObjectStreams: false });
}
