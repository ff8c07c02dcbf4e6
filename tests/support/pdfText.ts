import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * pdf.js reads the metrics of the 14 standard fonts from its own folder; without it, it warns on every
 * page and guesses the widths. In Node the "URL" is a path, and it must end with a slash.
 */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A piece of text where pdf.js found it on the page. */
interface Placed {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pieces whose baselines are this close (in points) are on one line. */
const SAME_LINE = 1;

/** The pieces grouped into lines, top to bottom, each line left to right. */
function lines(items: Placed[]): Placed[][] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const grouped: { y: number; items: Placed[] }[] = [];
  for (const item of sorted) {
    const current = grouped.at(-1);
    if (current && Math.abs(current.y - item.y) <= SAME_LINE) current.items.push(item);
    else grouped.push({ y: item.y, items: [item] });
  }
  return grouped.map((line) => line.items.sort((a, b) => a.x - b.x));
}

/** A line's pieces joined, with a space only where there is a gap between them (not inside a word). */
function joinLine(line: Placed[]): string {
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const item of line) {
    const gap = item.x - end > item.height * 0.15;
    text += text && gap && !text.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
    end = item.x + item.width;
  }
  return text.trim();
}

/**
 * The text of each page of a PDF as a reader would copy it: one line per baseline, left to right
 * (a test reads a generated PDF back).
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js transfers the buffer it is given to its worker, which would empty the caller's: it gets a copy.
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      const placed = content.items.flatMap((item): Placed[] =>
        'str' in item && item.str.trim() !== ''
          ? [
              {
                str: item.str,
                x: Number(item.transform[4]),
                y: Number(item.transform[5]),
                width: item.width,
                height: item.height,
              },
            ]
          : [],
      );
      pages.push(lines(placed).map(joinLine).join('\n'));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
