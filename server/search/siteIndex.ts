import { SEARCH_FACET_ATTRIBUTES, type SearchFacetAttribute, type SearchRecord } from '../../contract/search';
import { joinedWords, type WordSpan, wordSpans } from './normalize';
import { EXACT, matchQuality, NO_MATCH, PREFIX, type QueryPlan, typosOf } from './queryPlan';
import { TopScores } from './topScores';
import { Vocabulary } from './vocabulary';

/** Keeps only the records a request's filters allow. */
export type RecordFilter = (record: number) => boolean;

/** Ranks the records a request's optional filters match first: higher is better. */
export type RecordBoost = (record: number) => number;

/** Optional filters' scores are told apart up to this one; more counts as this much. */
const BOOST_LEVELS = 16;
/** A tier below the typo count: exact words (64 levels) and the exact full text (2). */
const BELOW_TYPOS = 128;

/** The values of one facet attribute, and each record's value as an id (-1 when it has none). */
export interface FacetColumn {
  values: string[];
  /** Facet filters match values whatever their case, as Algolia does. */
  idOfLowerValue: Map<string, number>;
  ids: Int32Array;
}

/** Algolia's `paginationLimitedTo` default: hits past the 1,000th are never paged to. */
export const PAGINATION_LIMIT = 1000;

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
function joinParts(parts: readonly IndexPart[]) {
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

function facetColumn(records: readonly SearchRecord[], attribute: SearchFacetAttribute): FacetColumn {
  const values: string[] = [];
  const idOfValue = new Map<string, number>();
  const ids = new Int32Array(records.length).fill(-1);
  records.forEach((record, r) => {
    const value = record[attribute];
    if (value === null) return;
    let id = idOfValue.get(value);
    if (id === undefined) {
      id = values.length;
      values.push(value);
      idOfValue.set(value, id);
    }
    ids[r] = id;
  });
  const idOfLowerValue = new Map(values.map((v, id) => [v.toLowerCase(), id]));
  return { values, idOfLowerValue, ids };
}

/** Popularity first, then text, then id: the order of records no query tells apart. */
function staticComparator(records: readonly SearchRecord[]): (a: number, b: number) => number {
  const popularity = Float64Array.from(records, (record) => record.popularity);
  const texts = records.map((record) => record.text);
  return (a, b) => {
    const byPopularity = (popularity[b] ?? 0) - (popularity[a] ?? 0);
    if (byPopularity !== 0) return byPopularity;
    const x = texts[a] ?? '';
    const y = texts[b] ?? '';
    if (x !== y) return x < y ? -1 : 1;
    return (records[a]?.objectID ?? '') < (records[b]?.objectID ?? '') ? -1 : 1;
  };
}

function staticOrder(records: readonly SearchRecord[]): Int32Array {
  return Int32Array.from(Array.from(records.keys()).sort(staticComparator(records)));
}

/** The parts' own static orders merged into the whole's: a part's records are sorted once. */
function mergedOrder(parts: readonly IndexPart[], records: readonly SearchRecord[]): Int32Array {
  const compare = staticComparator(records);
  let merged = new Int32Array(0);
  let offset = 0;
  for (const part of parts) {
    const next = new Int32Array(merged.length + part.order.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < merged.length && j < part.order.length) {
      const mine = merged[i] ?? 0;
      const theirs = (part.order[j] ?? 0) + offset;
      if (compare(mine, theirs) <= 0) {
        next[k++] = mine;
        i++;
      } else {
        next[k++] = theirs;
        j++;
      }
    }
    while (i < merged.length) next[k++] = merged[i++] ?? 0;
    while (j < part.order.length) next[k++] = (part.order[j++] ?? 0) + offset;
    merged = next;
    offset += part.records.length;
  }
  return merged;
}

/**
 * The site search index, built once from the records: an inverted index (word id → ids of the records
 * holding it, contiguous by word, so a prefix's words are one slice), each record's word ids for
 * checking the other query words, columns for facets and numeric filters, and a precomputed static
 * rank, so a query scores a match with a few integer operations and keeps only the page's best.
 */
export class SiteIndex {
  readonly records: readonly SearchRecord[];
  readonly vocabulary: Vocabulary;
  readonly facets: Readonly<Record<SearchFacetAttribute, FacetColumn>>;
  readonly popularity: Float64Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  private readonly recordStart: Int32Array;
  private readonly recordWords: Int32Array;
  private readonly textKeys: readonly string[];
  private readonly rank: Int32Array;
  private readonly recordOfRank: Int32Array;
  private readonly visited: Uint32Array;
  private epoch = 0;

  private constructor(parts: readonly IndexPart[]) {
    const joined = joinParts(parts);
    const records = joined.records;
    this.records = records;
    this.textKeys = joined.textKeys;
    this.vocabulary = joined.vocabulary;
    this.recordStart = joined.recordStart;
    this.recordWords = joined.recordWords;

    const postingCount = new Int32Array(this.vocabulary.size + 1);
    for (const id of this.recordWords) postingCount[id + 1] = (postingCount[id + 1] ?? 0) + 1;
    for (let id = 0; id < this.vocabulary.size; id++)
      postingCount[id + 1] = (postingCount[id + 1] ?? 0) + (postingCount[id] ?? 0);
    this.postingStart = postingCount;
    this.postings = new Int32Array(this.recordWords.length);
    const fill = postingCount.slice(0, this.vocabulary.size);
    for (let r = 0; r < records.length; r++) {
      for (let p = this.recordStart[r] ?? 0; p < (this.recordStart[r + 1] ?? 0); p++) {
        const id = this.recordWords[p] ?? 0;
        this.postings[fill[id] ?? 0] = r;
        fill[id] = (fill[id] ?? 0) + 1;
      }
    }

    this.recordOfRank = mergedOrder(parts, records);
    this.rank = new Int32Array(records.length);
    this.recordOfRank.forEach((record, rank) => {
      this.rank[record] = rank;
    });
    this.facets = Object.fromEntries(
      SEARCH_FACET_ATTRIBUTES.map((attribute) => [attribute, facetColumn(records, attribute)]),
    ) as Record<SearchFacetAttribute, FacetColumn>;
    this.popularity = Float64Array.from(records, (record) => record.popularity);
    this.visited = new Uint32Array(records.length);
  }

  static build(records: readonly SearchRecord[]): SiteIndex {
    return new SiteIndex([IndexPart.of(records)]);
  }

  /** The index of the parts' records, in the parts' order: the one `build` makes of them all at once. */
  static fromParts(parts: readonly IndexPart[]): SiteIndex {
    return new SiteIndex(parts);
  }

  get size(): number {
    return this.records.length;
  }

  /**
   * Calls `visit` once for every record that matches every query word and passes the filter, with
   * its ranking tier (lower is better: fewer typos, more exact words, an exact full match). Starts
   * from the query word with the fewest postings; the others are checked on the record's own words.
   */
  private forEachMatch(
    plan: QueryPlan,
    filter: RecordFilter | null,
    visit: (record: number, tier: number) => void,
  ) {
    const words = plan.words;
    let driver = 0;
    let cheapest = Number.POSITIVE_INFINITY;
    words.forEach((matcher, i) => {
      const cost =
        this.postingsOf(matcher.exactId) +
        this.rangeCost(matcher.prefixFrom, matcher.prefixTo) +
        matcher.typoIds.reduce((sum, id) => sum + this.postingsOf(id), 0);
      if (cost < cheapest) {
        cheapest = cost;
        driver = i;
      }
    });
    const lead = words[driver];
    if (!lead) return;
    const others = words.filter((_, i) => i !== driver);
    const epoch = this.nextEpoch();

    const consider = (record: number, leadQuality: number) => {
      if (this.visited[record] === epoch) return;
      this.visited[record] = epoch;
      if (filter && !filter(record)) return;
      let typos = typosOf(leadQuality);
      let exact = leadQuality === EXACT ? 1 : 0;
      const from = this.recordStart[record] ?? 0;
      const to = this.recordStart[record + 1] ?? 0;
      for (const matcher of others) {
        let best = NO_MATCH;
        for (let p = from; p < to && best !== EXACT; p++) {
          const quality = matchQuality(matcher, this.recordWords[p] ?? -1);
          if (quality < best) best = quality;
        }
        if (best === NO_MATCH) return;
        typos += typosOf(best);
        if (best === EXACT) exact++;
      }
      const exactFull = exact === words.length && this.textKeys[record] === plan.key;
      visit(record, (Math.min(typos, 63) * 64 + (63 - Math.min(exact, 63))) * 2 + (exactFull ? 0 : 1));
    };

    // Best matches of the lead word first, so the first visit of a record is its best one.
    this.forEachPosting(lead.exactId, EXACT, consider);
    for (let id = lead.prefixFrom; id < lead.prefixTo; id++)
      if (id !== lead.exactId) this.forEachPosting(id, PREFIX, consider);
    for (const id of lead.typoIds) this.forEachPosting(id, matchQuality(lead, id), consider);
  }

  /**
   * One page of hits, the number of matches and the facet counts over all of them. An empty query
   * matches nothing (SPEC: search calls return nothing for empty input).
   */
  search(request: {
    plan: QueryPlan;
    filter: RecordFilter | null;
    /** Optional filters: a record's score counts after its typos and before its exact words. */
    boost?: RecordBoost | null;
    page: number;
    hitsPerPage: number;
    facets: readonly SearchFacetAttribute[];
  }): { nbHits: number; hits: SearchRecord[]; facetCounts: Map<SearchFacetAttribute, Int32Array> } {
    const { plan, filter, boost = null, page, hitsPerPage, facets } = request;
    const facetCounts = new Map(facets.map((f) => [f, new Int32Array(this.facets[f].values.length)]));
    const keep = Math.min((page + 1) * hitsPerPage, PAGINATION_LIMIT);
    const top = new TopScores(page * hitsPerPage < PAGINATION_LIMIT ? keep : 0);
    const columns = [...facetCounts].map(([f, counts]) => ({ ids: this.facets[f].ids, counts }));
    const size = this.records.length;
    let nbHits = 0;
    if (plan.words.length > 0) {
      this.forEachMatch(plan, filter, (record, tier) => {
        nbHits++;
        let ranked = tier;
        if (boost) {
          const unboosted = BOOST_LEVELS - 1 - Math.min(Math.max(boost(record), 0), BOOST_LEVELS - 1);
          const typos = Math.floor(tier / BELOW_TYPOS);
          ranked = (typos * BOOST_LEVELS + unboosted) * BELOW_TYPOS + (tier % BELOW_TYPOS);
        }
        top.push(ranked * size + (this.rank[record] ?? 0));
        for (const { ids, counts } of columns) {
          const value = ids[record] ?? -1;
          if (value >= 0) counts[value] = (counts[value] ?? 0) + 1;
        }
      });
    }
    const ranked = top.sorted().subarray(page * hitsPerPage);
    const hits: SearchRecord[] = [];
    for (const score of ranked) {
      const record = this.records[this.recordOfRank[score % size] ?? -1];
      if (record) hits.push(record);
    }
    return { nbHits, hits, facetCounts };
  }

  /**
   * How many records matching the query and filters hold each value of a facet. With no query words,
   * every record counts: a facet-value search lists the values to refine by, as Algolia's does.
   */
  facetValueCounts(
    attribute: SearchFacetAttribute,
    plan: QueryPlan,
    filter: RecordFilter | null,
  ): Int32Array {
    const { ids, values } = this.facets[attribute];
    const counts = new Int32Array(values.length);
    const count = (record: number) => {
      const value = ids[record] ?? -1;
      if (value >= 0) counts[value] = (counts[value] ?? 0) + 1;
    };
    if (plan.words.length > 0) this.forEachMatch(plan, filter, count);
    else for (let r = 0; r < this.records.length; r++) if (!filter || filter(r)) count(r);
    return counts;
  }

  private postingsOf(id: number): number {
    return id < 0 ? 0 : (this.postingStart[id + 1] ?? 0) - (this.postingStart[id] ?? 0);
  }

  private rangeCost(from: number, to: number): number {
    return to > from ? (this.postingStart[to] ?? 0) - (this.postingStart[from] ?? 0) : 0;
  }

  private forEachPosting(id: number, quality: number, visit: (record: number, quality: number) => void) {
    if (id < 0) return;
    for (let p = this.postingStart[id] ?? 0, end = this.postingStart[id + 1] ?? 0; p < end; p++)
      visit(this.postings[p] ?? 0, quality);
  }

  private nextEpoch(): number {
    this.epoch = this.epoch === 0xffffffff ? 1 : this.epoch + 1;
    if (this.epoch === 1) this.visited.fill(0);
    return this.epoch;
  }
}
