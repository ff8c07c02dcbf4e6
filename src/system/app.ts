import {
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type InspectionEvent,
  waitFor,
} from 'xstate';
import type { UserData } from '../../contract/auth';
import { selectIsPending } from '../../machines/session/selectors';
import { AUTH_CALL_TIMEOUT_MS } from '../../machines/session/session.setup';
import { toastsMachine } from '../../machines/toasts/toasts.machine';
import { isBackOfficePath } from '../lib/backOfficePath';
import { AccessRemoved } from './accessRemoved';
import { cartLogic } from './cart';
import { createDecisions, type DecisionListener } from './decisions';
import type { AppEnvironment, AppServices, AppSettings } from './environment';
import {
  chatLogic,
  keepRepCode,
  pageViewLogger,
  requireScript,
  scriptLoaderLogic,
  startAnalytics,
} from './platform';
import { createRouteActors } from './routeActors';
import { searchLogic, visitorMarketOf } from './search';
import { readSurroundings, sessionInput, sessionLogic } from './session';
import { createSignOutNotice } from './signOutNotice';
import { followCartId, followVisitor } from './wiring';

export interface AppParts {
  env: AppEnvironment;
  services: AppServices;
  settings: AppSettings;
  /** XState's inspection hook (the local inspector), when it is on. */
  inspect?: ((event: InspectionEvent) => void) | undefined;
  /** The actors' timers: the real one, or a SimulatedClock in tests. */
  clock?: Clock | undefined;
}

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** The browser's own timers, for an app whose actors run on them. */
const realClock: Clock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id),
};

/** What every actor of one app is created with (a page's actor too): the inspector's hook and the clock. */
export interface AppActorOptions {
  inspect?: (event: InspectionEvent) => void;
  clock?: Clock;
}

/**
 * The assembly point: creates the app's actors, gives them their effects and starts them, then ties
 * them together (the cart follows the session's cart id, the chat follows the customer). One call
 * per app: the browser makes one (src/system/start.ts); tests make one per test with fakes.
 */
export function createAppSystem({ env, services, settings, inspect, clock }: AppParts) {
  const decisions = createDecisions();
  const options: AppActorOptions = { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) };
  const stops: Array<() => void> = [];

  const signOutNotice = createSignOutNotice();
  // A refresh refused because the person was removed from their team says so on the sign-in page.
  const refreshLogin: AppServices['refreshLogin'] = (cookie) =>
    services.refreshLogin(cookie).catch((error: unknown) => {
      if (error instanceof AccessRemoved) signOutNotice.accessRemoved(error.company);
      throw error;
    });
  const session = createActor(sessionLogic(env, { ...services, refreshLogin }, decisions), {
    ...options,
    systemId: 'session',
    input: sessionInput(env, settings),
  });
  const toasts = createActor(toastsMachine, { ...options, systemId: 'toasts' });
  const cart = createActor(cartLogic(env, services, { session, toasts }), {
    ...options,
    systemId: 'cart',
    input: { cartId: session.getSnapshot().context.cartId },
  });
  const search = createActor(searchLogic(env, services), { ...options, systemId: 'search' });
  const scriptLoader = createActor(scriptLoaderLogic(env), { ...options, systemId: 'scriptLoader' });
  const chat = createActor(chatLogic(env, settings, scriptLoader), { ...options, systemId: 'chat' });

  stops.push(
    services.onUnauthenticated((meta) => {
      if (meta?.access_removed) signOutNotice.accessRemoved(meta.access_removed.company);
      session.send({ type: 'auth.apiUnauthenticated' });
    }),
  );
  // Another tab signing in or out and the visitor coming back can change who is signed in; the guard
  // looks again each time (and every minute by itself, for time passing).
  stops.push(
    env.watchSignInChanges(() => session.send({ type: 'auth.recheck', surroundings: readSurroundings(env) })),
  );

  for (const actor of [session, toasts, cart, search, scriptLoader, chat]) actor.start();
  stops.push(followCartId(session, cart));
  keepRepCode(env);
  // A back-office page is a staff member's: no customer chat, and nothing counted as a storefront visit.
  if (!isBackOfficePath(env.address().pathname)) {
    stops.push(followVisitor(session, chat));
    startAnalytics(env, settings, scriptLoader);
  }

  /** Actors a page creates once, the first time it opens, and keeps for the app's life (the every-door selection). */
  const pageActors = new Map<string, AnyActorRef>();
  const routeActors = createRouteActors();

  const app = {
    session,
    cart,
    toasts,
    search,
    scriptLoader,
    chat,
    env,
    services,
    /** For actors a page creates (pageActor): inspected and timed like the app's own. */
    actorOptions: options,
    /** The market of the zip code the visitor shops in, for the site search to rank first; or null. */
    visitorMarket: () => visitorMarketOf(env.store.read),
    /** Resolves once the guard has decided: whether the visitor is authenticated. */
    async isAuthenticated(): Promise<boolean> {
      // A hung API must not hang the page: it waits no longer than the guard gives an auth call, on
      // the actors' clock (a test's simulated time bounds the wait as the browser's does).
      const timers = clock ?? realClock;
      const gaveUp = new AbortController();
      const timer = timers.setTimeout(() => gaveUp.abort(), AUTH_CALL_TIMEOUT_MS);
      const snapshot = await waitFor(session, (s) => !selectIsPending(s), { signal: gaveUp.signal })
        .catch(() => session.getSnapshot())
        .finally(() => timers.clearTimeout(timer));
      return snapshot.matches({ auth: { decided: 'authenticated' } });
    },
    /** The guard's callbacks: each decision once, with the one before it. */
    onAuthDecision: (listener: DecisionListener) => decisions.listen(listener),
    /** A sign-in made by a form on this page (login, register, a colleague's first sign-in, a new password). */
    acceptSignIn(userData: UserData, kind: 'login' | 'register' = 'login') {
      signOutNotice.clear();
      session.send({
        type: kind === 'login' ? 'session.login' : 'session.register',
        userData,
        at: env.now(),
        dashboardCookie: env.cookies.get(env.cookies.names.dashboardToken),
      });
    },
    /** Why the person was last signed out, when the API said (for the sign-in page). */
    signOutNotice,
    logPageView: pageViewLogger(services),
    requireScript: (src: string) => requireScript(scriptLoader, src),
    pageActor<T extends AnyActorRef>(key: string, create: () => T): T {
      let actor = pageActors.get(key);
      if (!actor) {
        actor = create();
        pageActors.set(key, actor);
      }
      return actor as T;
    },
    /** Actors a route holds while it is shown (an orders tab's list): src/system/routeActors.ts. */
    routeActors,
    /** Stops every actor and listener (tests; a server render's app when its request ends). */
    stop() {
      for (const stop of stops) stop();
      for (const actor of [chat, scriptLoader, search, cart, toasts, session, ...pageActors.values()])
        actor.stop();
      routeActors.stop();
    },
  };
  return app;
}

export type AppSystem = ReturnType<typeof createAppSystem>;
