import { readFile } from 'node:fs/promises';
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
} from '@cantoo/pdf-lib';
import type { CheckPlace } from '../../contract/adFiles';
import {
  byteSize,
  type InchSize,
  inches,
  inchSize,
  type PrintRequirements,
  withBleed,
} from '../../contract/specRequirements';
import { INCH_TOLERANCE, sameSize, trimOfSize, trimsOf } from './paper';
import { type PlacedImage, placedImages } from './pdfContent';
import { pageRefusal, pdfStructureRefusal } from './pdfLimits';
import { type Check, count, failed, passed, Refused, warning } from './words';

const POINTS_PER_INCH = 72;
const PPI_SLACK = 0.995;

/** A PDF that cannot be opened: encrypted, or not a PDF inside. */
export class UnreadablePdf extends Error {}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const toInches = (box: Box): InchSize => ({
  width: box.width / POINTS_PER_INCH,
  height: box.height / POINTS_PER_INCH,
});

/** An image drawn on a page (1-based), with the page's MediaBox, the proof's whole page. */
type OnPage = PlacedImage & { page: number; media: Box };

const fraction = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Where an image is on its page as the proof shows it: fractions of the MediaBox from its top left
 * (PDF's user space runs up from the bottom left), cut to the page.
 */
function placeOf(image: OnPage): CheckPlace {
  const { media, frame } = image;
  const left = fraction((frame.left - media.x) / media.width);
  const right = fraction((frame.right - media.x) / media.width);
  const top = fraction((media.y + media.height - frame.top) / media.height);
  const bottom = fraction((media.y + media.height - frame.bottom) / media.height);
  return { page: image.page, x: left, y: top, width: right - left, height: bottom - top };
}

/** The names of the fonts a page uses that are not embedded in the file. */
function unembeddedFonts(doc: PDFDocument, resources: PDFDict | undefined): string[] {
  const context = doc.context;
  const look = (object: PDFObject | undefined) =>
    object instanceof PDFRef ? context.lookup(object) : object;
  const fonts = look(resources?.get(PDFName.of('Font')));
  if (!(fonts instanceof PDFDict)) return [];
  const missing: string[] = [];
  for (const [, ref] of fonts.entries()) {
    const font = look(ref);
    if (!(font instanceof PDFDict)) continue;
    const subtype = font.get(PDFName.of('Subtype'))?.toString();
    if (subtype === '/Type3') continue;
    let described: PDFDict = font;
    if (subtype === '/Type0') {
      const descendants = look(font.get(PDFName.of('DescendantFonts')));
      const first = descendants instanceof PDFArray ? look(descendants.get(0)) : undefined;
      if (first instanceof PDFDict) described = first;
    }
    const descriptor = look(described.get(PDFName.of('FontDescriptor')));
    const embedded =
      descriptor instanceof PDFDict &&
      ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
    if (!embedded) missing.push((font.get(PDFName.of('BaseFont'))?.toString() ?? '/unnamed').slice(1));
  }
  return missing;
}

/** A print PDF: pages, trim, bleed, fonts, image resolution and colour, file size. */
export async function pdfChecks(
  path: string,
  size: number,
  print: PrintRequirements,
  trim: InchSize | null,
): Promise<Check[]> {
  const bytes = await readFile(path);
  const structure = pdfStructureRefusal(bytes);
  if (structure) throw new Refused('structure', structure);
  let doc: PDFDocument;
  try {
    // Parsed without pauses: the check runs on a worker thread of its own, where nothing else waits.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw new UnreadablePdf(
      encrypted
        ? 'The PDF is password-protected: export it again without a password.'
        : 'The PDF could not be read: export it again and send the new file.',
    );
  }
  const checks: Check[] = [passed('format', 'PDF file.')];
  const tooMany = pageRefusal(doc.getPageCount(), print.pages);
  if (tooMany) throw new Refused('pages', tooMany);
  const pages = doc.getPages();
  const first = pages[0];
  if (!first) throw new UnreadablePdf('The PDF has no pages: export it again and send the new file.');
  const wanted = print.pages === 1 ? '1 page' : `${print.pages} pages (front, then address side)`;
  checks.push(
    pages.length === print.pages
      ? passed(
          'pages',
          `${pages.length === 1 ? '1 page' : `${pages.length} pages`}, as this placement takes.`,
        )
      : failed(
          'pages',
          `${pages.length === 1 ? '1 page' : `${pages.length} pages`}; this placement takes ${wanted} in one file: export exactly that.`,
        ),
  );

  // The trim: the TrimBox when the file sets one, else the page (MediaBox) may be the trim or the
  // trim with its bleed.
  const media = toInches(first.getMediaBox());
  const hasTrimBox = first.node.has(PDFName.of('TrimBox'));
  const trimBox = hasTrimBox ? toInches(first.getTrimBox()) : null;
  const chosen = trimOfSize(trimsOf(print, trim), trimBox ?? media, print.bleed);
  const document = withBleed(chosen, print.bleed);
  if (trimBox) {
    checks.push(
      sameSize(trimBox, chosen)
        ? passed('trim', `${inchSize(trimBox)} trim.`)
        : failed(
            'trim',
            `The trim is ${inchSize(trimBox)}; this placement is ${inchSize(chosen)}: set the page's trim to ${inchSize(chosen)}.`,
          ),
    );
    if (print.bleed > 0) {
      const bleedBox = first.node.has(PDFName.of('BleedBox')) ? first.getBleedBox() : first.getMediaBox();
      const box = first.getTrimBox();
      const room =
        Math.min(
          box.x - bleedBox.x,
          box.y - bleedBox.y,
          bleedBox.x + bleedBox.width - (box.x + box.width),
          bleedBox.y + bleedBox.height - (box.y + box.height),
        ) / POINTS_PER_INCH;
      checks.push(
        room >= print.bleed - INCH_TOLERANCE
          ? passed('bleed', `${inches(print.bleed)} in bleed on every side.`)
          : failed(
              'bleed',
              `${room <= 0 ? 'No bleed' : `Only ${inches(room)} in of bleed`}; print needs ${inches(print.bleed)} in past every edge: export with bleed (${inchSize(document)} in all).`,
            ),
      );
    }
  } else if (print.bleed > 0 && sameSize(media, document)) {
    checks.push(passed('trim', `${inchSize(media)} page: the ${inchSize(chosen)} trim with its bleed.`));
    checks.push(
      warning(
        'bleed',
        `No TrimBox marks the trim; it is taken as ${inchSize(chosen)} in the middle: export as PDF/X-1a to set it.`,
      ),
    );
  } else if (sameSize(media, chosen)) {
    checks.push(passed('trim', `${inchSize(media)} page, the trim size.`));
    if (print.bleed > 0)
      checks.push(
        failed(
          'bleed',
          `No bleed: the page stops at the trim; add ${inches(print.bleed)} in past every edge (${inchSize(document)} in all).`,
        ),
      );
  } else {
    checks.push(
      failed(
        'trim',
        `The page is ${inchSize(media)}; this placement is ${inchSize(chosen)}${print.bleed > 0 ? ` (${inchSize(document)} with bleed)` : ''}: set the page to that size.`,
      ),
    );
  }

  const missing = [...new Set(pages.flatMap((page) => unembeddedFonts(doc, page.node.Resources())))];
  checks.push(
    missing.length === 0
      ? passed('fonts', 'Every font is embedded.')
      : failed(
          'fonts',
          `Fonts not embedded: ${missing.join(', ')}; embed all fonts when you export (PDF/X-1a does).`,
        ),
  );

  let images: OnPage[] = [];
  let readable = true;
  try {
    images = pages.flatMap((page, index) =>
      placedImages(doc.context, page.node.Contents(), page.node.Resources()).map((image) => ({
        ...image,
        page: index + 1,
        media: page.getMediaBox(),
      })),
    );
  } catch {
    readable = false;
  }
  const sized = images.filter((image) => image.drawnWidth > 0 && image.drawnHeight > 0 && image.width > 0);
  if (!readable)
    checks.push(
      warning(
        'image resolution',
        'The images could not be measured: check they are 300 ppi at their size on the page.',
      ),
    );
  else if (sized.length > 0) {
    const ppiOf = (image: OnPage) =>
      Math.min(
        image.width / (image.drawnWidth / POINTS_PER_INCH),
        image.height / (image.drawnHeight / POINTS_PER_INCH),
      );
    const ppi = Math.min(...sized.map(ppiOf));
    const low = sized.filter((image) => ppiOf(image) < print.minPpi * PPI_SLACK);
    checks.push(
      low.length === 0
        ? passed('image resolution', `Every image is at least ${count(ppi)} ppi where it is placed.`)
        : {
            ...failed(
              'image resolution',
              `An image is ${count(ppi)} ppi where it is placed; print needs ${print.minPpi} ppi: replace it with a larger one or place it smaller.`,
            ),
            where: low.map(placeOf),
          },
    );
    const rgb = sized.filter((image) => image.colour === 'rgb').length;
    checks.push(
      rgb === 0
        ? passed('colour', 'The images are in CMYK or greyscale.')
        : warning(
            'colour',
            `${rgb === 1 ? 'An image is' : `${rgb} images are`} RGB; print is CMYK: convert ${rgb === 1 ? 'it' : 'them'} before you export, or colours may shift.`,
          ),
    );
  }
  checks.push(
    size <= print.maxBytes
      ? passed('file size', `${byteSize(size)}, within the ${byteSize(print.maxBytes)} limit.`)
      : failed(
          'file size',
          `${byteSize(size)}; the limit is ${byteSize(print.maxBytes)}: export a smaller file.`,
        ),
  );
  return checks;
}
