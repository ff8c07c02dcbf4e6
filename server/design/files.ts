import { fileTypeFromBuffer } from 'file-type';
import { ADMIN_FILE_BYTES } from '../http/bodyLimits';

/** What a brief's file or a proof is, by its bytes (never by its name or the browser's word). */

export interface Kind {
  contentType: string;
  /** The format's short name, as an ad file's `format` is written. */
  format: string;
}

/** The formats any proof but a delivery report comes in: a studio's, or a run's picture or scan. */
export type PictureFormat = 'pdf' | 'png' | 'jpeg';
interface Picture extends Kind {
  format: PictureFormat;
}

/** A PDF, PNG or JPEG by file-type's extension (a JPEG's is `jpg`). */
const PICTURES = new Map<string, Picture>([
  ['pdf', { contentType: 'application/pdf', format: 'pdf' }],
  ['png', { contentType: 'image/png', format: 'png' }],
  ['jpg', { contentType: 'image/jpeg', format: 'jpeg' }],
]);

const ZIP: Kind = { contentType: 'application/zip', format: 'zip' };

/** A PDF, PNG or JPEG by file-type's extension, else null. */
export const pictureOf = (ext: string): Picture | null => PICTURES.get(ext) ?? null;

/** The format of a PDF, PNG or JPEG by its content type (a proof's, as stored), else null. */
export const formatOfContentType = (contentType: string): PictureFormat | null =>
  [...PICTURES.values()].find((kind) => kind.contentType === contentType)?.format ?? null;

/** An SVG is text: its opening (after an XML declaration, a doctype or comments) says what it is. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 2048))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!doctype svg[^>]*>\s*)*<svg[\s>]/i.test(head);
}

/** A brief's file: PDF, PNG, JPEG, SVG or ZIP, else null. */
export async function briefFileKind(bytes: Uint8Array): Promise<Kind | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.ext === 'zip' ? ZIP : pictureOf(found.ext);
  return looksLikeSvg(bytes) ? { contentType: 'image/svg+xml', format: 'svg' } : null;
}

/** A studio's proof: PDF, PNG or JPEG, else null. */
export async function proofKind(bytes: Uint8Array): Promise<Kind | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? pictureOf(found.ext) : null;
}

export const BRIEF_FILE_TYPES = 'a PDF, PNG, JPEG, SVG or ZIP file';
export const PROOF_FILE_TYPES = 'a PDF, PNG or JPEG file';

/** The largest brief file, and the largest proof (of a design or of delivery), in bytes (the body limits refuse larger first). */
export const BRIEF_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const PROOF_MAX_BYTES = ADMIN_FILE_BYTES;
