import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isConcurrencyConflict } from '../db/errors';
import type { AppEnv } from '../env';
import type { Logger } from '../log';
import { searchError } from '../routes/algolia';
import { isServicePath } from '../static/paths';
import { InvalidFields } from './body';
import { fail } from './envelope';
import { jsonAnswer } from './jsonAnswer';

/*
 * What the app answers when no route matched or a handler threw: in the shape the caller reads (the
 * API's envelope, Algolia's errors, plain text), field errors as 422, everything else masked. Its own
 * file: one convention for every failure, apart from how the app is assembled.
 */

/** A 404 in the shape of the part asked: `servicePrefixes` are the paths that are not the SPA's. */
export const notFoundAnswer =
  (servicePrefixes: readonly string[]): NotFoundHandler<AppEnv> =>
  (c) => {
    const path = c.req.path;
    // Algolia's clients read errors in Algolia's shape.
    if (isServicePath(path, ['/1/']))
      return searchError(c, 404, `There is no ${c.req.method} ${path} in this search API.`);
    if (isServicePath(path, servicePrefixes)) {
      return fail(c, 404, `There is no ${c.req.method} ${path} in this API.`);
    }
    return c.text('Not found', 404);
  };

/** A thrown error as an answer: field errors as 422, HTTP errors as themselves, the rest masked. */
export const errorAnswer =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (error, c) => {
    if (error instanceof InvalidFields) {
      return jsonAnswer(
        c,
        {
          success: false,
          data: { errors: error.errors },
          meta: { drop_cookies: [] },
          message: error.message,
        },
        422,
      );
    }
    // Logged with the request's id; the serializer leaves out a database error's parameters.
    const log = c.var.log ?? logger;
    if (error instanceof HTTPException) {
      if (error.status >= 500) log.error({ err: error }, 'request failed');
      return fail(c, error.status, error.message || 'The request could not be handled.');
    }
    // Two people changed the same thing at the same moment: the one who lost can try again.
    if (isConcurrencyConflict(error)) {
      log.warn({ err: error }, 'request lost to a concurrent change');
      return fail(c, 409, 'Someone changed this at the same moment: reload the page and try again.');
    }
    log.error({ err: error }, 'request failed');
    return fail(c, 500, 'Something went wrong on our side. Please try again in a moment.');
  };
