import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';

/*
 * Artwork for a magazine page of the seeded titles (8.375 × 10.875 in trim, 0.125 in bleed: an
 * 8.625 × 11.125 in document), made by the tests that send ad files.
 */

/** An RGB PNG at 72 ppi: fails the resolution and colour checks of print. */
export const rgbPng = () =>
  sharp({ create: { width: 621, height: 801, channels: 3, background: '#3366cc' } })
    .withDensity(72)
    .png()
    .toBuffer();

/** A CMYK JPEG at 300 ppi at the document size: what the magazine asks for. */
export const cmykJpeg = () =>
  sharp({ create: { width: 2588, height: 3338, channels: 3, background: '#cc3366' } })
    .toColourspace('cmyk')
    .withDensity(300)
    .jpeg({ quality: 60 })
    .toBuffer();

const POINTS = 72;

/**
 * Issue 33: a one-page magazine PDF (the document size with a TrimBox) drawing a grey RGB image of
 * `pixels` at `frame` (inches from the page's top left: x, y, width, height), so the proof can mark it.
 * 300 × 200 px drawn 3 × 2 in is 100 ppi: too low for print.
 */
export async function magazinePdf(
  image: { pixels: [number, number]; frame: [number, number, number, number] } = {
    pixels: [300, 200],
    frame: [1, 2, 3, 2],
  },
  pages = 1,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(
    await sharp({
      create: { width: image.pixels[0], height: image.pixels[1], channels: 3, background: '#888888' },
    })
      .png()
      .toBuffer(),
  );
  const [x, y, width, height] = image.frame;
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([8.625 * POINTS, 11.125 * POINTS]);
    page.setTrimBox(0.125 * POINTS, 0.125 * POINTS, 8.375 * POINTS, 10.875 * POINTS);
    page.drawRectangle({
      x: 0,
      y: 0,
      width: 8.625 * POINTS,
      height: 11.125 * POINTS,
      color: rgb(0.95, 0.9, 0.8),
    });
    page.drawImage(png, {
      x: x * POINTS,
      y: (11.125 - y - height) * POINTS,
      width: width * POINTS,
      height: height * POINTS,
    });
  }
  return doc.save();
}
