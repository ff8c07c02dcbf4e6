import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { checked, expectOneSentenceEach, named, saved } from './fixtures';

/*
 * Fonts in a print PDF. pdf-lib embeds a TrueType font only with @pdf-lib/fontkit, which the project
 * does not install, so the embedded font is built by hand: a descriptor whose FontFile2 stream holds
 * the font program (a few bytes stand for it: the check reads the descriptor, never the program).
 */

const points = (inches: number) => inches * 72;

/** A magazine page with its bleed and TrimBox, so that only the fonts can fail. */
async function magazinePage() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([points(8.625), points(11.125)]);
  page.setTrimBox(points(0.125), points(0.125), points(8.375), points(10.875));
  return { doc, page };
}

function embeddedTrueType(doc: PDFDocument, name: string) {
  const { context } = doc;
  const program = context.register(context.flateStream(new Uint8Array([0, 1, 0, 0, 0, 0])));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 32,
      FontBBox: [0, -200, 1000, 800],
      ItalicAngle: 0,
      Ascent: 800,
      Descent: -200,
      CapHeight: 700,
      StemV: 80,
      FontFile2: program,
    }),
  );
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'TrueType',
      BaseFont: name,
      FirstChar: 32,
      LastChar: 32,
      Widths: [250],
      FontDescriptor: descriptor,
    }),
  );
}

describe('fonts in a print PDF', () => {
  it('passes a font whose program is in the file', async () => {
    const { doc, page } = await magazinePage();
    page.node.setFontDictionary(PDFName.of('F1'), embeddedTrueType(doc, 'Adlane-Sans'));
    const result = await checked(await saved('ad.pdf', await doc.save()), 'magazine-print-ads');
    expect(named(result, 'fonts')).toEqual({
      name: 'fonts',
      result: 'passed',
      message: 'Every font is embedded.',
    });
    expect(result.status, JSON.stringify(result.checks)).toBe('passed');
  });

  it('names only the fonts that are not embedded, a standard one among them', async () => {
    const { doc, page } = await magazinePage();
    page.node.setFontDictionary(PDFName.of('F1'), embeddedTrueType(doc, 'Adlane-Sans'));
    const times = await doc.embedFont(StandardFonts.TimesRoman);
    page.drawText('Open Sundays', { x: 40, y: 40, size: 24, font: times });
    const result = await checked(await saved('ad.pdf', await doc.save()), 'magazine-print-ads');
    expect(result.status).toBe('attention');
    expect(named(result, 'fonts')?.message).toBe(
      'Fonts not embedded: Times-Roman; embed all fonts when you export (PDF/X-1a does).',
    );
    expectOneSentenceEach(result);
  });
});
