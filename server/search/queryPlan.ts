import { searchWords } from './normalize';
import { typoBudget } from './typos';
import type { Vocabulary } from './vocabulary';

/** How well an indexed word matches a query word; lower is better, in Algolia's ranking order. */
export const EXACT = 0;
export const PREFIX = 1;
/** A match with `n` typos has quality `PREFIX + n`: after every match without typos. */
export const NO_MATCH = 255;

/** One word of a query and the indexed words it matches. */
export interface WordMatcher {
  word: string;
  /** The id of the word itself in the vocabulary, or -1. */
  exactId: number;
  /** Ids `[prefixFrom, prefixTo)` of the words it starts (the last query word only, else empty). */
  prefixFrom: number;
  prefixTo: number;
  /** Indexed words within the typo budget, with their typos. */
  typos: Map<number, number>;
  /** The same ids ordered by typos: fewer-typo matches are visited first. */
  typoIds: number[];
}

export interface QueryPlan {
  words: WordMatcher[];
  /** The query's words joined by spaces, compared with a record's text words for an exact match. */
  key: string;
}

/** Past this many words a query is cut: a search box never needs more, and each word costs work. */
const MAX_QUERY_WORDS = 32;

/** Plans a query: every word must match (AND); the last one also as the start of a word (prefixLast). */
export function planQuery(vocabulary: Vocabulary, query: string): QueryPlan {
  const words = searchWords(query).slice(0, MAX_QUERY_WORDS);
  const matchers = words.map((word, i): WordMatcher => {
    const last = i === words.length - 1;
    const budget = typoBudget(word);
    const typos = new Map<number, number>();
    const candidates = [
      ...vocabulary.typoCandidates(word, budget),
      ...(last ? vocabulary.prefixTypoCandidates(word, budget) : []),
    ];
    for (const { id, typos: n } of candidates) typos.set(id, Math.min(n, typos.get(id) ?? n));
    const [prefixFrom, prefixTo] = last ? vocabulary.prefixRange(word) : [0, 0];
    // A word that is already a prefix match is never a worse, typo match as well.
    for (const id of typos.keys()) if (id >= prefixFrom && id < prefixTo) typos.delete(id);
    return {
      word,
      // A one-letter last word is a word being typed, not a word: it earns no exact credit ("c" must
      // not rank "C-suite" above Chicago). It still matches itself, as a prefix.
      exactId: last && word.length === 1 ? -1 : vocabulary.idOf(word),
      prefixFrom,
      prefixTo,
      typos,
      typoIds: [...typos.keys()].sort((a, b) => (typos.get(a) ?? 0) - (typos.get(b) ?? 0)),
    };
  });
  return { words: matchers, key: words.join(' ') };
}

/** The quality of the indexed word `id` for a query word. */
export function matchQuality(matcher: WordMatcher, id: number): number {
  if (id === matcher.exactId) return EXACT;
  if (id >= matcher.prefixFrom && id < matcher.prefixTo) return PREFIX;
  const typos = matcher.typos.get(id);
  return typos === undefined ? NO_MATCH : PREFIX + typos;
}

/** Typos a quality counts for ranking. */
export const typosOf = (quality: number) => (quality > PREFIX ? quality - PREFIX : 0);
