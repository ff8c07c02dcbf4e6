import { isNumericWord } from './normalize';
import { editDistance, forEachDeletion, prefixEditDistance } from './typos';

/** An indexed word within the typo budget of a query word. */
export interface TypoCandidate {
  id: number;
  typos: number;
}

/** Indexed words this long get the deletion forms for one typo; from 6, for two (see typoBudget). */
const MIN_LENGTH_ONE_TYPO = 3;
const MIN_LENGTH_TWO_TYPOS = 6;

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Every distinct indexed word, sorted, so a word's id is its rank: the words a prefix starts are one
 * id range found by binary search, and an index entry is a plain integer. Beside it, the deletion
 * neighbourhood of the non-numeric words as a hash table (bucket offsets into one array of word ids),
 * for typo candidates in a few lookups.
 */
export class Vocabulary {
  private readonly bucketStart: Int32Array;
  private readonly bucketWords: Int32Array;
  private readonly mask: number;
  /** Per-word marks for deduplicating candidates without clearing a set per query. */
  private readonly seen: Uint32Array;
  private epoch = 0;

  private constructor(readonly words: readonly string[]) {
    const { hashes, ids, count } = deletionEntries(words);
    const buckets = nextPowerOfTwo(count);
    this.mask = buckets - 1;
    const start = new Int32Array(buckets + 1);
    for (let e = 0; e < count; e++) {
      const next = ((hashes[e] ?? 0) & this.mask) + 1;
      start[next] = (start[next] ?? 0) + 1;
    }
    for (let b = 0; b < buckets; b++) start[b + 1] = (start[b + 1] ?? 0) + (start[b] ?? 0);
    const fill = start.slice(0, buckets);
    const bucketWords = new Int32Array(count);
    for (let e = 0; e < count; e++) {
      const bucket = (hashes[e] ?? 0) & this.mask;
      bucketWords[fill[bucket] ?? 0] = ids[e] ?? 0;
      fill[bucket] = (fill[bucket] ?? 0) + 1;
    }
    this.bucketStart = start;
    this.bucketWords = bucketWords;
    this.seen = new Uint32Array(words.length);
  }

  /** The vocabulary of the given distinct words. */
  static build(words: readonly string[]): Vocabulary {
    return new Vocabulary([...words].sort());
  }

  /** The vocabulary of distinct words already sorted (as `Array.prototype.sort` sorts them). */
  static ofSorted(words: readonly string[]): Vocabulary {
    return new Vocabulary(words);
  }

  get size(): number {
    return this.words.length;
  }

  /** The id of a word, or -1. */
  idOf(word: string): number {
    const at = this.lowerBound(word);
    return this.words[at] === word ? at : -1;
  }

  /** The ids `[from, to)` of the words that start with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    // Every word starting with the prefix sorts before the prefix followed by the highest code unit.
    return [from, this.lowerBound(`${prefix}\uffff`)];
  }

  /** Words within `max` typos of `word`, the word itself excluded. */
  typoCandidates(word: string, max: number): TypoCandidate[] {
    const found: TypoCandidate[] = [];
    if (max < 1) return found;
    const epoch = this.nextEpoch();
    forEachDeletion(word, max, (hash) => {
      const bucket = hash & this.mask;
      for (let e = this.bucketStart[bucket] ?? 0, end = this.bucketStart[bucket + 1] ?? 0; e < end; e++) {
        const id = this.bucketWords[e] ?? 0;
        if (this.seen[id] === epoch) continue;
        this.seen[id] = epoch;
        const candidate = this.words[id] ?? '';
        const typos = editDistance(word, candidate, max);
        if (typos >= 1 && typos <= max) found.push({ id, typos });
      }
    });
    return found;
  }

  /**
   * Words whose start is within `max` typos of `word` but that do not start with it (those are plain
   * prefix matches). Like Algolia, the first letter must be right: it keeps the scan to one range.
   */
  prefixTypoCandidates(word: string, max: number): TypoCandidate[] {
    const found: TypoCandidate[] = [];
    if (max < 1 || word.length === 0) return found;
    const [from, to] = this.prefixRange(word.charAt(0));
    const minLength = word.length - max;
    for (let id = from; id < to; id++) {
      const candidate = this.words[id] ?? '';
      if (candidate.length < minLength || candidate.startsWith(word) || isNumericWord(candidate)) continue;
      const typos = prefixEditDistance(word, candidate, max);
      if (typos <= max) found.push({ id, typos });
    }
    return found;
  }

  private lowerBound(word: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.words[mid] ?? '') < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private nextEpoch(): number {
    this.epoch = this.epoch === 0xffffffff ? 1 : this.epoch + 1;
    if (this.epoch === 1) this.seen.fill(0);
    return this.epoch;
  }
}

/** The (hash, word id) pairs of the deletion neighbourhood of every word that can take typos. */
function deletionEntries(words: readonly string[]) {
  let capacity = 0;
  for (const word of words) {
    const n = word.length;
    if (n >= MIN_LENGTH_TWO_TYPOS) capacity += 1 + n + (n * (n - 1)) / 2;
    else if (n >= MIN_LENGTH_ONE_TYPO) capacity += 1 + n;
  }
  const hashes = new Uint32Array(capacity);
  const ids = new Int32Array(capacity);
  let count = 0;
  let id = 0;
  // One callback for all words (tsx wraps each function created, so not one per word).
  const add = (hash: number) => {
    hashes[count] = hash;
    ids[count] = id;
    count++;
  };
  for (; id < words.length; id++) {
    const word = words[id] ?? '';
    if (word.length < MIN_LENGTH_ONE_TYPO || isNumericWord(word)) continue;
    forEachDeletion(word, word.length >= MIN_LENGTH_TWO_TYPOS ? 2 : 1, add);
  }
  return { hashes, ids, count };
}
