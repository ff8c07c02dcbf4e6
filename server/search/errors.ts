import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A request the search API refuses, answered in Algolia's error shape `{ message, status }` so the
 * Algolia clients raise it as an ApiError with this message (and do not retry it as a host failure).
 */
export class SearchRequestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}
