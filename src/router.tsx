import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import type { SessionActor } from '../machines/system';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { sessionReady, systemModule } from './features/session/sessionLoader';
import { routeTree } from './routeTree.gen';

/** What every route can reach through its context: the app's actors. */
export interface RouterContext {
  /** The session actor, once the session system has loaded (src/features/session/sessionLoader.ts). */
  session: Promise<SessionActor>;
}

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { session: sessionReady() },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    // Plain query strings (`?zip=60601`, not JSON-quoted values): readable, shareable, and what the
    // rest of the web sends. Each route's schema turns the strings into the types it wants.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });

  void systemModule.then((system) => {
    system.setNavigator({
      toLogin: () => void router.navigate({ to: '/login', search: {} }),
      go: (path) => void router.navigate({ href: path }),
      reload: () => window.location.reload(),
      replaceSearch: (search) => router.history.replace(`${router.state.location.pathname}${search}`),
    });
    // Route guards wait for the first decision; when it changes later (signed in or out elsewhere),
    // they ran with the old answer and run again.
    system.onAuthDecision((_, previous) => {
      if (previous !== null) void router.invalidate();
    });
    // The event log's page views: the page open now, then each one navigated to.
    system.logPageView(router.state.location.href);
    router.subscribe('onResolved', ({ toLocation }) => system.logPageView(toLocation.href));
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
