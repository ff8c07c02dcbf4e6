import type { SearchRecord } from '../../contract/search';

/*
 * The static rank: the order of records no query tells apart, computed once per part and merged when
 * parts are joined.
 */

/** Records in their part's static order: what `mergedOrder` joins. */
export interface OrderedPart {
  readonly records: readonly SearchRecord[];
  readonly order: Int32Array;
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

export function staticOrder(records: readonly SearchRecord[]): Int32Array {
  return Int32Array.from(Array.from(records.keys()).sort(staticComparator(records)));
}

/** The parts' own static orders merged into the whole's: a part's records are sorted once. */
export function mergedOrder(parts: readonly OrderedPart[], records: readonly SearchRecord[]): Int32Array {
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
