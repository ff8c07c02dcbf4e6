import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the 14 standard fonts' metrics from its own folder (a path in Node, with its slash). */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page of a PDF, as a reader would copy it (a test reads a generated PDF back). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes the buffer over: it gets a copy.
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .flatMap((item) => ('str' in item ? [`${item.str}${item.hasEOL ? '\n' : ' '}`] : []))
        .join('')
        .replace(/[ \t]+\n/g, '\n'),
    );
  }
  await document.destroy();
  return pages;
}
