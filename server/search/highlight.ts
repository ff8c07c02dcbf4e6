import type { HighlightResult } from '../../contract/search';
import { joinedWords, rawOffsetAfter, wordSpans } from './normalize';
import type { QueryPlan } from './queryPlan';
import type { Vocabulary } from './vocabulary';

/**
 * How a query word matches an indexed word: the number of the word's folded characters to highlight
 * (its whole length for an exact or typo match, the typed part for a prefix), 0 for no match.
 */
export type WordHighlighter = (word: string) => number;

/** The highlighters of a hits query: exact, typo and (last word) prefix matches, as the search found them. */
export function planHighlighters(plan: QueryPlan, vocabulary: Vocabulary): WordHighlighter[] {
  const last = plan.words.length - 1;
  return plan.words.map((matcher, i) => (word) => {
    if (word === matcher.word) return word.length;
    if (i === last && word.startsWith(matcher.word)) return matcher.word.length;
    return matcher.typos.has(vocabulary.idOf(word)) ? word.length : 0;
  });
}

/** The highlighters of a facet-value search: every typed word matches the start of a value's word. */
export const prefixHighlighters = (words: readonly string[]): WordHighlighter[] =>
  words.map((typed) => (word) => (word.startsWith(typed) ? typed.length : 0));

/**
 * Wraps the matched parts of `value` in the tags. Like Algolia, the value is not HTML-escaped: the
 * tags are inserted into the raw text, and clients render the parts as text (InstantSearch's
 * Highlight splits on the tags), so markup in a record is shown, never run.
 */
export function highlight(
  value: string,
  highlighters: readonly WordHighlighter[],
  queryWords: readonly string[],
  tags: { pre: string; post: string },
): HighlightResult {
  const marked = new Uint8Array(value.length);
  const matched = new Set<number>();
  const spans = wordSpans(value);
  let everyWordWhole = spans.length > 0;
  const mark = (word: string, start: number, end: number) => {
    let length = 0;
    highlighters.forEach((highlighter, i) => {
      const n = highlighter(word);
      if (n > 0) {
        matched.add(i);
        length = Math.max(length, n);
      }
    });
    if (length === 0) return false;
    const stop = length >= word.length ? end : rawOffsetAfter(value, start, length);
    marked.fill(1, start, stop);
    return stop === end;
  };
  for (const span of spans) if (!mark(span.word, span.start, span.end)) everyWordWhole = false;
  for (const joined of joinedWords(spans)) mark(joined.word, joined.start, joined.end);
  // A word left partly unmarked by its own match may be wholly covered by a joined one ("e-mail").
  if (!everyWordWhole)
    everyWordWhole = spans.length > 0 && spans.every((s) => marked.subarray(s.start, s.end).every(Boolean));

  let out = '';
  let open = false;
  for (let i = 0; i < value.length; i++) {
    const on = marked[i] === 1;
    if (on !== open) {
      out += on ? tags.pre : tags.post;
      open = on;
    }
    out += value[i];
  }
  if (open) out += tags.post;

  const matchedWords = [...matched].sort((a, b) => a - b).map((i) => queryWords[i] ?? '');
  const matchLevel = matched.size === 0 ? 'none' : matched.size === queryWords.length ? 'full' : 'partial';
  return { value: out, matchLevel, matchedWords, fullyHighlighted: matched.size > 0 && everyWordWhole };
}
