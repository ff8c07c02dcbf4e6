import { SEARCH_FACET_ATTRIBUTES, type SearchFacetAttribute, type SearchRecord } from '../../contract/search';
import { type FacetColumn, facetColumn } from './facetColumn';
import { IndexPart, joinParts } from './indexPart';
import { EXACT, matchQuality, NO_MATCH, PREFIX, type QueryPlan, typosOf } from './queryPlan';
import { mergedOrder } from './staticOrder';
import { TopScores } from './topScores';
import type { Vocabulary } from './vocabulary';

/** Keeps only the records a request's filters allow. */
export type RecordFilter = (record: number) => boolean;

/** Ranks the records a request's optional filters match first: higher is better. */
export type RecordBoost = (record: number) => number;

/** Optional filters' scores are told apart up to this one; more counts as this much. */
const BOOST_LEVELS = 16;
/** A tier below the typo count: exact words (64 levels) and the exact full text (2). */
const BELOW_TYPOS = 128;

/** Algolia's `paginationLimitedTo` default: hits past the 1,000th are never paged to. */
export const PAGINATION_LIMIT = 1000;

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
