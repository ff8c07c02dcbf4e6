import { FILE_NAME_MAX } from '../../contract/uploads';

/**
 * Characters a file name never keeps: controls (Unicode Cc: NUL, line breaks, escape), format marks
 * (Cf: bidirectional overrides and isolates that show `invoice\u202Egnp.exe` as `invoiceexe.png`,
 * zero-width spaces and joiners, soft hyphens) and the line and paragraph separators (Zl, Zp).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const EXTENSION = /\.[\p{L}\p{N}]{1,8}$/u;

/** What a file that has nothing else to be called is called, before its extension. */
const NAMELESS = 'file';

/**
 * A client's file name as it is stored and shown back (list, page, e-mail, `Content-Disposition`):
 * the last part of a path, without invisible characters, trimmed, at most FILE_NAME_MAX characters
 * with its extension kept, and never empty: a name with nothing before its extension is `file` with
 * that extension.
 */
export function cleanFileName(raw: string): string {
  const visible = (raw.split(/[\\/]/).pop() ?? '').replace(INVISIBLE, '').trim();
  const extension = visible.match(EXTENSION)?.[0] ?? '';
  const stem = visible.slice(0, visible.length - extension.length);
  if (/^[.\s]*$/.test(stem)) return NAMELESS + extension;
  const characters = [...stem];
  const room = FILE_NAME_MAX - [...extension].length;
  // Cut by code points, so a character outside the BMP is never split in half.
  return characters.length <= room
    ? stem + extension
    : characters.slice(0, room).join('').trimEnd() + extension;
}
