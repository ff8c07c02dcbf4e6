import { z } from 'zod';
import {
  FACET_HITS_DEFAULT,
  FACET_HITS_MAX,
  SEARCH_FACET_ATTRIBUTES,
  SEARCH_HITS_PER_PAGE,
  type SearchFacetAttribute,
} from '../../contract/search';
import { describeIssues, findUnstorableText, LONE_SURROGATE } from '../http/validate';
import { SearchRequestError } from './errors';
import type { FilterList } from './filters';

/** What a hits query asks for, whichever way it was sent. */
export interface HitsParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facets: SearchFacetAttribute[];
  maxValuesPerFacet: number;
  facetFilters: FilterList | undefined;
  numericFilters: FilterList | undefined;
  /** Facet filters that rank the records they match first instead of leaving the others out. */
  optionalFilters: FilterList | undefined;
  highlightPreTag: string;
  highlightPostTag: string;
}

/** A facet-value search: the hits query's filters, plus the facet and the text typed for its values. */
export interface FacetParams extends HitsParams {
  facet: SearchFacetAttribute;
  facetQuery: string;
  maxFacetHits: number;
}

export type ParsedQuery =
  | { type: 'default'; indexName: string; params: HitsParams; paramsString: string }
  | { type: 'facet'; indexName: string; params: FacetParams; paramsString: string };

/** A filter is a few dozen characters (`type:printmag`, `popularity>=1000`); longer is not a filter. */
const filterText = z.string().max(256, 'a filter is at most 256 characters.');
const filterList = z.union([filterText, z.array(z.union([filterText, z.array(filterText)]))], {
  error:
    'must be a filter string or a list of filters and lists of filters, like [["type:tv","type:ctv"],"state:IL"].',
});
const wholeNumber = (what: string) =>
  z.number({ error: `must be a number (${what}).` }).int({ error: `must be a whole number (${what}).` });

/** Algolia's search parameters this index uses; any other parameter is accepted and ignored. */
export const searchParams = z.object({
  query: z
    .string({ error: 'must be a string.' })
    .max(512, 'keep the query under 512 characters.')
    .default(''),
  page: wholeNumber('from 0').min(0, 'must be 0 or more: pages count from 0.').default(0),
  hitsPerPage: wholeNumber('from 0 to 1000')
    .min(0, 'must be from 0 to 1000.')
    .max(1000, 'must be from 0 to 1000.')
    .default(SEARCH_HITS_PER_PAGE),
  facets: z
    .union([z.string(), z.array(z.string())], { error: 'must be an attribute or a list of them.' })
    .optional(),
  maxValuesPerFacet: wholeNumber('from 1 to 1000')
    .min(1, 'must be from 1 to 1000.')
    .max(1000, 'must be from 1 to 1000.')
    .default(100),
  facetFilters: filterList.optional(),
  numericFilters: filterList.optional(),
  optionalFilters: filterList.optional(),
  highlightPreTag: z
    .string({ error: 'must be a string.' })
    .max(64, 'keep it under 64 characters.')
    .default('<em>'),
  highlightPostTag: z
    .string({ error: 'must be a string.' })
    .max(64, 'keep it under 64 characters.')
    .default('</em>'),
  facetQuery: z.string({ error: 'must be a string.' }).max(512, 'keep it under 512 characters.').default(''),
  maxFacetHits: z.number({ error: 'must be a number.' }).default(FACET_HITS_DEFAULT),
  filters: z.string({ error: 'must be a string.' }).optional(),
});

/** Parameters that arrive as numbers, and as lists, when sent in the URL-encoded `params` string. */
const NUMERIC_PARAMS = new Set([
  'page',
  'hitsPerPage',
  'maxValuesPerFacet',
  'maxFacetHits',
  'offset',
  'length',
]);
const LIST_PARAMS = new Set([
  'facets',
  'facetFilters',
  'numericFilters',
  'optionalFilters',
  'attributesToRetrieve',
  'attributesToHighlight',
]);
/** Keys of a request that say where it goes, not how to search. */
const ROUTING_KEYS = new Set(['indexName', 'type', 'params', 'facet']);

/** The typed value of one parameter from a `params` string (v4 clients and InstantSearch's helper send those). */
function decodeValue(key: string, raw: string, where: string): unknown {
  if (NUMERIC_PARAMS.has(key) && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  if (LIST_PARAMS.has(key) && raw.trim().startsWith('[')) {
    try {
      return JSON.parse(raw);
    } catch {
      throw new SearchRequestError(400, `${where}${key} in params is not valid JSON: ${raw.slice(0, 80)}`);
    }
  }
  if (key === 'facets' && raw.includes(',')) return raw.split(',').map((f) => f.trim());
  return raw;
}

/**
 * A request's parameters as one map: those of its `params` string first, then those sent as fields
 * (v5 clients flatten them into the request). A null field counts as not sent.
 */
function mergedParams(request: Record<string, unknown>, where: string): Map<string, unknown> {
  const params = new Map<string, unknown>();
  const encoded = request.params;
  if (typeof encoded === 'string') {
    for (const [key, raw] of new URLSearchParams(encoded)) params.set(key, decodeValue(key, raw, where));
  } else if (encoded && typeof encoded === 'object' && !Array.isArray(encoded)) {
    for (const [key, value] of Object.entries(encoded)) if (value !== null) params.set(key, value);
  } else if (encoded !== undefined && encoded !== null) {
    throw new SearchRequestError(
      400,
      `${where}params must be a URL-encoded string, like "query=chicago&hitsPerPage=5".`,
    );
  }
  for (const [key, value] of Object.entries(request)) {
    if (!ROUTING_KEYS.has(key) && value !== null && value !== undefined) params.set(key, value);
  }
  return params;
}

/** encodeURIComponent that never throws: a lone surrogate is written as U+FFFD. */
const encodeComponent = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/**
 * The parameters as the URL-encoded string Algolia echoes in `params`. Unknown parameters are echoed
 * only when they are plain values: an unvalidated object could be nested deeper than
 * `JSON.stringify` can go.
 */
function encodeParams(params: Map<string, unknown>): string {
  return [...params]
    .filter(([key, value]) => typeof value !== 'object' || key in searchParams.shape)
    .map(([key, value]) => {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${encodeComponent(key)}=${encodeComponent(text)}`;
    })
    .join('&');
}

const isFacetAttribute = (name: string): name is SearchFacetAttribute =>
  (SEARCH_FACET_ATTRIBUTES as readonly string[]).includes(name);

/** `facets` as attributes: `*` is all of them; names the index cannot facet on are left out, as Algolia does. */
function facetsOf(facets: string | string[] | undefined): SearchFacetAttribute[] {
  const names = facets === undefined ? [] : typeof facets === 'string' ? [facets] : facets;
  if (names.includes('*')) return [...SEARCH_FACET_ATTRIBUTES];
  return [...new Set(names.map((n) => n.trim()).filter(isFacetAttribute))];
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One query of a request, in any of the shapes Algolia accepts: flattened fields (v5), a `params`
 * string (v4, InstantSearch's helper), or both. `where` prefixes messages ("requests[1]: ").
 */
export function parseQuery(
  request: unknown,
  options: { where: string; indexName?: string; type?: 'default' | 'facet'; facet?: string },
): ParsedQuery {
  const { where } = options;
  if (!isObject(request))
    throw new SearchRequestError(
      400,
      `${where}a query must be an object, like {"indexName":"…","query":"chicago"}.`,
    );
  const indexName = options.indexName ?? request.indexName;
  if (typeof indexName !== 'string' || indexName === '')
    throw new SearchRequestError(400, `${where}indexName is missing: name the index to search.`);
  const type = options.type ?? request.type ?? 'default';
  if (type !== 'default' && type !== 'facet')
    throw new SearchRequestError(
      400,
      `${where}type must be "default" (hits) or "facet" (facet values), not ${JSON.stringify(type)}.`,
    );

  const merged = mergedParams(request, where);
  // A lone surrogate is no text at all: it could not be echoed in `params` nor matched against words.
  const named = { ...Object.fromEntries(merged), indexName, facet: options.facet ?? request.facet };
  const broken = findUnstorableText(named, LONE_SURROGATE);
  if (broken !== null)
    throw new SearchRequestError(
      400,
      `${where}${broken || 'a parameter name'}: broken Unicode (a lone surrogate); send text as UTF-8 or paired \\u escapes.`,
    );
  const parsed = searchParams.safeParse(Object.fromEntries(merged));
  if (!parsed.success) throw new SearchRequestError(400, `${where}${describeIssues(parsed.error)}`);
  const values = parsed.data;
  if (values.filters?.trim())
    throw new SearchRequestError(
      400,
      `${where}filters is not supported by this index: send facetFilters and numericFilters instead.`,
    );
  const onlyString =
    typeof request.params === 'string' && [...Object.keys(request)].every((k) => ROUTING_KEYS.has(k));
  const paramsString = onlyString ? String(request.params) : encodeParams(merged);
  const params: HitsParams = {
    query: values.query,
    page: values.page,
    hitsPerPage: values.hitsPerPage,
    facets: facetsOf(values.facets),
    maxValuesPerFacet: values.maxValuesPerFacet,
    facetFilters: values.facetFilters,
    numericFilters: values.numericFilters,
    optionalFilters: values.optionalFilters,
    highlightPreTag: values.highlightPreTag,
    highlightPostTag: values.highlightPostTag,
  };
  if (type === 'default') return { type, indexName, params, paramsString };

  const facet = options.facet ?? request.facet ?? merged.get('facetName');
  if (typeof facet !== 'string' || facet === '')
    throw new SearchRequestError(400, `${where}facet is missing: name the attribute whose values to search.`);
  if (!isFacetAttribute(facet))
    throw new SearchRequestError(
      400,
      `${where}cannot search the values of "${facet}": it is not a facet of this index. Use one of: ${SEARCH_FACET_ATTRIBUTES.join(', ')}.`,
    );
  // SPEC: between 1 and 100 values, 10 unless asked.
  const maxFacetHits = Math.min(FACET_HITS_MAX, Math.max(1, Math.trunc(values.maxFacetHits)));
  return {
    type,
    indexName,
    params: { ...params, facet, facetQuery: values.facetQuery, maxFacetHits },
    paramsString,
  };
}
