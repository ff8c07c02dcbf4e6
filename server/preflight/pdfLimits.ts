import { constants, inflateSync } from 'node:zlib';
import { SHEET_REQUIREMENTS } from '../../contract/specRequirements';
import { count } from './words';

/**
 * What a PDF may hold before pdf-lib parses it. pdf-lib loads the whole object graph at once, and
 * inflates every object stream and cross-reference stream as it goes, so both are bounded from the
 * raw bytes first: a cheap scan that counts the objects and inflates those streams with a ceiling.
 */

/**
 * Objects pdf-lib may load. An exported ad holds hundreds to a few thousand; pdf-lib takes about a
 * second and 50 MB of heap per 50,000.
 */
export const MAX_PDF_OBJECTS = 50_000;

/** The object and cross-reference streams' bytes once inflated, all together. */
export const MAX_STRUCTURE_BYTES = 64 * 1024 * 1024;

/** The most pages any sheet takes in one file: a PDF with more is not an ad, and is not read further. */
export const MAX_PDF_PAGES = Math.max(
  ...Object.values(SHEET_REQUIREMENTS)
    .flat()
    .map((d) => (d.medium === 'print' ? d.pages : 1)),
);

/** A PDF name as a regular expression: any of its letters may be written as #xx. */
const nameOf = (word: string) =>
  [...word]
    .map((letter) => {
      const hex = letter.charCodeAt(0).toString(16);
      return `(?:${letter}|#${hex.toLowerCase()}|#${hex.toUpperCase()})`;
    })
    .join('');

/** Whitespace (NUL is whitespace in a PDF) and comments, which may stand between any two tokens. */
const GAP = String.raw`(?:[\s\0]|%[^\r\n]*[\r\n])*`;
const NAME = String.raw`[^\s\0/<>\[\]()%]+`;
const NAME_END = String.raw`(?![^\s\0/<>\[\]()%])`;
const STRUCTURE = new RegExp(
  `/${nameOf('Type')}${GAP}/(?:${nameOf('ObjStm')}|${nameOf('XRef')})${NAME_END}`,
  'g',
);
const COUNT = new RegExp(`/${nameOf('N')}${GAP}(\\d+)`);
const LENGTH = new RegExp(`/${nameOf('Length')}${GAP}(\\d+)(?!${GAP}\\d+${GAP}R)`);
const FILTER_KEY = new RegExp(`/${nameOf('Filter')}${NAME_END}`);
/** One filter, named directly or alone in an array: `/FlateDecode`, `[/FlateDecode]`. */
const ONE_FILTER = new RegExp(`/${nameOf('Filter')}${GAP}(?:/(${NAME})|\\[${GAP}/(${NAME})${GAP}\\])`);
const FLATE = new RegExp(`^${nameOf('FlateDecode')}$`);
/** An object's header, `12 0 obj`, as pdf-lib reads it. */
const OBJECT_HEADER = new RegExp(`\\d+${GAP}\\d+${GAP}obj`, 'g');

/** Scanned a window at a time, so a 100 MB file never becomes one string. */
const WINDOW = 8 * 1024 * 1024;
/** Longer than any match, which a window's end may cut. */
const OVERLAP = 4096;
/** Longer than the dictionary of any object or cross-reference stream a writer makes. */
const DICTIONARY_MAX = 64 * 1024;

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * The dictionary of the stream whose `/Type` is at `at`, and the stream's bytes once inflated within
 * `room` bytes; or `unread` when it cannot be bounded here.
 */
function structureStream(
  bytes: Buffer,
  at: number,
  room: number,
): { objects: number; size: number } | 'unread' {
  const opening = bytes.lastIndexOf('obj', at, 'latin1');
  const streamAt = bytes.indexOf('stream', at, 'latin1');
  if (opening < 0 || streamAt < 0 || streamAt - opening > DICTIONARY_MAX) return 'unread';
  const dictionary = bytes.toString('latin1', opening, streamAt);
  let start = streamAt + 'stream'.length;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  const declared = LENGTH.exec(dictionary)?.[1];
  const end = declared ? start + Number(declared) : bytes.indexOf('endstream', start, 'latin1');
  const data = bytes.subarray(start, end < 0 ? bytes.length : Math.min(end, bytes.length));
  const objects = Number(COUNT.exec(dictionary)?.[1] ?? 0);
  if (!FILTER_KEY.test(dictionary)) return { objects, size: data.length };
  const filter = ONE_FILTER.exec(dictionary);
  // FlateDecode, as every writer uses for these: any other filter, or several, may expand unbounded.
  if (!FLATE.test(filter?.[1] ?? filter?.[2] ?? '')) return 'unread';
  try {
    const inflated = inflateSync(data, {
      maxOutputLength: Math.max(1, room),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    return { objects, size: inflated.length };
  } catch (error) {
    return error instanceof RangeError ? { objects, size: room + 1 } : 'unread';
  }
}

/**
 * Why the PDF is refused before pdf-lib reads it, or null: more objects than any ad holds, object or
 * cross-reference streams that inflate past their ceiling, or compressed in a way not bounded here.
 */
export function pdfStructureRefusal(bytes: Buffer): string | null {
  let objects = 0;
  let structureBytes = 0;
  for (let from = 0; from < bytes.length; from += WINDOW) {
    const text = bytes.toString('latin1', from, Math.min(bytes.length, from + WINDOW + OVERLAP));
    const own = Math.min(WINDOW, bytes.length - from);
    for (const match of text.matchAll(OBJECT_HEADER)) {
      // A header the last window's end cut was counted there, whole.
      const cut = match.index === 0 && isDigit(bytes[from - 1]);
      if (match.index < own && !cut) objects += 1;
    }
    for (const match of text.matchAll(STRUCTURE)) {
      if (match.index >= own) continue;
      const stream = structureStream(bytes, from + match.index, MAX_STRUCTURE_BYTES - structureBytes);
      if (stream === 'unread')
        return 'The PDF’s structure is written in a way we do not read: export it again as PDF/X-4 or PDF/X-1a.';
      objects += stream.objects;
      structureBytes += stream.size;
      if (structureBytes > MAX_STRUCTURE_BYTES)
        return `The PDF’s structure inflates to more than ${count(MAX_STRUCTURE_BYTES / 1024 / 1024)} MB; an ad needs far less: export it again as PDF/X-4 or PDF/X-1a.`;
    }
  }
  if (objects > MAX_PDF_OBJECTS)
    return `The PDF holds ${count(objects)} objects; an ad holds a few thousand, and at most ${count(MAX_PDF_OBJECTS)} are read: flatten it and export it again as PDF/X-4 or PDF/X-1a.`;
  return null;
}

/** The sentence for a PDF with more pages than any sheet takes, or null. */
export function pageRefusal(pages: number, wanted: number): string | null {
  if (pages <= MAX_PDF_PAGES) return null;
  return `The PDF has ${count(pages)} pages; this placement takes ${wanted === 1 ? '1 page' : `${wanted} pages`}: export only the ad’s ${wanted === 1 ? 'page' : 'pages'}.`;
}
