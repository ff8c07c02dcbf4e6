import './lib/zodConfig';
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadSearchCode } from './features/search/loadSearchCode';
import { nextTask } from './lib/nextTask';
import { type AppRouter, createAppRouter, routerNavigator } from './router';
import { chunksAfterEntry } from './ssr/chunksAfterEntry';
import { AppTookOver } from './ssr/hydration';
import { renderedPage } from './ssr/prefetched';
import { AppProvider } from './system/AppContext';
import type { AppSystem } from './system/app';
import { createAppHandle } from './system/handle';
import './styles.css';

/** The router's default pending delay (`defaultPendingMs`): when a pending screen would show. */
const PENDING_MS = 1000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs chunks the page is about to import, one by one, each in a task of its own: importing a route's
 * code at once runs all of it (and the state machines it makes) in one long task. A chunk that fails
 * is left to the import that needs it to fail and say so.
 */
async function runInTurns(hrefs: string[]) {
  for (const href of hrefs) {
    await import(/* @vite-ignore */ href).catch(() => {});
    await nextTask();
  }
}

/** Whether a route of the address opened has something to show while it loads. */
function hasPendingScreen(router: AppRouter): boolean {
  const matched = new Set<string>(router.matchRoutes(router.state.location).map((match) => match.routeId));
  return Object.values(router.routesById).some(
    (route) => matched.has(route.id) && route.options.pendingComponent !== undefined,
  );
}
/**
 * React adopted part of a page by drawing it again (a recoverable error): what the visitor sees is
 * right, so it is said in the console rather than raised as an uncaught error. The known cause: a link
 * pressed while a route's part of the page is still being adopted, where TanStack Router reads the
 * route the page has just left ("reading 'routeId'"; TanStack/router#8233 is the same race).
 */
function onRecoverableError(error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined;
  console.warn('Part of the page was drawn again instead of adopted:', error, cause);
}

const rendered = renderedPage();
// Resolved once React has the page (src/ssr/hydration.ts): adopted, or drawn in the browser.
let tookOver = () => {};
const whenTookOver = new Promise<void>((resolve) => {
  tookOver = resolve;
});

// The app's actors come in a chunk of their own, fetched at once but not in this first script. They
// are started once: a later load after a failed one only fetches what is missing. On a page the
// server drew they start once React has adopted it (unless a route needs them first).
let started: AppSystem | null = null;
const app = createAppHandle(
  () =>
    import('./system/start').then(async ({ startBrowserApp }) => {
      // Running the actors' code, starting them, and the pages redrawing with them: three tasks, not
      // one that would keep a phone from answering a tap for a third of a second.
      await nextTask();
      started ??= startBrowserApp(
        routerNavigator(() => router),
        { loadSearchCode },
      );
      await nextTask();
      return started;
    }),
  rendered ? whenTookOver : undefined,
);
// Made in a task after this script's own (building the route tree is a phone's 40 ms).
let router: AppRouter;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const treeOf = (router: AppRouter) => (
  <StrictMode>
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
    <AppTookOver then={tookOver} />
  </StrictMode>
);

/**
 * A page the server drew (server/ssr) is taken over where it stands: the route loads with the API
 * answers the page carries, then React adopts the HTML instead of drawing it again. When the browser
 * arrives somewhere else than the server drew (a remembered shop search redirects), or the data
 * differs in what it can show, it draws the page itself, as it does for pages the server did not draw.
 */
async function start(container: HTMLElement) {
  const chunks = chunksAfterEntry();
  await nextTask();
  // Two steps: the history marks the page's entry in the browser's (a phone's 30 ms), then the router.
  const history = createBrowserHistory();
  await nextTask();
  router = createAppRouter(app, history);
  const tree = treeOf(router);
  if (rendered) {
    const adopting = import('./ssr/adopt');
    await nextTask();
    await runInTurns(chunks.routes);
    await router.load();
    await nextTask();
    // Without that code (the network dropped), the page is drawn again, as any other.
    const same = await adopting.then(
      (adopt) => adopt.canAdopt(router, rendered),
      () => false,
    );
    if (same) {
      // What the router renders for a page the server drew (no Suspense boundary around the root
      // route, as on the server): set for the page's life, or its whole tree would change shape.
      router.ssr = { manifest: undefined };
      // As a transition, React adopts the page in slices and lets the browser answer in between,
      // rather than in one long task (the page is already on screen).
      startTransition(() => {
        hydrateRoot(container, tree, { onRecoverableError });
      });
      // What the page asks for once it runs (the app's actors), run in turns as React adopts it.
      void runInTurns(chunks.later);
      return;
    }
    container.replaceChildren();
  }
  // What the page asks for once it runs, run in turns as its routes load (no one waits for it).
  void runInTurns(chunks.later);
  if (!rendered) {
    // The router's state is an external store: a page it shows once its route has loaded is drawn
    // in one blocking render (a phone's third of a second for the dashboard). Drawn once the route
    // has loaded instead, as a transition, React draws it in slices. Nothing shows before either way,
    // unless the route has a pending screen: that one still shows after the router's pending delay.
    await runInTurns(chunks.routes);
    const loaded = router.load().catch(() => {
      // The router shows its own error page; the page is drawn either way.
    });
    await (hasPendingScreen(router) ? Promise.race([loaded, delay(PENDING_MS)]) : loaded);
  }
  const drawn = createRoot(container);
  startTransition(() => drawn.render(tree));
}

void start(root);
