import sharp, { type SharpOptions } from 'sharp';
import {
  type InchSize,
  listOr,
  type PixelSize,
  type PrintRequirements,
  pixelSize,
  type ScreenImageRequirements,
  SHEET_REQUIREMENTS,
  withBleed,
} from '../../contract/specRequirements';
import { trimsOf } from './paper';
import { count } from './words';

/**
 * How many pixels an image may have before anything decodes it. A decoded image takes its width ×
 * height × channels in memory whatever its file's size (a 764 KB PNG can declare 16,383 × 16,383 px:
 * 800 MB), so the header is read first and a file past its spec's ceiling is refused undecoded.
 */

/**
 * Twice the resolution a print sheet asks, on each side: artwork exported at 600 ppi for a 300 ppi
 * sheet is common and fine, and anything larger is not an ad for that placement.
 */
const MARGIN = 2;

export interface PixelCeiling {
  /** The most pixels an image for this spec is decoded with. */
  pixels: number;
  /** After "W × H px is N megapixels; ": what the spec takes and what to export instead. */
  words: string;
}

const areaOf = (size: { width: number; height: number }) => size.width * size.height;

/** 268, 34.5, 8.64: megapixels to three figures. */
const megapixels = (pixels: number) => Number((pixels / 1e6).toPrecision(3)).toLocaleString('en-US');

/** The largest document of a print spec (its largest trim with bleed) at twice its resolution. */
function printLargest(print: PrintRequirements, trim: InchSize | null): PixelSize {
  const trims = trimsOf(print, trim);
  const largest = trims.reduce(
    (best, t) => (areaOf(t) > areaOf(best) ? t : best),
    trims[0] ?? { width: 1, height: 1 },
  );
  const document = withBleed(largest, print.bleed);
  const ppi = print.minPpi * MARGIN;
  return { width: Math.ceil(document.width * ppi), height: Math.ceil(document.height * ppi) };
}

/**
 * The most pixels any image is decoded with: the largest print document of the sheets at twice its
 * resolution (screens take far smaller sizes). A placement that states a larger trim of its own is
 * held to it too, so no spec can raise what one check takes.
 */
export const DECODE_PIXEL_LIMIT = Math.max(
  ...Object.values(SHEET_REQUIREMENTS)
    .flat()
    .flatMap((d) => (d.medium === 'print' ? [areaOf(printLargest(d, null))] : [])),
);

/**
 * The ceiling of an image checked against a print or screen deliverable. A screen takes exact sizes,
 * which its own check names, so an image larger than them is checked like any other until it is too
 * large to decode at all.
 */
export function pixelCeiling(
  deliverable: PrintRequirements | ScreenImageRequirements,
  trim: InchSize | null,
): PixelCeiling {
  if (deliverable.medium === 'screen')
    return {
      pixels: DECODE_PIXEL_LIMIT,
      words: `the largest image read is ${megapixels(DECODE_PIXEL_LIMIT)} megapixels, and this placement takes ${listOr(deliverable.sizes.map(pixelSize))} px: export at one of those sizes.`,
    };
  const wanted = printLargest(deliverable, trim);
  const shrink = Math.min(1, Math.sqrt(DECODE_PIXEL_LIMIT / areaOf(wanted)));
  const largest = { width: Math.floor(wanted.width * shrink), height: Math.floor(wanted.height * shrink) };
  return {
    pixels: areaOf(largest),
    words: `the largest this spec takes is ${megapixels(areaOf(largest))} megapixels: export at most ${count(largest.width)} × ${count(largest.height)} px.`,
  };
}

/** The check's sentence for an image past its ceiling, or null when it is within it. */
export function pixelRefusal(size: PixelSize, ceiling: PixelCeiling): string | null {
  if (areaOf(size) <= ceiling.pixels) return null;
  return `${count(size.width)} × ${count(size.height)} px is ${megapixels(areaOf(size))} megapixels; ${ceiling.words}`;
}

/**
 * sharp's options for reading the header only: `metadata()` decodes no pixel data, and the size it
 * reads is what the refusal names, so the pixel limit (which would hide it) is lifted for it alone.
 */
export const HEADER_ONLY: SharpOptions = { limitInputPixels: false, unlimited: false };

/** sharp's options for decoding an image already within its ceiling: streamed, and no more pixels. */
export const decodeWithin = (ceiling: PixelCeiling): SharpOptions => ({
  limitInputPixels: ceiling.pixels,
  sequentialRead: true,
  unlimited: false,
});

/**
 * libvips' settings are the process's, whichever thread sets them. Its cache would keep recent
 * decodes in memory for files that are read once; and one thread per image leaves how many cores the
 * checks take to the queue (FILE_CHECKS_AT_ONCE), so they never take every core from the requests.
 */
export function keepDecodesSmall(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
