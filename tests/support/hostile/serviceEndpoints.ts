import { geocodeQuery } from '../../../contract/geocoding';
import { DEFAULT_SEARCH_INDEX } from '../../../contract/search';
import { searchParams as searchParamsSchema } from '../../../server/search/params';
import { type Endpoint, type Input, input, KB } from './endpoint';
import { type FieldTree, fieldsOf } from './schemaFields';

const GRAPHQL_DOCUMENTS = {
  specSheet: 'query Sheet($slug: String!) { specSheet(slug: $slug) { __typename } }',
  specSheets:
    'query Sheets($search: String, $first: Int, $after: String, $mediaType: MediaType) { specSheets(search: $search, first: $first, after: $after, mediaType: $mediaType) { __typename } }',
  articles:
    'query Articles($category: String, $first: Int, $after: String) { articles(category: $category, first: $first, after: $after) { __typename } }',
};

/** The services beside SPEC's API: the geocoder, the site search, the content API and the site's own files. */
export const SERVICE_ENDPOINTS: Endpoint[] = [
  // Geocoding (Mapbox v5): the query is the file name.
  {
    method: 'GET',
    path: '/geocoding/v5/mapbox.places/:file',
    params: { file: () => 'chicago' },
    paramSuffix: '.json',
    query: input(geocodeQuery.omit({ query: true }), () => ({
      country: 'us',
      types: 'place,postcode',
      limit: 5,
      autocomplete: 'true',
      access_token: 'pk.not-a-real-token',
    })),
    shape: 'envelope',
    family: 'geocoding',
    maxBody: 16 * KB,
  },

  // Site search (Algolia's protocol)
  ...searchEndpoints(),

  // Content (GraphQL)
  ...graphqlEndpoints(),

  // The rest of the site
  ...['/chat/widget.js', '/robots.txt', '/sitemap.xml'].map(
    (path): Endpoint => ({ method: 'GET', path, shape: 'text', family: 'site', maxBody: 16 * KB }),
  ),
];

function searchEndpoints(): Endpoint[] {
  const params = fieldsOf(searchParamsSchema);
  const paramFields = params.kind === 'object' ? params.fields : {};
  const query = {
    kind: 'object',
    fields: { ...paramFields, indexName: { kind: 'string' }, params: { kind: 'string' } },
  } as const;
  const search = (path: string, sample: Input['sample'], fields: FieldTree): Endpoint => ({
    method: 'POST',
    path,
    body: { fields, sample },
    shape: 'algolia',
    family: 'search',
    maxBody: 256 * KB,
  });
  return [
    search(
      '/1/indexes/*/queries',
      () => ({
        requests: [
          {
            indexName: DEFAULT_SEARCH_INDEX,
            query: 'chicago',
            hitsPerPage: 5,
            facets: ['type', 'state'],
            facetFilters: [['type:tv', 'type:ctv'], 'state:IL'],
            numericFilters: ['popularity>=1'],
          },
          { indexName: DEFAULT_SEARCH_INDEX, params: 'query=tribune&page=1&highlightPreTag=%3Cb%3E' },
        ],
      }),
      { kind: 'object', fields: { requests: { kind: 'array', element: query } } },
    ),
    search(
      `/1/indexes/${DEFAULT_SEARCH_INDEX}/query`,
      () => ({ query: 'chicago', page: 0, hitsPerPage: 3, params: 'facets=%5B%22type%22%5D' }),
      query,
    ),
    search(
      `/1/indexes/${DEFAULT_SEARCH_INDEX}/facets/type/query`,
      () => ({ facetQuery: 'pr', query: '', maxFacetHits: 5 }),
      query,
    ),
  ];
}

function graphqlEndpoints(): Endpoint[] {
  const variables: FieldTree = {
    kind: 'object',
    fields: {
      slug: { kind: 'string' },
      search: { kind: 'string' },
      first: { kind: 'number' },
      after: { kind: 'string' },
      category: { kind: 'string' },
      mediaType: { kind: 'choice', values: ['printmag', 'tv', 'eddm'] },
    },
  };
  const fields: FieldTree = {
    kind: 'object',
    fields: {
      query: { kind: 'choice', values: Object.values(GRAPHQL_DOCUMENTS) },
      variables,
      operationName: { kind: 'string' },
    },
  };
  const sample = () => ({
    query: GRAPHQL_DOCUMENTS.specSheets,
    variables: { search: 'deadline', first: 5, after: 'YXJyYXljb25uZWN0aW9uOjA=', mediaType: 'tv' },
    operationName: 'Sheets',
  });
  return [
    {
      method: 'POST',
      path: '/graphql',
      body: { fields, sample },
      shape: 'graphql',
      family: 'graphql',
      maxBody: 64 * KB,
    },
    {
      method: 'GET',
      path: '/graphql',
      query: {
        fields,
        sample: () => ({
          query: GRAPHQL_DOCUMENTS.specSheet,
          variables: JSON.stringify({ slug: 'tv-commercials' }),
          operationName: 'Sheet',
        }),
      },
      shape: 'graphql',
      family: 'graphql',
      maxBody: 64 * KB,
    },
  ];
}
