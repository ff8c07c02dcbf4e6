import { LRUCache } from 'lru-cache';
import { isoDay } from '../../contract/schedule';
import { keptJson, type PreparedJson } from '../http/jsonAnswer';

/** About 32 MB of answers: an answer is 1 to 60 KB, and its compressed copies a fifth of that more. */
const KEPT_BYTES = 32 * 1024 * 1024;
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
      maxSize: KEPT_BYTES,
      // UTF-16 units count as bytes here, and the compressed copies, made later, as a fifth more.
      sizeCalculation: (answer) => Math.ceil(answer.text.length * 1.2),
    });
  }

  /** The answer to `query` on the day of `now`: the one kept, or `make()`'s. */
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
