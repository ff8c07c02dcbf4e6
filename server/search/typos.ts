import { isNumericWord } from './normalize';

const MAX_TYPO_WORD = 24;

/**
 * Algolia's default typo tolerance: one typo for words of 4 characters or more, two from 8. Numeric
 * words get none: "60601" must not find "60610".
 */
export function typoBudget(word: string): number {
  // No title or place has a word this long; tolerating typos in one would cost thousands of lookups.
  if (isNumericWord(word) || word.length > MAX_TYPO_WORD) return 0;
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

// One reusable row set: distances are computed per candidate word in the hot path, allocation-free.
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

function ensureRows(width: number): [Int32Array, Int32Array, Int32Array] {
  if ((rows[0]?.length ?? 0) < width) rows = [0, 1, 2].map(() => new Int32Array(width * 2));
  const [a, b, c] = rows;
  if (!a || !b || !c) throw new Error('Distance rows were not allocated.');
  return [a, b, c];
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: an adjacent transposition is one typo)
 * between `query` and `target`, or with `prefix` between `query` and the closest start of `target`
 * (how far a half-typed word is from an indexed one). Gives up with `max + 1` as soon as every
 * alignment costs more than `max`, which is what keeps scanning candidates cheap.
 */
function alignment(query: string, target: string, max: number, prefix: boolean): number {
  const m = query.length;
  const limit = prefix ? Math.min(target.length, m + max) : target.length;
  if (!prefix && Math.abs(limit - m) > max) return max + 1;
  let [before, previous, current] = ensureRows(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  let best = prefix ? m : max + 1;
  for (let i = 1; i <= limit; i++) {
    current[0] = i;
    let rowMin = i;
    const t = target.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const q = query.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (q === t ? 0 : 1),
      );
      if (i > 1 && j > 1 && q === target.charCodeAt(i - 2) && query.charCodeAt(j - 2) === t)
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (prefix) best = Math.min(best, current[m] ?? best);
    if (rowMin > max) return prefix ? Math.min(best, max + 1) : max + 1;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return Math.min(prefix ? best : (previous[m] ?? max + 1), max + 1);
}

/** Typos between a query word and an indexed word (`max + 1` when more than `max`). */
export const editDistance = (query: string, word: string, max: number): number =>
  alignment(query, word, max, false);

/** Typos between a query word and the closest start of an indexed word ("chcag" is 1 from "chicago"). */
export const prefixEditDistance = (query: string, word: string, max: number): number =>
  alignment(query, word, max, true);

/** FNV-1a over the word's characters, skipping the characters at `skipA` and `skipB`. */
function hashWithout(word: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skipA || i === skipB) continue;
    hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Calls `visit` with the hash of every form of `word` with up to `deletions` characters deleted:
 * the deletion neighbourhood (SymSpell). Two words within `k` typos share a form with at most `k`
 * deletions from each, so candidates are found by hash lookups instead of comparing every word.
 */
export function forEachDeletion(word: string, deletions: number, visit: (hash: number) => void): void {
  visit(hashWithout(word, -1, -1));
  if (deletions < 1) return;
  for (let a = 0; a < word.length; a++) {
    // Deleting either of two equal neighbours gives the same form: hash it once.
    if (a > 0 && word[a] === word[a - 1]) continue;
    visit(hashWithout(word, a, -1));
    if (deletions < 2) continue;
    for (let b = a + 1; b < word.length; b++) {
      if (b > a + 1 && word[b] === word[b - 1]) continue;
      visit(hashWithout(word, a, b));
    }
  }
}
