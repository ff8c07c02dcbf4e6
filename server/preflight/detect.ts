import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { FileFormat } from '../../contract/specRequirements';

/** file-type's extensions of the formats the checks read. */
const BY_EXTENSION: Readonly<Record<string, FileFormat>> = {
  pdf: 'pdf',
  tif: 'tiff',
  jpg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
};

export interface Detected {
  /** The format the checks know, or null. */
  format: FileFormat | null;
  /** What the bytes are, in words, when the checks do not know it ("a ZIP archive"). */
  other: string | null;
}

/** HTML is text: file-type cannot see it, so its first bytes are read for a document's opening. */
async function looksLikeHtml(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return /^(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|table)[\s>]/i.test(head);
  } finally {
    await handle.close();
  }
}

/** The format of a file from its bytes, never its name. */
export async function detectFormat(path: string): Promise<Detected> {
  const type = await fileTypeFromFile(path);
  if (type) {
    const format = BY_EXTENSION[type.ext] ?? null;
    const kind = type.ext.toUpperCase();
    // "an M4A file", "a ZIP file": the article follows how the letters are said.
    const article = /^[AEFHILMNORSX]/.test(kind) ? 'an' : 'a';
    return { format, other: format ? null : `${article} ${kind} file` };
  }
  if (await looksLikeHtml(path)) return { format: 'html', other: null };
  return { format: null, other: null };
}
