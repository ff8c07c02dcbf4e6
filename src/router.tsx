import {
  createRouter,
  parseSearchWith,
  type RouterHistory,
  stringifySearchWith,
} from '@tanstack/react-router';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { crossesBackOffice } from './lib/backOfficePath';
import { routeTree } from './routeTree.gen';
import type { Navigator } from './system/environment';
import type { AppHandle } from './system/handle';

/** What every route can reach through its context: the app and its actors. */
export interface RouterContext {
  app: AppHandle;
}

/**
 * `history`: the browser's address (made by the caller, in a task of its own on a phone), or, for a
 * server render, the address it draws (`onServer`).
 */
export function createAppRouter(app: AppHandle, history: RouterHistory, onServer = false) {
  const router = createRouter({
    routeTree,
    history,
    context: { app },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    // The browser's router restores scroll; a server render's (which has its own history) would
    // write an inline script for it, which the Content-Security-Policy refuses.
    scrollRestoration: !onServer,
    // Plain query strings (`?zip=60601`, not JSON-quoted values): readable, shareable, and what the
    // rest of the web sends. Each route's schema turns the strings into the types it wants.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });

  app.whenReady((loaded) => {
    // Route guards wait for the first decision; when it changes later (signed in or out elsewhere),
    // they ran with the old answer and run again.
    loaded.onAuthDecision((_, previous) => {
      if (previous !== null) void router.invalidate();
    });
    // The event log's page views: the page open now, then each one navigated to.
    loaded.logPageView(router.state.location.href);
    router.subscribe('onResolved', ({ toLocation }) => loaded.logPageView(toLocation.href));
    // The address is the new one already: loading it afresh gives the page its side's chat and analytics.
    router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
      if (crossesBackOffice(fromLocation?.pathname, toLocation.pathname)) loaded.env.navigator.reload();
    });
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The app's navigation, in-app through the router instead of loading pages. */
export function routerNavigator(router: () => AppRouter): Navigator {
  return {
    toLogin: () => void router().navigate({ to: '/login', search: {} }),
    go: (path, options) => void router().navigate({ href: path, replace: options?.replace }),
    reload: () => window.location.reload(),
    replaceSearch: (search) => router().history.replace(`${router().state.location.pathname}${search}`),
  };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
