import { fileTypeFromBuffer } from 'file-type';
import { ADMIN_FILE_BYTES } from '../http/bodyLimits';

/** What a brief's file or a proof is, by its bytes (never by its name or the browser's word). */

export interface Kind {
  contentType: string;
  /** The format's short name, as an ad file's `format` is written. */
  format: string;
}

const KINDS: Readonly<Record<string, Kind>> = {
  pdf: { contentType: 'application/pdf', format: 'pdf' },
  png: { contentType: 'image/png', format: 'png' },
  jpg: { contentType: 'image/jpeg', format: 'jpeg' },
  zip: { contentType: 'application/zip', format: 'zip' },
};

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
  if (found) return KINDS[found.ext] ?? null;
  return looksLikeSvg(bytes) ? { contentType: 'image/svg+xml', format: 'svg' } : null;
}

/** A studio's proof: PDF, PNG or JPEG, else null. */
export async function proofKind(bytes: Uint8Array): Promise<Kind | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found && found.ext !== 'zip' ? (KINDS[found.ext] ?? null) : null;
}

export const BRIEF_FILE_TYPES = 'a PDF, PNG, JPEG, SVG or ZIP file';
export const PROOF_FILE_TYPES = 'a PDF, PNG or JPEG file';

/** The largest brief file, and the largest proof (of a design or of delivery), in bytes (the body limits refuse larger first). */
export const BRIEF_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const PROOF_MAX_BYTES = ADMIN_FILE_BYTES;
