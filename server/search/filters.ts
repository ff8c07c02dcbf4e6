import {
  SEARCH_FACET_ATTRIBUTES,
  SEARCH_NUMERIC_ATTRIBUTES,
  type SearchFacetAttribute,
} from '../../contract/search';
import { SearchRequestError } from './errors';
import type { RecordBoost, RecordFilter, SiteIndex } from './siteIndex';

/** Algolia's filter lists: a string, or a list whose items are ANDed and whose inner lists are ORed. */
export type FilterList = string | ReadonlyArray<string | readonly string[]>;

/** The groups of a filter list: every group must hold, and one test of a group is enough. */
function groupsOf(list: FilterList | undefined): string[][] {
  if (list === undefined) return [];
  if (typeof list === 'string') return list.trim() ? [[list]] : [];
  return list.map((item) => (typeof item === 'string' ? [item] : [...item])).filter((g) => g.length > 0);
}

const isFacetAttribute = (name: string): name is SearchFacetAttribute =>
  (SEARCH_FACET_ATTRIBUTES as readonly string[]).includes(name);

/**
 * One facet filter: `type:tv`, negated as `-type:tv` or `type:-tv` (Algolia's own form); a value that
 * itself starts with a dash is escaped, `type:\-tv`, as the InstantSearch helper does. Quotes around
 * the value are dropped.
 */
function facetTest(index: SiteIndex, filter: string, parameter = 'facetFilters'): RecordFilter {
  let text = filter.trim();
  let negated = false;
  if (text.startsWith('-')) {
    negated = true;
    text = text.slice(1);
  }
  const colon = text.indexOf(':');
  if (colon < 1)
    throw new SearchRequestError(
      400,
      `${parameter}: "${filter}" is not a filter. Write it as attribute:value, like type:tv.`,
    );
  const attribute = text.slice(0, colon).trim();
  let value = text.slice(colon + 1).trim();
  if (!isFacetAttribute(attribute))
    throw new SearchRequestError(
      400,
      `${parameter}: "${attribute}" is not a facet of this index. Filter on one of: ${SEARCH_FACET_ATTRIBUTES.join(', ')}.`,
    );
  if (value.startsWith('-')) {
    negated = !negated;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) value = value.slice(1);
  if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const column = index.facets[attribute];
  const wanted = column.idOfLowerValue.get(value.toLowerCase()) ?? -2;
  const ids = column.ids;
  return negated ? (record) => ids[record] !== wanted : (record) => ids[record] === wanted;
}

// Matched against trimmed text, with no lazy group before trailing spaces: linear on any input.
const NUMERIC_FILTER = /^([A-Za-z_][\w.]*)\s*(<=|>=|!=|<|>|=|:)\s*(\S.*)$/;
const RANGE = /^(-?[\d.eE+-]+)\s+TO\s+(-?[\d.eE+-]+)$/;

function numberOf(text: string, filter: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new SearchRequestError(
      400,
      `numericFilters: "${filter}" compares with "${text}", which is not a number.`,
    );
  return value;
}

/** One numeric filter: `popularity>=1000`, `popularity != 3`, `popularity:1000 TO 5000`. */
function numericTest(index: SiteIndex, filter: string): RecordFilter {
  const parts = filter.trim().match(NUMERIC_FILTER);
  if (!parts)
    throw new SearchRequestError(
      400,
      `numericFilters: "${filter}" is not a numeric filter. Write it like popularity>=1000 or popularity:10 TO 20.`,
    );
  const [, attribute = '', operator = '', operand = ''] = parts;
  if (!(SEARCH_NUMERIC_ATTRIBUTES as readonly string[]).includes(attribute))
    throw new SearchRequestError(
      400,
      `numericFilters: "${attribute}" is not a numeric attribute of this index. Use: ${SEARCH_NUMERIC_ATTRIBUTES.join(', ')}.`,
    );
  const values = index.popularity;
  if (operator === ':') {
    const range = operand.match(RANGE);
    if (!range)
      throw new SearchRequestError(400, `numericFilters: "${filter}" needs a range written as low TO high.`);
    const low = numberOf(range[1] ?? '', filter);
    const high = numberOf(range[2] ?? '', filter);
    return (record) => (values[record] ?? Number.NaN) >= low && (values[record] ?? Number.NaN) <= high;
  }
  const limit = numberOf(operand, filter);
  switch (operator) {
    case '<':
      return (record) => (values[record] ?? Number.NaN) < limit;
    case '<=':
      return (record) => (values[record] ?? Number.NaN) <= limit;
    case '>':
      return (record) => (values[record] ?? Number.NaN) > limit;
    case '>=':
      return (record) => (values[record] ?? Number.NaN) >= limit;
    case '!=':
      return (record) => values[record] !== limit;
    default:
      return (record) => values[record] === limit;
  }
}

/** Every group must hold; within a group, one test is enough. */
function allOf(groups: RecordFilter[][]): RecordFilter | null {
  if (groups.length === 0) return null;
  return (record) => {
    for (const group of groups) {
      let any = false;
      for (const test of group) {
        if (test(record)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    return true;
  };
}

/** The request's facetFilters and numericFilters as one test per record (null: no filtering). */
export function compileFilters(
  index: SiteIndex,
  facetFilters: FilterList | undefined,
  numericFilters: FilterList | undefined,
): RecordFilter | null {
  const groups = [
    ...groupsOf(facetFilters).map((group) => group.map((f) => facetTest(index, f))),
    ...groupsOf(numericFilters).map((group) => group.map((f) => numericTest(index, f))),
  ];
  return allOf(groups);
}

// Algolia's own way to weigh one optional filter more than another: `market:DMA602<score=2>`.
const SCORED = /^(.*?)<score=(\d{1,3})>$/;

/**
 * Algolia's `optionalFilters`: facet filters that leave no record out but rank those they match
 * first (after fewer typos, before exact words, as Algolia's "filters" criterion). Each filter adds
 * its score (1 unless written `<score=N>`); of an inner list, the best one matched counts.
 */
export function compileOptionalFilters(index: SiteIndex, list: FilterList | undefined): RecordBoost | null {
  const groups = groupsOf(list).map((group) =>
    group.map((filter) => {
      const scored = filter.trim().match(SCORED);
      const test = facetTest(index, scored?.[1] ?? filter, 'optionalFilters');
      const score = scored ? Number(scored[2]) : 1;
      return { test, score };
    }),
  );
  if (groups.length === 0) return null;
  return (record) => {
    let total = 0;
    for (const group of groups) {
      let best = 0;
      for (const { test, score } of group) if (score > best && test(record)) best = score;
      total += best;
    }
    return total;
  };
}
