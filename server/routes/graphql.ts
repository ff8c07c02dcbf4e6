import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFormattedError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { costLimitRule } from '../content/costLimit';
import { depthLimitRule } from '../content/depthLimit';
import { type ContentErrorCode, formatExecutionError, formatRequestError } from '../content/errors';
import { type GraphQLParams, isProblem, paramsFromBody, paramsFromSearch } from '../content/request';
import { contentSchema } from '../content/schema';
import { ContentStore } from '../content/store';
import type { AppEnv } from '../env';
import { limitBodyWith } from '../http/bodyLimits';

/** The content API at /graphql (GraphQL over HTTP): GET for queries, POST for anything. */

const MAX_BODY_BYTES = 64 * 1024;
// Bounds the work parsing and validation can be made to do, whatever the body limit lets through.
const MAX_TOKENS = 2_000;
const VALIDATION_RULES = [...specifiedRules, depthLimitRule(), costLimitRule()];

interface Answer {
  data?: ExecutionResult['data'];
  errors?: readonly GraphQLFormattedError[];
}

/** Errors that are the same answer on every try: the client asked for something missing or invalid. */
const CLIENT_CODES: ReadonlySet<unknown> = new Set<ContentErrorCode>(['NOT_FOUND', 'BAD_USER_INPUT']);

function answer(c: Context, status: ContentfulStatusCode, body: Answer, method: string) {
  // Content only changes with a deploy, so shared caches may keep a GET answer briefly. Not one with
  // an error of ours (a lost database connection): caches would serve it after the server recovers.
  const cacheable =
    method === 'GET' &&
    status === 200 &&
    (body.errors ?? []).every((error) => CLIENT_CODES.has(error.extensions?.code));
  c.header('Cache-Control', cacheable ? 'public, max-age=60' : 'no-store');
  return c.json(body, status);
}

const requestErrors = (errors: readonly GraphQLError[], code: ContentErrorCode): Answer => ({
  errors: errors.map((error) => formatRequestError(error, code)),
});

const oneError = (message: string, code: ContentErrorCode): Answer => ({
  errors: [{ message, extensions: { code } }],
});

async function run(c: Context<AppEnv>, params: GraphQLParams) {
  const method = c.req.method;
  let document: DocumentNode;
  try {
    document = parse(params.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return answer(c, 400, requestErrors([error], 'GRAPHQL_PARSE_FAILED'), method);
  }
  const invalid = validate(contentSchema, document, VALIDATION_RULES, { maxErrors: 20 });
  if (invalid.length) return answer(c, 400, requestErrors(invalid, 'GRAPHQL_VALIDATION_FAILED'), method);

  const operation = getOperationAST(document, params.operationName);
  if (!operation) {
    const message = params.operationName
      ? `The document has no operation named ${JSON.stringify(params.operationName)}.`
      : 'The document has several operations: say which to run with `operationName`.';
    return answer(c, 400, oneError(message, 'BAD_REQUEST'), method);
  }
  // graphql-js 16 validates fields against a root type only when it exists; without this check a
  // subscription here would fail in execute, as if it were the server's fault. It comes before the
  // GET rule, so an operation the API does not have gets the same answer whatever the method.
  if (!contentSchema.getRootType(operation.operation)) {
    const message = `This API has no ${operation.operation}s: it only answers queries.`;
    return answer(c, 400, oneError(message, 'GRAPHQL_VALIDATION_FAILED'), method);
  }
  // GET must stay safe to repeat and to cache, so it may only read.
  if (method === 'GET' && operation.operation !== 'query') {
    c.header('Allow', 'POST');
    return answer(c, 405, oneError(`Send a ${operation.operation} with POST.`, 'METHOD_NOT_ALLOWED'), method);
  }
  const coerced = getVariableValues(
    contentSchema,
    operation.variableDefinitions ?? [],
    params.variables ?? {},
    {
      maxErrors: 20,
    },
  );
  if (coerced.errors) return answer(c, 400, requestErrors(coerced.errors, 'BAD_USER_INPUT'), method);

  const result = await execute({
    schema: contentSchema,
    document,
    operationName: params.operationName,
    variableValues: params.variables,
    contextValue: { store: new ContentStore(c.var.readDb) },
  });
  return answer(
    c,
    200,
    {
      data: result.data,
      ...(result.errors
        ? { errors: result.errors.map((error) => formatExecutionError(error, c.var.log)) }
        : {}),
    },
    method,
  );
}

/** The body limit of /graphql (the app puts it in front, before anything reads the body): a GraphQL error. */
export const limitGraphqlBody = limitBodyWith(MAX_BODY_BYTES, (c) =>
  answer(
    c,
    413,
    oneError(`The request is larger than ${MAX_BODY_BYTES / 1024} KB.`, 'PAYLOAD_TOO_LARGE'),
    c.req.method,
  ),
);

export const graphqlRoutes = new Hono<AppEnv>()
  .use(compress())
  .get('/', (c) => {
    const params = paramsFromSearch(new URL(c.req.url).searchParams);
    if (isProblem(params)) return answer(c, params.status, oneError(params.message, params.code), 'GET');
    return run(c, params);
  })
  .post('/', async (c) => {
    let body: string;
    try {
      body = await c.req.text();
    } catch {
      return answer(c, 400, oneError('The request body could not be read.', 'BAD_REQUEST'), 'POST');
    }
    const params = paramsFromBody(c.req.header('Content-Type'), body);
    if (isProblem(params)) return answer(c, params.status, oneError(params.message, params.code), 'POST');
    return run(c, params);
  })
  .all('/', (c) => {
    c.header('Allow', 'GET, POST');
    return answer(
      c,
      405,
      oneError(`GraphQL is served over GET and POST, not ${c.req.method}.`, 'METHOD_NOT_ALLOWED'),
      c.req.method,
    );
  });
