import type { ContentErrorCode } from './errors';

/** What a GraphQL-over-HTTP request asks for, from a JSON body or a GET query string. */
export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

/** Why a request could not be read, as the client will be told. */
export interface RequestProblem {
  status: 400 | 415;
  message: string;
  code: ContentErrorCode;
}

const problem = (message: string, status: 400 | 415 = 400): RequestProblem => ({
  status,
  message,
  code: 'BAD_REQUEST',
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the three parameters of GraphQL over HTTP, whatever the client sent in their place. */
function readParams(raw: {
  query: unknown;
  variables: unknown;
  operationName: unknown;
}): GraphQLParams | RequestProblem {
  if (raw.query === undefined || raw.query === null || raw.query === '')
    return problem('Send the GraphQL document as `query`.');
  if (typeof raw.query !== 'string') return problem('`query` must be a string holding a GraphQL document.');
  if (raw.variables != null && !isPlainObject(raw.variables))
    return problem('`variables` must be an object of variable names and values.');
  if (raw.operationName != null && typeof raw.operationName !== 'string')
    return problem('`operationName` must be a string.');
  return {
    query: raw.query,
    variables: isPlainObject(raw.variables) ? raw.variables : null,
    operationName: typeof raw.operationName === 'string' ? raw.operationName : null,
  };
}

/** The parameters of a POST: a JSON object body, sent as application/json. */
export function paramsFromBody(
  contentType: string | undefined,
  body: string,
): GraphQLParams | RequestProblem {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json')
    return problem('Send the request as JSON, with the header Content-Type: application/json.', 415);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return problem('The request body is not valid JSON.');
  }
  if (!isPlainObject(parsed))
    return problem('The request body must be a JSON object like {"query": "...", "variables": {...}}.');
  return readParams({
    query: parsed.query,
    variables: parsed.variables,
    operationName: parsed.operationName,
  });
}

/** The parameters of a GET: `query`, `variables` (JSON) and `operationName` in the query string. */
export function paramsFromSearch(search: URLSearchParams): GraphQLParams | RequestProblem {
  for (const name of ['query', 'variables', 'operationName']) {
    if (search.getAll(name).length > 1) return problem(`Send \`${name}\` once.`);
  }
  let variables: unknown = null;
  const variablesText = search.get('variables');
  if (variablesText) {
    try {
      variables = JSON.parse(variablesText);
    } catch {
      return problem('`variables` must be a JSON object.');
    }
  }
  return readParams({ query: search.get('query'), variables, operationName: search.get('operationName') });
}

export const isProblem = (value: GraphQLParams | RequestProblem): value is RequestProblem =>
  'status' in value;
