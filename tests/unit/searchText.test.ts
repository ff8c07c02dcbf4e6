import { describe, expect, it } from 'vitest';
import {
  isNumericWord,
  joinedWords,
  rawOffsetAfter,
  searchWords,
  wordSpans,
} from '../../server/search/normalize';
import { editDistance, prefixEditDistance, typoBudget } from '../../server/search/typos';
import { Vocabulary } from '../../server/search/vocabulary';

describe('search words (records and queries are normalized alike)', () => {
  it('lower-cases, strips diacritics and splits on punctuation', () => {
    expect(searchWords('Bon Appétit: Chicago edition')).toEqual(['bon', 'appetit', 'chicago', 'edition']);
    expect(searchWords('60601 · Chicago, IL')).toEqual(['60601', 'chicago', 'il']);
    expect(searchWords('Condé Nast Traveler')).toEqual(['conde', 'nast', 'traveler']);
    expect(searchWords('  ,;  ')).toEqual([]);
  });

  it('keeps a word with an apostrophe whole, so "mens" finds Men’s Health', () => {
    expect(searchWords("Men's Health")).toEqual(['mens', 'health']);
    expect(searchWords('Runner’s World')).toEqual(['runners', 'world']);
  });

  it('knows where each word sits in the raw text', () => {
    const text = 'Bon Appétit';
    expect(wordSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(['Bon', 'Appétit']);
    // A decomposed é (e + combining accent) is one letter: the highlight keeps its accent.
    const decomposed = 'Appe\u0301tit';
    expect(rawOffsetAfter(decomposed, 0, 4)).toBe(5);
    expect(rawOffsetAfter('Appétit', 0, 4)).toBe(4);
    expect(rawOffsetAfter("Men's", 0, 3)).toBe(3);
  });

  it('joins words glued by a dash or a dot, so "email" finds E-mail', () => {
    const spans = wordSpans('Dedicated e-mail blast, WABC-TV 7, U.S. Virgin Islands');
    expect(joinedWords(spans).map((j) => j.word)).toEqual(['email', 'wabctv', 'us']);
    expect(joinedWords(wordSpans('St. Louis'))).toEqual([]);
  });

  it('tells numeric words (zip codes) apart', () => {
    expect(isNumericWord('60601')).toBe(true);
    expect(isNumericWord('wabc7')).toBe(false);
  });
});

describe('typo tolerance (Algolia defaults, Damerau-Levenshtein)', () => {
  it('allows one typo from 4 letters, two from 8, none on numbers', () => {
    expect(typoBudget('new')).toBe(0);
    expect(typoBudget('chic')).toBe(1);
    expect(typoBudget('philadel')).toBe(2);
    expect(typoBudget('60601')).toBe(0);
    // Longer than any indexed word: exact or prefix only, so a pasted blob costs no typo search.
    expect(typoBudget('pneumonoultramicroscopicsilicovolcanoconiosis')).toBe(0);
  });

  it('counts an insertion, a deletion, a substitution or a transposition as one typo', () => {
    expect(editDistance('chicgo', 'chicago', 2)).toBe(1);
    expect(editDistance('chicaago', 'chicago', 2)).toBe(1);
    expect(editDistance('chicaho', 'chicago', 2)).toBe(1);
    expect(editDistance('chciago', 'chicago', 2)).toBe(1);
    expect(editDistance('philadelpia', 'philadelphia', 2)).toBe(1);
    expect(editDistance('chicago', 'chicago', 2)).toBe(0);
  });

  it('stops at the budget: anything further is budget + 1', () => {
    expect(editDistance('boston', 'chicago', 1)).toBe(2);
    expect(editDistance('chi', 'chicago', 2)).toBe(3);
  });

  it('measures a half-typed word against the start of an indexed word', () => {
    expect(prefixEditDistance('chcag', 'chicago', 1)).toBe(1);
    expect(prefixEditDistance('chica', 'chicago', 1)).toBe(0);
    expect(prefixEditDistance('bost', 'chicago', 1)).toBe(2);
  });
});

describe('vocabulary', () => {
  const vocabulary = Vocabulary.build([
    'chicago',
    'chico',
    'chicopee',
    'chester',
    'seattle',
    'seaside',
    '60601',
    '60602',
  ]);

  it('finds the words a prefix starts as one id range', () => {
    const [from, to] = vocabulary.prefixRange('chic');
    expect(vocabulary.words.slice(from, to)).toEqual(['chicago', 'chico', 'chicopee']);
    const [zipFrom, zipTo] = vocabulary.prefixRange('606');
    expect(vocabulary.words.slice(zipFrom, zipTo)).toEqual(['60601', '60602']);
    expect(vocabulary.idOf('chico')).toBeGreaterThanOrEqual(0);
    expect(vocabulary.idOf('chic')).toBe(-1);
  });

  it('finds typo candidates through the deletion neighbourhood, never the word itself', () => {
    const words = (found: Array<{ id: number; typos: number }>) =>
      found.map(({ id, typos }) => [vocabulary.words[id], typos]).sort();
    expect(words(vocabulary.typoCandidates('chicgo', 1))).toEqual([
      ['chicago', 1],
      ['chico', 1],
    ]);
    expect(words(vocabulary.typoCandidates('seatle', 1))).toEqual([['seattle', 1]]);
    expect(vocabulary.typoCandidates('chicago', 1).map((c) => vocabulary.words[c.id])).not.toContain(
      'chicago',
    );
    expect(vocabulary.typoCandidates('60603', 0)).toEqual([]);
  });

  it('finds words whose start is a typo away, keeping the first letter', () => {
    const found = vocabulary.prefixTypoCandidates('chcag', 1).map((c) => vocabulary.words[c.id]);
    expect(found).toEqual(['chicago']);
    expect(vocabulary.prefixTypoCandidates('xhicag', 1)).toEqual([]);
  });
});
