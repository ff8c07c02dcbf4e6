import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/lib/safeRedirect';
import { sitePath } from '../../src/lib/sitePath';

const ORIGIN = 'https://adlane.example';

/**
 * Where a browser goes when it navigates to `path` from a page of ORIGIN: the WHATWG URL parser is the
 * one browsers use, and the router hands paths to history the same way.
 */
const landsOn = (path: string) => new URL(path, ORIGIN).origin;

/** Pieces that attackers combine into links that look like paths but leave the site. */
const TRICKY = [
  '/',
  '//',
  '\\',
  '/\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%5c',
  ' ',
  '%20',
  '\t',
  '\n',
  '\r',
  '\u0000',
  ':',
  '@',
  '?',
  '#',
  'evil.com',
  'javascript:',
  'http:',
  'https:',
  'data:',
  'shop',
  'tv',
  '\u3002',
  '\uff0f',
];

const trickyText = fc.array(fc.constantFrom(...TRICKY), { maxLength: 8 }).map((parts) => parts.join(''));
const anyText = fc.oneof(trickyText, fc.string(), fc.string({ unit: 'binary' }));
/** Anything at all, as a redirect target might arrive from a query string or a tampered link. */
const anything = fc.oneof(anyText, fc.anything());

describe('safe paths never lead off the site (property tests)', () => {
  it('safeRedirect answers null or a path a browser keeps on this site, and never throws', () => {
    fc.assert(
      fc.property(anything, (target) => {
        const path = safeRedirect(target);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(new URL(path, 'https://app.invalid').origin).toBe('https://app.invalid');
        expect(landsOn(path)).toBe(ORIGIN);
      }),
      { numRuns: 5_000 },
    );
  });

  it('sitePath answers null or a path a browser keeps on this site, and never throws', () => {
    fc.assert(
      fc.property(anyText, (url) => {
        const path = sitePath(url, ORIGIN);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(landsOn(path)).toBe(ORIGIN);
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses the paths that normalise into another host, and the one that made the parser throw', () => {
    for (const trick of ['/.//evil.com', '/..//evil.com', '/%2e//evil.com', '/%2E%2E//evil.com']) {
      expect(safeRedirect(trick)).toBeNull();
      expect(sitePath(trick, ORIGIN)).toBeNull();
    }
    expect(safeRedirect('// evil.com')).toBeNull();
    expect(sitePath('// evil.com', ORIGIN)).toBeNull();
  });

  it('still follows ordinary paths, with their query and hash', () => {
    expect(safeRedirect('/team?tab=invites#new')).toBe('/team?tab=invites#new');
    expect(sitePath('/shop/tv/TV101-01?x=1#top', ORIGIN)).toBe('/shop/tv/TV101-01?x=1#top');
    expect(sitePath('/shop/../specs/./tv', ORIGIN)).toBe('/specs/tv');
  });
});
