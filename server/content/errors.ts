import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from '../log';

/** The codes a client can act on (`extensions.code`), as the common GraphQL servers name them. */
export type ContentErrorCode =
  | 'BAD_REQUEST'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL_SERVER_ERROR';

/** An error meant for the client: its message and code are shown as they are. */
export const clientError = (message: string, code: ContentErrorCode) =>
  new GraphQLError(message, { extensions: { code } });

export const notFound = (message: string) => clientError(message, 'NOT_FOUND');

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** True for errors a resolver raised on purpose with `clientError`. */
function isClientError(error: GraphQLError): boolean {
  const original = error.originalError;
  return original instanceof GraphQLError && typeof original.extensions.code === 'string';
}

/**
 * An execution error as the client sees it. Anything a resolver did not raise on purpose (a bug, a
 * lost database connection) is logged and replaced by a neutral message: its text could leak SQL,
 * paths or data, and the client cannot act on it anyway.
 */
export function formatExecutionError(error: GraphQLError, log: Logger): GraphQLFormattedError {
  if (isClientError(error)) return error.toJSON();
  log.error({ err: error.originalError ?? error, at: error.path?.join('.') }, 'GraphQL resolver failed');
  return {
    message: INTERNAL_MESSAGE,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

/** A request error (parse, validation, variables): its message, locations, and the given code. */
export function formatRequestError(error: GraphQLError, code: ContentErrorCode): GraphQLFormattedError {
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    extensions: { code },
  };
}
