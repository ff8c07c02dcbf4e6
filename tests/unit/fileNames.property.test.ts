import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../../contract/uploads';
import { cleanFileName } from '../../server/files/fileName';

/** Unicode's controls and format marks (bidi overrides and isolates included), and the line separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** What a name may hold besides: anything but those, path separators and half surrogates. */
const VISIBLE_CHAR = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\\/]$/u;

const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
const visibleChar = fc.oneof(
  fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,()&’éüñ漢字😀'),
  anyCodePoint.filter((char) => VISIBLE_CHAR.test(char)),
);
/** Every character those classes hold that an attacker reaches for, and any other of them. */
const invisibleChar = fc.oneof(
  fc.constantFrom(
    '\u202E', // right-to-left override: invoice\u202Egnp.exe shows as invoiceexe.png
    '\u202D',
    '\u202A',
    '\u202B',
    '\u202C',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u200B',
    '\u200D',
    '\u2060',
    '\uFEFF',
    '\u00AD',
    '\u0000',
    '\n',
    '\r',
    '\t',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u2028',
    '\u2029',
    '\u{E0001}',
  ),
  anyCodePoint.filter((char) => INVISIBLE.test(char)),
);

const extension = fc.constantFrom('', '.pdf', '.png', '.tiff', '.jpeg', '.mp4', '.html', '.PDF');
/**
 * A name as a person would see it: it starts with a letter (so it is never all dots or spaces), has no
 * space at its end, and fits the length kept.
 */
const visibleName = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÉ漢'),
    fc.array(visibleChar, { maxLength: 60 }),
    extension,
  )
  .map(([first, rest, ext]) => first + rest.join('') + ext)
  .filter((name) => name === name.trim());

/** `name` with invisible characters put anywhere in it, ends included. */
const withInvisibles = (name: fc.Arbitrary<string>) =>
  fc
    .tuple(name, fc.array(fc.tuple(fc.nat(), invisibleChar), { minLength: 1, maxLength: 8 }))
    .map(([clean, inserts]) => {
      const chars = [...clean];
      for (const [at, char] of inserts) chars.splice(at % (chars.length + 1), 0, char);
      return { clean, dirty: chars.join('') };
    });

describe('file names keep no invisible characters (server/files/fileName.ts)', () => {
  it('removes controls and format marks inserted anywhere, and keeps every other character in order', () => {
    fc.assert(
      fc.property(withInvisibles(visibleName), ({ clean, dirty }) => {
        expect(cleanFileName(dirty)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives any name at all one with nothing invisible, never empty, within the length kept', () => {
    const anything = fc.oneof(
      fc.string({ unit: anyCodePoint, maxLength: 300 }),
      withInvisibles(fc.string({ unit: anyCodePoint, maxLength: 300 })).map(({ dirty }) => dirty),
    );
    fc.assert(
      fc.property(anything, (raw) => {
        const name = cleanFileName(raw);
        expect(name).not.toMatch(INVISIBLE);
        expect(name).not.toMatch(/[\\/]/);
        expect(name.trim()).not.toBe('');
        expect([...name].length).toBeLessThanOrEqual(FILE_NAME_MAX);
      }),
      { numRuns: 2000 },
    );
  });

  it('calls a file with nothing left before its extension "file"', () => {
    fc.assert(
      fc.property(fc.array(invisibleChar, { maxLength: 6 }), extension, (marks, ext) => {
        expect(cleanFileName(marks.join('') + ext)).toBe(`file${ext}`);
      }),
    );
    expect(cleanFileName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(cleanFileName('C:\\scans\\\u202E.pdf')).toBe('file.pdf');
  });

  it('shortens a long name by whole characters and keeps its extension', () => {
    const long = `${'😀'.repeat(FILE_NAME_MAX)}.pdf`;
    const name = cleanFileName(long);
    expect(name).toBe(`${'😀'.repeat(FILE_NAME_MAX - 4)}.pdf`);
    expect(name).not.toMatch(/\p{Cs}/u);
  });
});
