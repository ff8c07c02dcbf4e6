/**
 * The server's way to draw a page (server/ssr/render.ts loads the build of this file): the route's
 * page as HTML, with the API answers it used, so a phone paints the header, the heading and the
 * content before any script has run, and the browser's first render draws the same thing (src/main.tsx).
 * Each render has its own router and its own app handle: nothing of one visitor's page reaches
 * another's. The app's actors are not created here: what depends on them (who is signed in, the cart,
 * a quote) is drawn as it is in the browser's first moment, before they exist.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { RecordedCall, RenderedRoute } from '../contract/drawnPages';
import { callKey, setServerFetch } from './api/transport';
import { createAppRouter } from './router';
import { pageOutcome, settleLoaderData } from './ssr/settle';
import { AppProvider } from './system/AppContext';
import type { AppHandle } from './system/handle';

export type ServerFetch = (url: string, init?: RequestInit) => Promise<Response>;

interface Render {
  fetch: ServerFetch;
  calls: Record<string, RecordedCall>;
}

const renders = new AsyncLocalStorage<Render>();

setServerFetch(async (url, init) => {
  const render = renders.getStore();
  if (!render) throw new Error('An API call was made outside a server render.');
  const response = await render.fetch(url, init);
  const body = await response.text();
  const type = response.headers.get('content-type') ?? 'application/json';
  render.calls[callKey(init?.method ?? 'GET', url, init?.body)] = { status: response.status, type, body };
  return answerOf(response.status, type, body);
});

/**
 * The answer as the API clients read it. Not a `Response`: in the server process that is the HTTP
 * server's lighter class (@hono/node-server puts it in place of the global one), whose status is not
 * an own, enumerable property, and redaxios copies the answer's fields with `for...in`.
 */
function answerOf(status: number, type: string, body: string): Response {
  const answer = {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    headers: new Headers({ 'Content-Type': type }),
    text: async () => body,
    json: async (): Promise<unknown> => JSON.parse(body),
    clone: () => answerOf(status, type, body),
  };
  return answer as unknown as Response;
}

/** The app, as the server has it: never loaded (pages draw their first moment; routes that need it decline). */
class NotOnServer extends Error {
  constructor() {
    super('The app’s actors run in the browser only.');
    this.name = 'NotOnServer';
  }
}

function serverAppHandle(signedIn: boolean): AppHandle {
  return {
    knownVisitor: !signedIn,
    get ready() {
      const refused = Promise.reject(new NotOnServer());
      refused.catch(() => {});
      return refused;
    },
    current: () => null,
    subscribe: () => () => {},
    whenReady: () => {},
  };
}

/** How renderToString marks a Suspense boundary it drew as its fallback, for the browser to draw. */
const CLIENT_BOUNDARY = '<!--$!-->';

/** A stream's text (read by hand: the server process's `Response` is its HTTP server's own class). */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The routes `href` matches, outermost first, without loading them: for a page the browser draws
 * alone, the server lists their code in the page so that it is fetched from the start.
 */
export function routeIdsOf(href: string): string[] {
  const router = createAppRouter(
    serverAppHandle(true),
    createMemoryHistory({ initialEntries: [href] }),
    true,
  );
  return router.matchRoutes(router.state.location).map((match) => match.routeId);
}

/**
 * Draws the page at `href`, or answers null when the browser should draw it alone: a route that
 * redirects, fails, needs the app (a signed-in visit: `signedIn` says the request carries the sign-in
 * cookie), or whose data did not come in `waitMs`.
 */
export function renderRoute(
  href: string,
  fetch: ServerFetch,
  options: { waitMs: number; signedIn: boolean },
): Promise<RenderedRoute | null> {
  return renders.run({ fetch, calls: {} }, async () => {
    const render = renders.getStore() as Render;
    const app = serverAppHandle(options.signedIn);
    const router = createAppRouter(app, createMemoryHistory({ initialEntries: [href] }), true);
    await router.load();
    const outcome = pageOutcome(router);
    if (!outcome) return null;
    // The address the router settled on (a trailing slash or a search it normalised) must be the
    // one asked for, or the browser would draw another page than this HTML.
    if (router.state.location.href !== href) return null;
    if (!(await settleLoaderData(router, options.waitMs))) return null;
    const page = (
      <StrictMode>
        <AppProvider app={app}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>
    );
    let html = renderToString(page);
    if (html.includes(CLIENT_BOUNDARY)) {
      // Something waited: the first time a page shows a lazy component, its code is not loaded yet.
      // prerender waits for it (its own output needs inline scripts, which the CSP refuses, so it
      // is only run to load the code); then the page is drawn again, whole.
      await textOf((await prerender(page)).prelude);
      html = renderToString(page);
    }
    // A boundary that still failed would be drawn again by the browser, with an error in its
    // console: such a page is left to the browser.
    if (html.includes(CLIENT_BOUNDARY)) return null;
    return {
      html,
      calls: render.calls,
      href,
      notFound: outcome === 'notFound',
      routeIds: router.state.matches.map((match) => match.routeId),
    };
  });
}
