import type { MediaType } from './mediaTypes';

/** The index the storefront searches by default (the embedded API serves only this one). */
export const DEFAULT_SEARCH_INDEX = 'adlane_search';

/** SPEC section 9: hits per page of the site search. */
export const SEARCH_HITS_PER_PAGE = 20;

/** What kind of place a location hit is (for its icon and wording). */
export type PlaceKind = 'city' | 'zip' | 'market' | 'state';

/**
 * A record of the site search index (SPEC section 3's search hit: text, type, partner, url, zip).
 * Media records are placements (`type` is their media type); location records are cities, zip codes,
 * markets and states (`type` is `location`). Hosted Algolia indexes are expected to hold the same.
 */
export interface SearchRecord {
  objectID: string;
  /** What the hit says: a placement's title, or a place ("Chicago, IL", "60601 · Chicago, IL"). */
  text: string;
  type: 'location' | MediaType;
  /** The placement's partner (a magazine's publisher, a TV network...), or null. */
  partner: string | null;
  /** Where the hit leads: a placement's page, or the shop for the place's zip code. */
  url: string;
  /** For a location: the zip code the shop is opened with (a city's or market's main zip); else null. */
  zip: string | null;
  /** For a location: city, zip, market or state; else null. */
  place_kind: PlaceKind | null;
  /** For a location: the two-letter state; for a placement: its market's state, or null when national. */
  state: string | null;
  /**
   * The market (its prodcode) the record is in: a placement's, a zip code's, a city's (its main zip
   * code's), a market's own; null for a state or a national placement. The storefront ranks the
   * visitor's market first with `optionalFilters: ["market:<prodcode>"]`.
   */
  market: string | null;
  /** How big the thing is (households of a place, reach of a placement): the tie-breaker in ranking. */
  popularity: number;
}

/** One highlighted attribute of a hit, as Algolia answers it. */
export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type SearchHit = SearchRecord & {
  _highlightResult: { text: HighlightResult; partner?: HighlightResult };
};

/** Attributes the index can facet and filter on (`facets`, `facetFilters`, facet-value search). */
export const SEARCH_FACET_ATTRIBUTES = ['type', 'partner', 'place_kind', 'state', 'market'] as const;
export type SearchFacetAttribute = (typeof SEARCH_FACET_ATTRIBUTES)[number];

/** Numeric attributes `numericFilters` may compare. */
export const SEARCH_NUMERIC_ATTRIBUTES = ['popularity'] as const;

/** SPEC section 9: facet-value search answers this many values unless asked, and never more than the max. */
export const FACET_HITS_DEFAULT = 10;
export const FACET_HITS_MAX = 100;

/** One answer of a hits query, in Algolia's shape (the fields InstantSearch reads). */
export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  facets: Partial<Record<SearchFacetAttribute, Record<string, number>>>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean; typo: boolean };
  query: string;
  params: string;
  index: string;
}

/** One facet value found by a facet-value search; `highlighted` carries the highlight tags. */
export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetSearchResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}

/** How the search API answers bad requests, as Algolia does. */
export interface SearchErrorResponse {
  message: string;
  status: number;
}
