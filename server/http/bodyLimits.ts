import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from './envelope';
import { declaredBody, incomingOf } from './incoming';

/**
 * Request bodies are limited before anything reads them: from Content-Length when it is sent (the body
 * is then never read), and while it streams when it is not (chunked), so a huge body costs no memory.
 * Every route has the default; a route that needs more says so in the app's table (app.ts), and a
 * route may set a smaller limit of its own with a message about what it takes.
 */

/** Forms and small JSON bodies: every call of SPEC's API fits in a few kilobytes. */
export const DEFAULT_BODY_BYTES = 16 * 1024;

/** Direct-mail selections and campaigns list routes and zip codes. */
export const DIRECT_MAIL_BODY_BYTES = 64 * 1024;

/** Stripe's events are small; the largest (a session with its lines) stays far below this. */
const WEBHOOK_BODY_BYTES = 256 * 1024;

/**
 * A body over `maxSize` bytes is refused with `tooLarge` (a 413) before it is read. A request that came
 * over a socket is judged from its headers (a POST of the shop's search has no body, so nothing of it
 * is read or built); only a chunked body is counted as it streams, by Hono's limit, which builds the
 * web request to read it through. So is a request made in the process (a test's, a drawn page's),
 * whose headers need not announce its body.
 */
export const limitBodyWith = (
  maxSize: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler => {
  const whileStreaming = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const incoming = incomingOf(c.env);
    const size = incoming ? declaredBody(incoming) : 'chunked';
    if (size === 'chunked') return whileStreaming(c, next);
    return size > maxSize ? tooLarge(c) : next();
  };
};

/** Refuses a body over `maxSize` bytes before it is read, with a 413 that says what to send instead. */
export const limitBody = (maxSize: number, message: string) =>
  limitBodyWith(maxSize, (c) => fail(c, 413, message));

export const limitDefaultBody = limitBody(
  DEFAULT_BODY_BYTES,
  `That request is too large: a request to this API is at most ${DEFAULT_BODY_BYTES / 1024} KB.`,
);

/** Direct-mail selections and campaigns are a few kilobytes; anything this big is a mistake or an attack. */
export const limitDirectMailBody = limitBody(
  DIRECT_MAIL_BODY_BYTES,
  'That request is too large. Choose fewer routes or zip codes.',
);

/** A profile picture of at most 5 MB and its form's few hundred bytes. */
export const limitAvatarBody = limitBody(
  5 * 1024 * 1024 + 64 * 1024,
  'That picture is over 5 MB. Choose a smaller one.',
);

/** Issue 30: Stripe's signed events, read whole to check their signature. */
export const limitWebhookBody = limitBody(
  WEBHOOK_BODY_BYTES,
  `That request is too large for a Stripe event (at most ${WEBHOOK_BODY_BYTES / 1024} KB).`,
);

/** Issue 31: the back office's files (proofs of delivery, design proofs, placement images). */
export const ADMIN_FILE_BYTES = 25 * 1024 * 1024;
/** A placement with its schedule's rules and exceptions can pass the default 16 KB. */
const ADMIN_FORM_BYTES = 64 * 1024;
const limitAdminFiles = limitBody(
  ADMIN_FILE_BYTES + 64 * 1024,
  'That file is over 25 MB. Choose a smaller one.',
);
const limitAdminForms = limitBody(
  ADMIN_FORM_BYTES,
  `That request is too large: a back-office form is at most ${ADMIN_FORM_BYTES / 1024} KB.`,
);

/** /api/v1/admin/: 25 MB where files are sent, 64 KB anywhere else. */
export const limitAdminBody: MiddlewareHandler = (c, next) =>
  /\/(proof|proofs|images)$/.test(c.req.path) ? limitAdminFiles(c, next) : limitAdminForms(c, next);

/** A path prefix (`/1/` covers everything under it, `/graphql` that path and below) and its larger limit. */
export type LargerBodyLimit = readonly [prefix: string, limit: MiddlewareHandler];

const isUnder = (path: string, prefix: string) => {
  const base = prefix.replace(/\/$/, '');
  return path === base || path.startsWith(`${base}/`);
};

/**
 * The limit of every request: the first of `larger` whose prefix holds the path, else `fallback`.
 * One middleware in front of every route, so no route can be reached with an unlimited body.
 */
export function limitBodies(
  larger: readonly LargerBodyLimit[],
  fallback: MiddlewareHandler,
): MiddlewareHandler {
  return (c, next) => {
    const path = c.req.path;
    const limit = larger.find(([prefix]) => isUnder(path, prefix))?.[1] ?? fallback;
    return limit(c, next);
  };
}

/** Issue 31: a design brief's file (logo, photos) of at most 20 MB and its form's few hundred bytes. */
const limitBriefFileBody = limitBody(
  20 * 1024 * 1024 + 64 * 1024,
  'That file is over 20 MB. Send a smaller one, or a ZIP of smaller files.',
);

/** Under /api/v1/orders/: a design brief's file upload takes 20 MB, everything else the default. */
export const limitOrderBody: MiddlewareHandler = (c, next) =>
  c.req.path.endsWith('/design/files') ? limitBriefFileBody(c, next) : limitDefaultBody(c, next);
