import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedRoute } from '../../contract/drawnPages';

export type InProcessFetch = (url: string, init?: RequestInit) => Promise<Response>;

interface ServerEntry {
  renderRoute(
    href: string,
    fetch: InProcessFetch,
    options: { waitMs: number; signedIn: boolean },
  ): Promise<RenderedRoute | null>;
  routeIdsOf(href: string): string[];
}

/**
 * Draws a page of the storefront, its API calls answered by `fetch`; null when the browser should.
 * `signedIn`: the request carries the sign-in cookie (pages for visitors are then left to the browser).
 */
export type PageRenderer = ((
  href: string,
  fetch: InProcessFetch,
  signedIn: boolean,
) => Promise<RenderedRoute | null>) & {
  /** The routes an address matches, outermost first (the root route at least), without loading them. */
  routeIdsOf?: (href: string) => string[];
};

/** The folder of the built app where its server entry is written (`vite build --ssr`, package.json). */
export const SERVER_ENTRY_DIR = '.ssr';

/** How long a page's data may take before the page is left to the browser instead. */
const DATA_WAIT_MS = 1_500;

/**
 * The build's page renderer, or null when the build has none (an older build, or `vite build` alone):
 * the pages are then served as the bare app, drawn by the browser.
 */
export async function loadPageRenderer(
  staticDir: string,
  log: (error: unknown) => void,
): Promise<PageRenderer | null> {
  const file = path.join(staticDir, SERVER_ENTRY_DIR, 'entry-server.js');
  if (!existsSync(file)) return null;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    // A broken build of the server entry must not keep the storefront down: the browser draws it.
    log(error);
    return null;
  }
  const render: PageRenderer = (href, fetch, signedIn) =>
    entry.renderRoute(href, fetch, { waitMs: DATA_WAIT_MS, signedIn });
  render.routeIdsOf = entry.routeIdsOf;
  return render;
}
