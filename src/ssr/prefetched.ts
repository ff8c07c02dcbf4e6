/**
 * What the server put in a page it rendered (server/ssr/page.ts): the address it rendered and the
 * API answers the render used, in a JSON data block (not a script the browser runs, so the strict
 * Content-Security-Policy needs nothing for it).
 */
import { RENDERED_ID, type RenderedPage } from '../../contract/drawnPages';

let page: RenderedPage | null | undefined;

/** The page's rendered state, read once; null for a page the server did not render. */
export function renderedPage(): RenderedPage | null {
  if (page === undefined) {
    // Outside a browser page (the server, a test's stand-in document) there is nothing to read.
    const block =
      typeof document !== 'undefined' && typeof document.getElementById === 'function'
        ? document.getElementById(RENDERED_ID)
        : null;
    try {
      page = block?.textContent ? (JSON.parse(block.textContent) as RenderedPage) : null;
    } catch {
      page = null;
    }
  }
  return page;
}

/** An embedded answer, once: a later call of the same kind asks the server again. */
export function takePrefetched(key: string): Response | null {
  const call = renderedPage()?.calls[key];
  if (!call) return null;
  delete renderedPage()?.calls[key];
  return new Response(call.body, { status: call.status, headers: { 'Content-Type': call.type } });
}

/** Stops using what the page carried (the first render is done, or the page was not drawn as rendered). */
export function forgetRenderedPage(): void {
  page = null;
}
