/**
 * The queries the search bench sends (`npm run bench:search`): what people type, and the multi-query
 * bodies InstantSearch sends for it, the same every run for a seed. Its own file because it is data
 * and a generator, apart from the timing and printing.
 */
import { DEFAULT_SEARCH_INDEX } from '../contract/search';
import { CITY_ZIPS } from './benchZips';

/** A multi-query body as algoliasearch/lite v5 sends it for InstantSearch (flattened parameters). */
export interface SearchBody {
  requests: Array<Record<string, unknown>>;
}

/** What people type: first letters, whole and half-typed places, zip codes, titles, and typos. */
const PLACES = [
  'chicago',
  'new york',
  'los angeles',
  'houston',
  'phoenix',
  'philadelphia',
  'san antonio',
  'san diego',
  'dallas',
  'seattle',
  'denver',
  'boston',
  'atlanta',
  'miami',
  'portland',
  'springfield',
  'columbus',
  'kansas city',
  'salt lake city',
  'st louis',
  'illinois',
  'texas',
  'california',
  'new jersey',
];
const ZIPS = CITY_ZIPS.slice(0, 11);
const TITLES = [
  'architectural digest',
  'golf digest',
  'rolling stone',
  'house beautiful',
  'bon appetit',
  'the new yorker',
  'every door direct mail',
  'streaming tv',
  'google display',
  'groundtruth geofencing',
  'dedicated e-mail blast',
  'chicago living',
  'taste of boston',
  'airport concourse',
  'audience mail',
  'forbes',
  'outside',
];
const TYPOS = [
  'chicgo',
  'seatle',
  'houstn',
  'philadelpia',
  'bostn',
  'atlnta',
  'denvr',
  'architectual digest',
  'golf digets',
  'san fransisco',
  'los angelas',
  'pitsburgh',
  'cincinati',
  'louisvile',
  'chcago liv',
];

/** A small deterministic generator, so every run sends the same queries. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** The text of one query: a whole or half-typed place, zip, title or typo. */
function queryText(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const typed = (text: string) => text.slice(0, 1 + Math.floor(next() * text.length));
  const kind = next();
  if (kind < 0.15) return pick(PLACES).slice(0, 1 + Math.floor(next() * 2)); // "c", "ch"
  if (kind < 0.4) return typed(pick(PLACES));
  if (kind < 0.55) return typed(pick(ZIPS));
  if (kind < 0.8) return typed(pick(TITLES));
  return pick(TYPOS);
}

/**
 * The mix of requests: InstantSearch's hits query (20 hits, the `type` facet, its highlight tags), in
 * a third of the cases with a refinement (only places, some media types, no places, a popularity
 * range); a disjunctive refinement adds the helper's second query for the unrefined facet counts.
 */
export function searchQueryMix(count = 1000, seed = 7, indexName = DEFAULT_SEARCH_INDEX): SearchBody[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const query = queryText(next);
    const hits: Record<string, unknown> = {
      indexName,
      query,
      hitsPerPage: 20,
      page: next() < 0.1 ? 1 : 0,
      facets: ['type'],
      maxValuesPerFacet: 10,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    };
    const refinement = next();
    let disjunctive = false;
    if (refinement < 0.15) {
      hits.facetFilters = [['type:location']];
      disjunctive = true;
    } else if (refinement < 0.25) {
      hits.facetFilters = [['type:printmag', 'type:tv', 'type:ctv']];
      disjunctive = true;
    } else if (refinement < 0.3) hits.facetFilters = ['type:-location'];
    else if (refinement < 0.35) hits.numericFilters = ['popularity>=10000'];
    if (!disjunctive) return { requests: [hits] };
    const { facetFilters: _refined, ...unrefined } = hits;
    const counts = {
      ...unrefined,
      hitsPerPage: 0,
      page: 0,
      analytics: false,
      clickAnalytics: false,
      attributesToRetrieve: [],
    };
    return { requests: [hits, counts] };
  });
}
