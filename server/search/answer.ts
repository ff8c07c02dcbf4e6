import type {
  FacetHit,
  FacetSearchResponse,
  SearchFacetAttribute,
  SearchHit,
  SearchResponse,
} from '../../contract/search';
import { compileFilters, compileOptionalFilters } from './filters';
import { highlight, planHighlighters, prefixHighlighters } from './highlight';
import { searchWords } from './normalize';
import type { FacetParams, HitsParams } from './params';
import { planQuery } from './queryPlan';
import { PAGINATION_LIMIT, type SiteIndex } from './siteIndex';

/** Facet counts as Algolia lists them: most frequent first, at most `limit` values, none with no hits. */
function facetObject(values: readonly string[], counts: Int32Array, limit: number): Record<string, number> {
  const found: Array<[string, number]> = [];
  counts.forEach((count, id) => {
    const value = values[id];
    if (count > 0 && value !== undefined) found.push([value, count]);
  });
  found.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return Object.fromEntries(found.slice(0, limit));
}

const elapsed = (startedAt: number) => Math.round(performance.now() - startedAt);

/** The answer to a hits query, in Algolia's shape. */
export function answerHits(
  index: SiteIndex,
  request: { indexName: string; params: HitsParams; paramsString: string },
): SearchResponse {
  const startedAt = performance.now();
  const { params } = request;
  const plan = planQuery(index.vocabulary, params.query);
  const filter = compileFilters(index, params.facetFilters, params.numericFilters);
  const { nbHits, hits, facetCounts } = index.search({
    plan,
    filter,
    boost: compileOptionalFilters(index, params.optionalFilters),
    page: params.page,
    hitsPerPage: params.hitsPerPage,
    facets: params.facets,
  });
  const highlighters = planHighlighters(plan, index.vocabulary);
  const queryWords = plan.words.map((w) => w.word);
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const facets: SearchResponse['facets'] = {};
  for (const [attribute, counts] of facetCounts) {
    const values = facetObject(index.facets[attribute].values, counts, params.maxValuesPerFacet);
    if (Object.keys(values).length > 0) facets[attribute] = values;
  }
  const pages =
    params.hitsPerPage > 0 ? Math.ceil(Math.min(nbHits, PAGINATION_LIMIT) / params.hitsPerPage) : 0;
  return {
    hits: hits.map(
      (record): SearchHit => ({
        ...record,
        _highlightResult: {
          text: highlight(record.text, highlighters, queryWords, tags),
          ...(record.partner === null
            ? {}
            : { partner: highlight(record.partner, highlighters, queryWords, tags) }),
        },
      }),
    ),
    nbHits,
    page: params.page,
    nbPages: pages,
    hitsPerPage: params.hitsPerPage,
    processingTimeMS: elapsed(startedAt),
    facets,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    params: request.paramsString,
    index: request.indexName,
  };
}

/** The answer to a facet-value search: the facet's values that start like the typed words, most frequent first. */
export function answerFacetValues(index: SiteIndex, params: FacetParams): FacetSearchResponse {
  const startedAt = performance.now();
  const plan = planQuery(index.vocabulary, params.query);
  const filter = compileFilters(index, params.facetFilters, params.numericFilters);
  const column = index.facets[params.facet satisfies SearchFacetAttribute];
  const counts = index.facetValueCounts(params.facet, plan, filter);
  const typed = searchWords(params.facetQuery);
  const highlighters = prefixHighlighters(typed);
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const found: Array<{ value: string; count: number }> = [];
  counts.forEach((count, id) => {
    const value = column.values[id];
    if (count === 0 || value === undefined) return;
    const words = searchWords(value);
    if (typed.every((t) => words.some((w) => w.startsWith(t)))) found.push({ value, count });
  });
  found.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  const facetHits = found.slice(0, params.maxFacetHits).map(
    ({ value, count }): FacetHit => ({
      value,
      highlighted: typed.length > 0 ? highlight(value, highlighters, typed, tags).value : value,
      count,
    }),
  );
  return {
    facetHits,
    exhaustiveFacetsCount: true,
    processingTimeMS: elapsed(startedAt),
  };
}
