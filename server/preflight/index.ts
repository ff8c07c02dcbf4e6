import {
  byteSize,
  type Deliverable,
  type FileFormat,
  FORMAT_LABELS,
  type InchSize,
  listOr,
} from '../../contract/specRequirements';
import { UPLOAD_KINDS } from '../../contract/uploads';
import { detectFormat } from './detect';
import { emailChecks } from './email';
import { printImageChecks, readImage, screenImageChecks, thumbnailOf } from './image';
import { pdfChecks, UnreadablePdf } from './pdf';
import { pixelCeiling } from './pixelLimits';
import { readMovie, UnreadableVideo, videoChecks } from './video';
import { aFormat, type Check, failed, Refused } from './words';

export type { Check } from './words';

export interface PreflightInput {
  /** The file, on this machine. */
  path: string;
  size: number;
  /** What the sheet takes (contract/specRequirements.ts). */
  deliverables: readonly Deliverable[];
  /** The placement's own trim, when it states one. */
  trim: InchSize | null;
  /** The sheet's title, for a file of a kind it does not take. */
  sheetTitle: string;
}

export interface PreflightResult {
  /** `rejected`: not a kind the sheet takes, or unreadable; `attention`: a check failed. */
  status: 'passed' | 'attention' | 'rejected';
  format: FileFormat | null;
  checks: Check[];
  /** A small WebP of an image. */
  thumbnail: Buffer | null;
}

const RASTER: readonly FileFormat[] = ['tiff', 'jpeg', 'png', 'gif', 'webp'];

/** The deliverable a file of this format is checked against, if the sheet takes its kind at all. */
function deliverableFor(format: FileFormat, deliverables: readonly Deliverable[]): Deliverable | null {
  const of = (medium: Deliverable['medium']) => deliverables.find((d) => d.medium === medium) ?? null;
  if (format === 'pdf') return of('print');
  if (RASTER.includes(format)) return of('print') ?? of('screen');
  if (format === 'mp4' || format === 'mov') return of('video');
  return of('email');
}

/** Every format the sheet's deliverables take, in words. */
const takenFormats = (deliverables: readonly Deliverable[]) =>
  listOr([...new Set(deliverables.flatMap((d) => d.formats))].map((f) => FORMAT_LABELS[f]));

const rejected = (format: FileFormat | null, message: string, check = 'type'): PreflightResult => ({
  status: 'rejected',
  format,
  checks: [failed(check, message)],
  thumbnail: null,
});

/**
 * Checks a file against a spec sheet the moment it arrives. Its type comes from its bytes; each check
 * says what it found and, unless it passed, what to do.
 */
export async function preflight(input: PreflightInput): Promise<PreflightResult> {
  const { format, other } = await detectFormat(input.path);
  const taken = takenFormats(input.deliverables);
  if (!format)
    return rejected(
      null,
      `This is ${other ?? 'not a file we can read'}; ${input.sheetTitle} take ${taken} files: export one of those.`,
    );
  // The size limit of what the bytes are, not of what the upload said it was: a large "video" that
  // is really a PDF is never parsed whole.
  const kind = UPLOAD_KINDS.find((k) => k.formats.includes(format));
  if (kind && input.size > kind.maxBytes)
    return rejected(
      format,
      `This is ${aFormat(format)} file of ${byteSize(input.size)}; ${kind.words} may be at most ${byteSize(kind.maxBytes)}: export a smaller file.`,
    );
  const deliverable = deliverableFor(format, input.deliverables);
  if (!deliverable)
    return rejected(
      format,
      `This is ${aFormat(format)} file; ${input.sheetTitle} take ${taken} files: export one of those.`,
    );
  let checks: Check[];
  let thumbnail: Buffer | null = null;
  try {
    if (deliverable.medium === 'print' && format === 'pdf')
      checks = await pdfChecks(input.path, input.size, deliverable, input.trim);
    else if (deliverable.medium === 'print' || deliverable.medium === 'screen') {
      const ceiling = pixelCeiling(deliverable, input.trim);
      const image = await readImage(input.path, format, input.size, ceiling);
      checks =
        deliverable.medium === 'print'
          ? printImageChecks(image, deliverable, input.trim)
          : screenImageChecks(image, deliverable);
      thumbnail = await thumbnailOf(input.path, ceiling);
    } else if (deliverable.medium === 'video')
      checks = videoChecks(await readMovie(input.path), format, input.size, deliverable);
    else checks = await emailChecks(input.path, input.size, deliverable);
  } catch (error) {
    if (error instanceof Refused) return rejected(format, error.message, error.check);
    if (error instanceof UnreadablePdf) return rejected(format, error.message);
    if (error instanceof UnreadableVideo)
      return rejected(
        format,
        `The ${FORMAT_LABELS[format]} could not be read: export it again and send the new file.`,
      );
    return rejected(
      format,
      `The ${FORMAT_LABELS[format]} could not be read: export it again and send the new file.`,
    );
  }
  const status = checks.some((check) => check.result === 'failed') ? 'attention' : 'passed';
  return { status, format, checks, thumbnail };
}
