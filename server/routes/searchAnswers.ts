import { LRUCache } from 'lru-cache';
import type { MediaSearchQuery } from '../../contract/media';
import { isoDay } from '../../contract/schedule';
import { keptJson, type PreparedJson } from '../http/jsonAnswer';

/** About 32 MB of answers: an answer is 0.2 to 60 KB, and its compressed copies about 40 % more. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** At most this many, however small: each costs a few hundred bytes of its own besides its text. */
const KEPT_AT_MOST = 10_000;
/** What one kept answer costs besides its text and key: its entry, its object, its map of copies. */
const ENTRY_BYTES = 512;
/** The queries asked once that are remembered, to keep their answer if they are asked again. */
const ASKED_ONCE = 20_000;

/**
 * The shop's search answers of one state of the catalogue, by query, for the clock's day: an answer
 * is the same for everyone all day (every schedule rule reads a local calendar day), so one asked for
 * again is sent as it was made, serialised and compressed once. A query's answer is kept from its
 * second ask on, as a cache in front of a web server keeps pages asked for at least twice: searches
 * asked once (a typo, a rare zip code) do not push out the ones asked all day. A new day starts empty.
 */
export class SearchAnswers {
  private day = '';
  private kept = SearchAnswers.keptCache();
  private asked = new LRUCache<string, true>({ max: ASKED_ONCE });

  private static keptCache() {
    return new LRUCache<string, PreparedJson>({
      max: KEPT_AT_MOST,
      maxSize: KEPT_BYTES,
      // UTF-16 units count as bytes here; the compressed copies, made later, as 40 % more (gzip and
      // deflate at the fastest level each take about a fifth of a search answer's text).
      sizeCalculation: (answer, query) =>
        Math.ceil(answer.text.length * 1.4) + query.length * 2 + ENTRY_BYTES,
    });
  }

  /**
   * The answer to `query` on the day of `now`: the one kept, or `make()`'s. `query` is short (a few
   * hundred characters, `searchKey`): V8 hashes a string of 16,384 characters or more by its length
   * alone, which would put every long key in one bucket.
   */
  answer(now: Date, query: string, make: () => PreparedJson): PreparedJson {
    const day = isoDay(now);
    if (day !== this.day) {
      this.day = day;
      this.kept = SearchAnswers.keptCache();
      this.asked.clear();
    }
    const known = this.kept.get(query);
    if (known) return known;
    const made = make();
    if (this.asked.delete(query)) this.kept.set(query, keptJson(made));
    else this.asked.set(query, true);
    return made;
  }
}

/**
 * A search's key: what its answer depends on, each list without repeats (the media types in any
 * order; the zip codes in theirs, which the answer's markets follow), so a query padded with repeats
 * is the query it repeats, and no key is longer than the validation's bounds allow (at most 50 zip
 * codes, a search of 100 characters, and the media types there are).
 */
export const searchKey = (search: MediaSearchQuery): string =>
  JSON.stringify([
    [...new Set(search.media_types)].sort(),
    search.lifestyle,
    [...new Set(search.zip)],
    search.search,
    search.page,
    search.per_page,
  ]);
