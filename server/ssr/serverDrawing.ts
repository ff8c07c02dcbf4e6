import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { cookieNames } from '../../contract/cookies';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../env';
import type { Logger } from '../log';
import type { InProcessFetch, PageRenderer } from './pageRenderer';

/*
 * How the app draws a page on the server: with the API in this process, within a time limit, and
 * only for a visitor signed in, as the static site serving asks. Its own file: the rules of a
 * drawing (its deadline, its fallback, the sign-in cookie) apart from the app's assembly.
 */

/** How long a page may take to draw on the server before it goes out undrawn. */
const RENDER_LIMIT_MS = 2_000;

/** The promise's value, or a rejection once `ms` have passed (the late value is dropped). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Drawing took more than ${ms} ms.`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The drawing of a page (`render`) and the routes it lists (`listedRoutes`) for the static site, from
 * the build's renderer; `inProcess` answers the page's API calls without leaving the process.
 */
export function serverDrawing(
  renderPage: PageRenderer | null | undefined,
  inProcess: InProcessFetch,
  config: ServerConfig,
  logger: Logger,
) {
  const signInCookie = cookieNames(config.cookiePrefix).dashboardToken;
  const render =
    renderPage &&
    ((c: Context<AppEnv>, href: string) => {
      const signedIn = Boolean(getCookie(c, signInCookie));
      const drawn = renderPage(href, inProcess, signedIn);
      return withinTime(drawn, RENDER_LIMIT_MS).catch((error: unknown) => {
        logger.error({ err: error, path: c.req.path }, 'a page could not be drawn on the server');
        return null;
      });
    });
  const routeIdsOf = renderPage?.routeIdsOf;
  const listedRoutes =
    routeIdsOf &&
    ((c: Context<AppEnv>, href: string) => (getCookie(c, signInCookie) ? routeIdsOf(href) : []));
  return { render, listedRoutes };
}
