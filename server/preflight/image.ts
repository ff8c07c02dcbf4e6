import sharp from 'sharp';
import {
  byteSize,
  type FileFormat,
  FORMAT_LABELS,
  formatsInWords,
  type InchSize,
  inches,
  inchSize,
  listOr,
  type PrintRequirements,
  pixelSize,
  type ScreenImageRequirements,
  withBleed,
} from '../../contract/specRequirements';
import { nearestTrim, sameSize, trimsOf } from './paper';
import { decodeWithin, HEADER_ONLY, type PixelCeiling, pixelRefusal } from './pixelLimits';
import { type Check, count, failed, passed, Refused, warning } from './words';

/** Within half a percent of the ppi asked is enough: 299.6 ppi prints as 300. */
const PPI_SLACK = 0.995;

export interface ImageFacts {
  format: FileFormat;
  width: number;
  height: number;
  /** sharp's colour space: srgb, rgb, cmyk, b-w... */
  space: string;
  size: number;
}

/**
 * The image's facts. Its header is read first, and an image with more pixels than its spec could ever
 * need is refused before any decode; the rest is decoded whole (not only its header), so a cut-off
 * file is rejected rather than checked as fine.
 */
export async function readImage(
  path: string,
  format: FileFormat,
  size: number,
  ceiling: PixelCeiling,
): Promise<ImageFacts> {
  const meta = await sharp(path, HEADER_ONLY).metadata();
  if (!meta.width || !meta.height) throw new Error('The image has no size.');
  const refusal = pixelRefusal({ width: meta.width, height: meta.height }, ceiling);
  if (refusal) throw new Refused('pixel size', refusal);
  await sharp(path, { ...decodeWithin(ceiling), failOn: 'truncated' }).stats();
  return { format, width: meta.width, height: meta.height, space: meta.space ?? 'unknown', size };
}

const fileSizeCheck = (size: number, maxBytes: number): Check =>
  size <= maxBytes
    ? passed('file size', `${byteSize(size)}, within the ${byteSize(maxBytes)} limit.`)
    : failed('file size', `${byteSize(size)}; the limit is ${byteSize(maxBytes)}: export a smaller file.`);

/** A raster image for print: format, proportions and bleed, resolution, colour, file size. */
export function printImageChecks(
  image: ImageFacts,
  print: PrintRequirements,
  trim: InchSize | null,
): Check[] {
  const checks: Check[] = [];
  const label = FORMAT_LABELS[image.format];
  if (print.formats.includes(image.format)) checks.push(passed('format', `${label} file.`));
  else
    checks.push(
      failed(
        'format',
        `${label} ${image.format === 'png' || image.format === 'gif' || image.format === 'webp' ? 'cannot carry CMYK colour for print' : 'is not taken for print'}: export ${formatsInWords(print.formats)} instead.`,
      ),
    );

  const chosen = nearestTrim(trimsOf(print, trim), image.width / image.height, print.bleed);
  const document = withBleed(chosen, print.bleed);
  const ppi = Math.min(image.width / document.width, image.height / document.height);
  const shown = { width: image.width / ppi, height: image.height / ppi };
  if (sameSize(shown, document)) {
    checks.push(
      passed('proportions', `${pixelSize(image)} px fits the ${inchSize(document)} page with its bleed.`),
    );
  } else {
    // Built to the trim, without the bleed: the background stops at the edge and may show white.
    const atTrim = Math.min(image.width / chosen.width, image.height / chosen.height);
    const builtToTrim =
      print.bleed > 0 && sameSize({ width: image.width / atTrim, height: image.height / atTrim }, chosen);
    checks.push(
      builtToTrim
        ? failed(
            'bleed',
            `The artwork has the shape of the ${inchSize(chosen)} trim with no bleed: extend the background ${inches(print.bleed)} in past every edge to ${inchSize(document)}.`,
          )
        : failed(
            'proportions',
            `${pixelSize(image)} px is ${inchSize(shown)} at ${count(ppi)} ppi, not the shape of the ${inchSize(document)} page with bleed: crop or extend it to ${inchSize(document)}.`,
          ),
    );
  }
  if (ppi >= print.minPpi * PPI_SLACK)
    checks.push(passed('resolution', `${count(ppi)} ppi at ${inchSize(document)}.`));
  else
    checks.push(
      failed(
        'resolution',
        `${count(ppi)} ppi at ${inchSize(document)}; print needs ${print.minPpi} ppi: export at least ${count(Math.ceil(document.width * print.minPpi))} × ${count(Math.ceil(document.height * print.minPpi))} px.`,
      ),
    );
  if (image.space === 'cmyk') checks.push(passed('colour', 'CMYK colour.'));
  else if (image.space === 'b-w')
    checks.push(
      warning(
        'colour',
        'Greyscale: it prints in black ink only; convert it to CMYK if it should print in colour.',
      ),
    );
  else
    checks.push(
      failed('colour', 'RGB colour; print needs CMYK: convert the artwork to CMYK before you export.'),
    );
  checks.push(fileSizeCheck(image.size, print.maxBytes));
  return checks;
}

/** A still image for screens: format, exact pixel size, colour, file size. */
export function screenImageChecks(image: ImageFacts, screen: ScreenImageRequirements): Check[] {
  const checks: Check[] = [];
  const label = FORMAT_LABELS[image.format];
  checks.push(
    screen.formats.includes(image.format)
      ? passed('format', `${label} file.`)
      : failed(
          'format',
          `${label} is not taken for this placement: export ${formatsInWords(screen.formats)} instead.`,
        ),
  );
  const fits = screen.sizes.some((size) => size.width === image.width && size.height === image.height);
  checks.push(
    fits
      ? passed('pixel size', `${pixelSize(image)} px, a size this placement takes.`)
      : failed(
          'pixel size',
          `${pixelSize(image)} px; this placement takes ${listOr(screen.sizes.map(pixelSize))} px exactly: export at one of those sizes.`,
        ),
  );
  if (image.space === 'cmyk')
    checks.push(failed('colour', 'CMYK colour; screens show RGB: export it in sRGB.'));
  else checks.push(passed('colour', 'RGB colour, as screens show it.'));
  checks.push(fileSizeCheck(image.size, screen.maxBytes));
  return checks;
}

/** A small WebP for the library: at most 320 px on its long side, in sRGB. */
export async function thumbnailOf(path: string, ceiling: PixelCeiling): Promise<Buffer | null> {
  try {
    return await sharp(path, { ...decodeWithin(ceiling), pages: 1 })
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
