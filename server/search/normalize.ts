/**
 * How text becomes search words, the same for records and queries: lower case, diacritics removed
 * ("Bon Appétit" is found by "appetit"), apostrophes dropped ("Men's" is one word, "mens"), and any
 * other character that is not a letter or digit separates words.
 */

/** One word of a text, with where it sits in the raw text (for highlighting). */
export interface WordSpan {
  word: string;
  /** Offsets in the raw text: `text.slice(start, end)` is what the word was written as. */
  start: number;
  end: number;
  /** Written glued to the previous word by a single `-` or `.` ("E-mail", "WABC-TV", "U.S."). */
  glued: boolean;
}

const APOSTROPHES = new Set(["'", '’', '‘', 'ʼ']);
const GLUES = new Set(['-', '.']);
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]+$/u;
const MARKS = /\p{M}/gu;

/** The folded form of one character: its letters and digits, '' when it is dropped, null when it separates. */
function fold(char: string): string | null {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return char;
    if (code >= 65 && code <= 90) return String.fromCharCode(code + 32);
    return char === "'" ? '' : null;
  }
  const known = foldedChars.get(char);
  if (known !== undefined) return known;
  const folded = APOSTROPHES.has(char) ? '' : char.normalize('NFD').replace(MARKS, '').toLowerCase();
  // '' for a lone combining mark too: it belongs to the letter before it.
  const result = folded === '' || LETTER_OR_DIGIT.test(folded) ? folded : null;
  if (foldedChars.size < 4096) foldedChars.set(char, result);
  return result;
}

/** Non-ASCII characters already folded: the same few (·, é, ’) come back in every record. */
const foldedChars = new Map<string, string | null>();

const isAsciiWordChar = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

/** Adds the word `[start, end)` of `text`; `folded` is its folded form when it needed folding. */
function pushSpan(
  spans: WordSpan[],
  text: string,
  lower: string | null,
  start: number,
  end: number,
  folded: string | null,
) {
  const previous = spans[spans.length - 1];
  const glued = previous !== undefined && start - previous.end === 1 && GLUES.has(text.charAt(start - 1));
  const word = folded ?? (lower ? lower.slice(start, end) : text.slice(start, end).toLowerCase());
  spans.push({ word, start, end, glued });
}

/**
 * The words of a text with their raw offsets. Plain ASCII words (nearly all of the catalogue) are
 * sliced from the lower-cased text; only words with other characters are folded character by
 * character. No closures here: tsx wraps every function it creates, which would cost per call.
 */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  // A few characters change length in lower case ("İ"); then words are lower-cased one by one.
  const lowered = text.toLowerCase();
  const lower = lowered.length === text.length ? lowered : null;
  let start = -1;
  let end = -1;
  /** The folded word so far, once it has a character that needs folding; null while plain ASCII. */
  let folded: string | null = null;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (isAsciiWordChar(code)) {
      if (start < 0) start = i;
      else if (folded !== null) folded += String.fromCharCode(code).toLowerCase();
      end = ++i;
      continue;
    }
    const char = code < 128 ? text.charAt(i) : String.fromCodePoint(text.codePointAt(i) ?? 0);
    const piece = fold(char);
    if (piece === null) {
      if (start >= 0) pushSpan(spans, text, lower, start, end, folded);
      start = -1;
      folded = null;
    } else if (piece !== '' || start >= 0) {
      if (start < 0) {
        start = i;
        folded = piece;
      } else
        folded = (folded ?? (lower ? lower.slice(start, i) : text.slice(start, i).toLowerCase())) + piece;
      end = i + char.length;
    }
    i += char.length;
  }
  if (start >= 0) pushSpan(spans, text, lower, start, end, folded);
  return spans;
}

/** The words of a text (a query, or an attribute to index). */
export const searchWords = (text: string): string[] => wordSpans(text).map((s) => s.word);

/**
 * Words written glued together also make one joined word, so "email" finds "E-mail" and "wabctv"
 * finds "WABC-TV", as a person typing without the dash expects.
 */
export function joinedWords(spans: readonly WordSpan[]): Array<{ word: string; start: number; end: number }> {
  const joined: Array<{ word: string; start: number; end: number }> = [];
  let i = 0;
  while (i < spans.length) {
    let j = i + 1;
    while (j < spans.length && spans[j]?.glued) j++;
    const run = spans.slice(i, j);
    const first = run[0];
    const last = run.at(-1);
    if (run.length > 1 && first && last)
      joined.push({ word: run.map((s) => s.word).join(''), start: first.start, end: last.end });
    i = j;
  }
  return joined;
}

/** True for words made only of digits (zip codes, channel numbers): they get no typo tolerance. */
export const isNumericWord = (word: string): boolean => /^\d+$/.test(word);

/**
 * The raw offset in `text` after the first `count` folded characters of the word starting at
 * `start`: where a prefix highlight ends ("<em>Chi</em>cago", "<em>Appé</em>tit").
 */
export function rawOffsetAfter(text: string, start: number, count: number): number {
  let taken = 0;
  let i = start;
  while (i < text.length && taken < count) {
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const folded = fold(char);
    if (folded === null) break;
    taken += folded.length;
    i += char.length;
  }
  // Combining marks after the last letter belong to it.
  while (i < text.length) {
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    if (fold(char) !== '' || APOSTROPHES.has(char)) break;
    i += char.length;
  }
  return i;
}
