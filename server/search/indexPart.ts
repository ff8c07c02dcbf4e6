import type { SearchRecord } from '../../contract/search';
import { joinedWords, type WordSpan, wordSpans } from './normalize';
import { staticOrder } from './staticOrder';
import { Vocabulary } from './vocabulary';

/**
 * Collects the distinct words of each record as numbers while the vocabulary is not yet sorted: one
 * map lookup per word, no per-record sets or arrays. A class, not closures: tsx wraps every function
 * it creates, which would cost per record.
 */
class WordCollector {
  readonly words: string[] = [];
  readonly recordStart: number[] = [0];
  readonly ids: number[] = [];
  readonly idOfWord = new Map<string, number>();
  private from = 0;

  add(word: string): void {
    let id = this.idOfWord.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.idOfWord.set(word, id);
    }
    for (let p = this.from; p < this.ids.length; p++) if (this.ids[p] === id) return;
    this.ids.push(id);
  }

  /** Adds the words of a value, and the joined forms of its glued words ("e-mail" → "email"). */
  addValue(spans: readonly WordSpan[]): void {
    let glued = false;
    for (const span of spans) {
      this.add(span.word);
      glued ||= span.glued;
    }
    if (glued) for (const joined of joinedWords(spans)) this.add(joined.word);
  }

  endRecord(): void {
    this.from = this.ids.length;
    this.recordStart.push(this.from);
  }
}

/**
 * Records with their words read: what an index is built of. Reading the words is most of building an
 * index, so a part whose records have not changed (the places, when only placements did) is read
 * once and used again by the next index.
 */
export class IndexPart {
  /** Each record's words joined by single spaces: what an exact full match compares. */
  readonly textKeys: string[];
  /** The part's distinct words, sorted: a word's id in the part is its rank. */
  readonly words: readonly string[];
  /** Where each record's word ids start in `wordIds`, and one more for the end. */
  readonly recordStart: Int32Array;
  readonly wordIds: Int32Array;
  /** The part's records in the static order (popularity, text, id). */
  readonly order: Int32Array;

  private constructor(readonly records: readonly SearchRecord[]) {
    const collector = new WordCollector();
    this.textKeys = new Array<string>(records.length);
    records.forEach((record, r) => {
      const spans = wordSpans(record.text);
      let key = '';
      for (const span of spans) key = key ? `${key} ${span.word}` : span.word;
      this.textKeys[r] = key;
      collector.addValue(spans);
      if (record.partner) collector.addValue(wordSpans(record.partner));
      collector.endRecord();
    });
    this.words = [...collector.words].sort();
    const rank = new Int32Array(this.words.length);
    this.words.forEach((word, sortedId) => {
      rank[collector.idOfWord.get(word) ?? 0] = sortedId;
    });
    this.recordStart = Int32Array.from(collector.recordStart);
    this.wordIds = Int32Array.from(collector.ids, (id) => rank[id] ?? 0);
    this.order = staticOrder(records);
  }

  static of(records: readonly SearchRecord[]): IndexPart {
    return new IndexPart(records);
  }
}

/**
 * The parts' sorted words merged into one sorted list without repeats, and for each part its words'
 * ids in it.
 */
function mergeWords(parts: readonly IndexPart[]): { words: string[]; idsOf: Int32Array[] } {
  const words: string[] = [];
  const idsOf = parts.map((part) => new Int32Array(part.words.length));
  const next = new Int32Array(parts.length);
  for (;;) {
    let least: string | undefined;
    for (let p = 0; p < parts.length; p++) {
      const word = parts[p]?.words[next[p] ?? 0];
      if (word !== undefined && (least === undefined || word < least)) least = word;
    }
    if (least === undefined) return { words, idsOf };
    for (let p = 0; p < parts.length; p++) {
      const at = next[p] ?? 0;
      if (parts[p]?.words[at] !== least) continue;
      const ids = idsOf[p];
      if (ids) ids[at] = words.length;
      next[p] = at + 1;
    }
    words.push(least);
  }
}

/** The parts' records one after the other, and their words as ids of one sorted vocabulary. */
export function joinParts(parts: readonly IndexPart[]) {
  const records = parts.length === 1 ? (parts[0]?.records ?? []) : parts.flatMap((part) => part.records);
  const textKeys = parts.flatMap((part) => part.textKeys);
  const { words, idsOf } = mergeWords(parts);
  const vocabulary = Vocabulary.ofSorted(words);
  let wordCount = 0;
  for (const part of parts) wordCount += part.wordIds.length;
  const recordStart = new Int32Array(records.length + 1);
  const recordWords = new Int32Array(wordCount);
  let first = 0;
  let at = 0;
  parts.forEach((part, p) => {
    const ids = idsOf[p] ?? new Int32Array(0);
    for (let r = 0; r < part.records.length; r++) recordStart[first + r] = at + (part.recordStart[r] ?? 0);
    for (let w = 0; w < part.wordIds.length; w++) recordWords[at + w] = ids[part.wordIds[w] ?? 0] ?? 0;
    first += part.records.length;
    at += part.wordIds.length;
  });
  recordStart[first] = at;
  return { records, textKeys, vocabulary, recordStart, recordWords };
}
