/**
 * What the upload endpoint takes, before a byte arrives (issue 16): the size limit of each kind of
 * file and the company's total. Plain constants, free of zod: the /files page refuses a file that is
 * too large before starting it, with the server's own numbers and words.
 */
import { byteSize, type FileFormat } from './specRequirements';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

export interface UploadKind {
  readonly kind: 'video' | 'document' | 'image' | 'html';
  /** How the kind is named inside a sentence ("a video", "a PDF or TIFF"). */
  readonly words: string;
  readonly maxBytes: number;
  readonly types: readonly string[];
  readonly extensions: readonly string[];
  /** The formats the checks find in its bytes. */
  readonly formats: readonly FileFormat[];
}

export const UPLOAD_KINDS: readonly UploadKind[] = [
  {
    kind: 'video',
    words: 'a video',
    maxBytes: 500 * MB,
    types: ['video/mp4', 'video/quicktime'],
    extensions: ['mp4', 'm4v', 'mov'],
    formats: ['mp4', 'mov'],
  },
  {
    kind: 'document',
    words: 'a PDF or TIFF',
    maxBytes: 100 * MB,
    types: ['application/pdf', 'image/tiff'],
    extensions: ['pdf', 'tif', 'tiff'],
    formats: ['pdf', 'tiff'],
  },
  {
    kind: 'image',
    words: 'an image',
    maxBytes: 25 * MB,
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    formats: ['jpeg', 'png', 'gif', 'webp'],
  },
  {
    kind: 'html',
    words: 'an HTML e-mail',
    maxBytes: 200 * KB,
    types: ['text/html'],
    extensions: ['html', 'htm'],
    formats: ['html'],
  },
];

/** All of a company's files together. */
export const COMPANY_QUOTA_BYTES = 5 * GB;

/** The longest file name kept (longer ones are shortened, keeping the extension). */
export const FILE_NAME_MAX = 200;

const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The kind a file says it is, by its declared type or else its name's extension; null if we take neither. */
export function uploadKindOf(type: string, name: string): UploadKind | null {
  const declared = type.toLowerCase().split(';')[0]?.trim() ?? '';
  const byType = UPLOAD_KINDS.find((kind) => kind.types.includes(declared));
  if (byType) return byType;
  const extension = extensionOf(name);
  return UPLOAD_KINDS.find((kind) => kind.extensions.includes(extension)) ?? null;
}

export const TAKEN_FILES = 'PDF, TIFF, JPEG, PNG, GIF, WebP, MP4, MOV or HTML';

/** Why a file cannot be sent, or null when it can: the same words on the page and from the server. */
export function uploadRefusal(file: { name: string; type: string; size: number }): string | null {
  const kind = uploadKindOf(file.type, file.name);
  if (!kind) return `${file.name} is not a file we can check: send a ${TAKEN_FILES} file.`;
  if (file.size <= 0) return `${file.name} is empty: export it again and send the new file.`;
  if (file.size > kind.maxBytes)
    return `${file.name} is ${byteSize(file.size)}; ${kind.words} may be at most ${byteSize(kind.maxBytes)}: export a smaller file.`;
  return null;
}

/** The message when the company's files would pass the quota. */
export const quotaRefusal = (name: string, used: number): string =>
  `${name} does not fit: your company's files take ${byteSize(used)} of ${byteSize(COMPANY_QUOTA_BYTES)}. Delete files you no longer need, then send it again.`;

export { FILE_VIEWS } from './fileViews';
