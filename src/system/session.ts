import { fromPromise, raise } from 'xstate';
import { type SessionInput, type Surroundings, sessionMachine } from '../../machines/session/session.machine';
import type { Decisions } from './decisions';
import type { AppEnvironment, AppServices, AppSettings } from './environment';

/** What the browser says about the sign-in right now: the clock, the shared cookie, what storage holds. */
export function readSurroundings(env: AppEnvironment): Surroundings {
  const store = env.store.read();
  return {
    now: env.now(),
    dashboardCookie: env.cookies.get(env.cookies.names.dashboardToken),
    stored: {
      token: typeof store.token === 'string' ? store.token : null,
      tokenCreatedAt: typeof store.tokenCreatedAt === 'number' ? store.tokenCreatedAt : null,
      station: typeof store.station === 'string' ? store.station : null,
    },
  };
}

/** The session's start: the surroundings, the cart cookie, a one-time link in the address, the settings. */
export function sessionInput(env: AppEnvironment, settings: AppSettings): SessionInput {
  const { search } = env.address();
  return {
    ...readSurroundings(env),
    cartCookie: env.cookies.get(env.cookies.names.cartId),
    hydrateQuery: new URLSearchParams(search).get('hydrate') === '1' ? search : null,
    authTimeoutMs: settings.authTimeoutMs,
    ssoLogout: settings.ssoLogout,
  };
}

/** The address without its used one-time link (`hydrate` and its `code`). */
function searchWithoutHydrate(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('hydrate');
  params.delete('code');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The session machine with the browser's effects: API calls, storage, cookies, navigation, analytics. */
export function sessionLogic(env: AppEnvironment, services: AppServices, decisions: Decisions) {
  return sessionMachine.provide({
    actors: {
      refreshLogin: fromPromise(async ({ input }) => ({
        userData: await services.refreshLogin(input.dashboardCookie),
        at: env.now(),
      })),
      createSession: fromPromise(async ({ input }) => ({
        userData: await services.createSession(input.query),
        at: env.now(),
      })),
      fetchProfile: fromPromise(({ input }) => services.fetchMe(input.cartId)),
      revokeSession: fromPromise(() => services.logout()),
      fetchOrdersStats: fromPromise(() => services.fetchOrdersStats()),
    },
    actions: {
      storeSignIn: (_, { token, createdAt }) => env.store.write({ token, tokenCreatedAt: createdAt }),
      clearStoredSignIn: () => env.store.remove('token', 'tokenCreatedAt', 'station'),
      clearDashboardCookie: () => env.cookies.remove(env.cookies.names.dashboardToken),
      clearCartCookie: () => env.cookies.remove(env.cookies.names.cartId),
      reloadPage: () => env.navigator.reload(),
      navigateToLogin: () => env.navigator.toLogin(),
      forgetHydrateLink: () => env.navigator.replaceSearch(searchWithoutHydrate(env.address().search)),
      trackUserLoaded: (_, { userId, email }) =>
        env.pushAnalytics('user_data_loaded', { user_id: userId, email }),
      reportProfileError: (_, { error }) => env.log.error('Error fetching the user profile:', error),
      reportOrdersStatsError: (_, { error }) => env.log.warn('Orders stats could not be loaded:', error),
      notifyAuthenticated: () => decisions.decide('authenticated'),
      notifyUnauthenticated: () => decisions.decide('unauthenticated'),
      recheckSurroundings: raise(() => ({
        type: 'auth.recheck' as const,
        surroundings: readSurroundings(env),
      })),
    },
  });
}
