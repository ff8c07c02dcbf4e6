import { assign, fromPromise, setup } from 'xstate';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';

/** What the browser holds about a sign-in (the storefront store in local storage). */
export interface StoredSignIn {
  token: string | null;
  tokenCreatedAt: number | null;
  station: string | null;
}

/** A reading of the browser the session cannot make itself (machines touch no DOM): cookies, storage, time. */
export interface Surroundings {
  now: number;
  /** The shared single-sign-on cookie (`adlane_dashboard_token`), if present. */
  dashboardCookie: string | null;
  stored: StoredSignIn;
}

export interface OrdersStats {
  [status: string]: number;
}

export interface SessionContext extends StoredSignIn {
  cartId: string | null;
  /** Signed in means userData has a uuid (SPEC section 4). */
  userData: Partial<UserData> | null;
  ordersStats: OrdersStats | null;
  cart: Cart | null;
  dashboardCookie: string | null;
  now: number;
  /** The page's query string when it carries hydrate=1 (a one-time sign-in link), else null. */
  hydrateQuery: string | null;
  authTimeoutMs: number;
  ssoLogout: boolean;
  /** The guard's first decision was made; later checks skip the 900 ms + 100 ms settling. */
  settled: boolean;
  /** The surroundings changed while the guard was still deciding: check again once it has. */
  recheckQueued: boolean;
}

export interface SessionInput extends Surroundings {
  cartCookie: string | null;
  hydrateQuery: string | null;
  authTimeoutMs: number;
  ssoLogout: boolean;
}

/** A successful sign-in from the API: the user data (with its token) and when the token was made. */
export interface SignIn {
  userData: UserData;
  at: number;
}

export type SessionEvent =
  | { type: 'session.login'; userData: UserData; at: number }
  | { type: 'session.register'; userData: UserData; at: number }
  | { type: 'session.userDataSet'; userData: Partial<UserData> }
  | { type: 'session.cartSet'; cart: Cart }
  | { type: 'session.cartIdSet'; cartId: string }
  | {
      type: 'session.initialDataMerged';
      data: Partial<Pick<SessionContext, 'cartId' | 'userData' | 'ordersStats' | 'cart' | 'station'>>;
    }
  | { type: 'session.ordersStatsSet'; ordersStats: OrdersStats }
  | { type: 'session.logout' }
  | { type: 'session.signOut' }
  /** An authenticated call answered 401 "Unauthenticated." (outside /login). */
  | { type: 'auth.apiUnauthenticated' }
  /** The surroundings may have changed: focus, another tab, a timer. */
  | { type: 'auth.recheck'; surroundings: Surroundings };

const hasFreshToken = ({ context }: { context: SessionContext }) =>
  context.token !== null &&
  context.tokenCreatedAt !== null &&
  context.now - context.tokenCreatedAt < context.authTimeoutMs;

/** What logging out does, in order (SPEC section 4). */
const LOG_OUT = ['clearStoredSignIn', 'clearDashboardCookie', 'forgetSignIn'] as const;

/** A forgotten sign-in: nothing stored, no user, and no dashboard cookie (logging out clears it). */
const signedOutContext = {
  token: null,
  tokenCreatedAt: null,
  station: null,
  userData: null,
  ordersStats: null,
  dashboardCookie: null,
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** GET /login/refresh with the dashboard cookie as bearer. */
    refreshLogin: fromPromise<SignIn, { dashboardCookie: string }>(async () => {
      throw new Error('refreshLogin is supplied in machines/system.ts');
    }),
    /** GET /login/create with the current query string (hydrate=1 and the one-time code). */
    createSession: fromPromise<SignIn, { query: string }>(async () => {
      throw new Error('createSession is supplied in machines/system.ts');
    }),
    /** GET /me, with the cart id when known. */
    fetchProfile: fromPromise<UserData, { token: string; cartId: string | null }>(async () => {
      throw new Error('fetchProfile is supplied in machines/system.ts');
    }),
    /** POST /logout: revokes the token server-side; signing out goes on whatever it answers. */
    revokeSession: fromPromise<void, { token: string }>(async () => {
      throw new Error('revokeSession is supplied in machines/system.ts');
    }),
  },
  actions: {
    // Effects, supplied where the app is assembled (machines/system.ts) and faked in tests.
    storeSignIn: (_, _params: { token: string; createdAt: number }) => {},
    clearStoredSignIn: () => {},
    clearDashboardCookie: () => {},
    reloadPage: () => {},
    navigateToLogin: () => {},
    trackUserLoaded: (_, _params: { userId: string; email: string }) => {},
    reportProfileError: (_, _params: { error: unknown }) => {},
    notifyAuthenticated: () => {},
    notifyUnauthenticated: () => {},

    forgetHydrateLink: () => {},

    /** Takes a sign-in into the state: its token and creation time, then its user data and cart. */
    acceptSignIn: assign(({ context }, params: SignIn) => ({
      token: params.userData.token,
      tokenCreatedAt: params.at,
      now: Math.max(context.now, params.at),
      userData: params.userData,
      cartId: params.userData.cart_uuid ?? context.cartId,
    })),
    /** Setting user data adopts its cart_uuid as the cart id when present. */
    setUserData: assign(({ context }, params: { userData: Partial<UserData> }) => ({
      userData: params.userData,
      cartId: params.userData.cart_uuid ?? context.cartId,
    })),
    forgetSignIn: assign(signedOutContext),
    adoptSurroundings: assign(({ context, event }) => {
      if (event.type !== 'auth.recheck') return {};
      const { stored, now, dashboardCookie } = event.surroundings;
      const tokenChanged = stored.token !== context.token;
      return {
        now,
        dashboardCookie,
        // Another tab may have signed in or out: the stored sign-in wins, and a new token needs a new profile.
        ...(tokenChanged ? { ...stored, userData: null } : {}),
      };
    }),
  },
  guards: {
    hasFreshToken,
    /** Authenticated, but the shared cookie is gone and SSO logout is on: signed out elsewhere. */
    shouldCascadeLogout: ({ context }) =>
      hasFreshToken({ context }) && context.dashboardCookie === null && context.ssoLogout,
    canRefreshFromCookie: ({ context }) => !hasFreshToken({ context }) && context.dashboardCookie !== null,
    wantsHydrate: ({ context }) => context.dashboardCookie === null && context.hydrateQuery !== null,
    hasSettled: ({ context }) => context.settled,
    hasQueuedRecheck: ({ context }) => context.recheckQueued,
    hasStaleToken: ({ context }) => context.token !== null && !hasFreshToken({ context }),
    needsProfile: ({ context }) =>
      hasFreshToken({ context }) &&
      !(context.dashboardCookie === null && context.ssoLogout) &&
      !context.userData?.uuid,
  },
  delays: {
    guardSettle: 900,
    guardConfirm: 100,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    ...input.stored,
    // SPEC: the cart id is taken from its cookie when the state has none.
    cartId: input.cartCookie,
    userData: null,
    ordersStats: null,
    cart: null,
    dashboardCookie: input.dashboardCookie,
    now: input.now,
    hydrateQuery: input.hydrateQuery,
    authTimeoutMs: input.authTimeoutMs,
    ssoLogout: input.ssoLogout,
    settled: false,
    recheckQueued: false,
  }),
  on: {
    'session.userDataSet': {
      actions: { type: 'setUserData', params: ({ event }) => ({ userData: event.userData }) },
    },
    /** Setting the cart stores it and takes its uuid as the cart id. */
    'session.cartSet': { actions: assign(({ event }) => ({ cart: event.cart, cartId: event.cart.uuid })) },
    /** Setting the cart id applies only if no cart id exists. */
    'session.cartIdSet': {
      actions: assign(({ context, event }) => ({ cartId: context.cartId ?? event.cartId })),
    },
    'session.initialDataMerged': { actions: assign(({ event }) => ({ ...event.data })) },
    'session.ordersStatsSet': { actions: assign(({ event }) => ({ ordersStats: event.ordersStats })) },
  },
  states: {
    /** The auth guard (SPEC section 4). */
    auth: {
      initial: 'starting',
      on: {
        // Login and register store the token and its creation time, then replace the user data.
        'session.login': {
          target: '.decided.authenticated',
          actions: [
            {
              type: 'storeSignIn',
              params: ({ event }) => ({ token: event.userData.token, createdAt: event.at }),
            },
            { type: 'acceptSignIn', params: ({ event }) => event },
            assign({ settled: true }),
          ],
        },
        'session.register': {
          target: '.decided.authenticated',
          actions: [
            {
              type: 'storeSignIn',
              params: ({ event }) => ({ token: event.userData.token, createdAt: event.at }),
            },
            { type: 'acceptSignIn', params: ({ event }) => event },
            assign({ settled: true }),
          ],
        },
        // Logout removes token, creation time and station from storage and clears the dashboard cookie.
        'session.logout': { target: '.decided.unauthenticated', actions: LOG_OUT },
        'auth.apiUnauthenticated': {
          target: '.decided.unauthenticated',
          actions: [...LOG_OUT, 'navigateToLogin'],
        },
        // While the guard is still deciding, a change of surroundings is kept, not lost (a person can
        // come back to the tab in the first second); the decided states handle rechecks themselves.
        'auth.recheck': { actions: ['adoptSurroundings', assign({ recheckQueued: true })] },
      },
      states: {
        starting: {
          tags: ['pending'],
          always: [
            { guard: 'shouldCascadeLogout', target: 'cascadingLogout' },
            { guard: 'canRefreshFromCookie', target: 'refreshing' },
            { guard: 'wantsHydrate', target: 'hydrating' },
            { target: 'settling' },
          ],
        },
        /** Signed out elsewhere (the shared cookie is gone): delete the sign-in and reload the page. */
        cascadingLogout: {
          tags: ['pending'],
          entry: ['clearStoredSignIn', 'forgetSignIn', 'reloadPage'],
          always: 'settling',
        },
        /** Not authenticated, but the dashboard cookie exists: refresh login (the checking flag is on). */
        refreshing: {
          tags: ['pending', 'checking'],
          invoke: {
            src: 'refreshLogin',
            input: ({ context }) => ({ dashboardCookie: context.dashboardCookie ?? '' }),
            onDone: {
              target: 'settling',
              actions: [
                {
                  type: 'storeSignIn',
                  params: ({ event }) => ({ token: event.output.userData.token, createdAt: event.output.at }),
                },
                { type: 'acceptSignIn', params: ({ event }) => event.output },
              ],
            },
            onError: 'settling',
          },
        },
        /** No cookie and hydrate=1 in the address bar: create a session from the one-time link. */
        hydrating: {
          tags: ['pending', 'checking'],
          invoke: {
            src: 'createSession',
            input: ({ context }) => ({ query: context.hydrateQuery ?? '' }),
            onDone: {
              target: 'settling',
              actions: [
                {
                  type: 'storeSignIn',
                  params: ({ event }) => ({ token: event.output.userData.token, createdAt: event.output.at }),
                },
                { type: 'acceptSignIn', params: ({ event }) => event.output },
              ],
            },
            onError: 'settling',
          },
          // The link works once: take it out of the address bar and out of later checks.
          exit: ['forgetHydrateLink', assign({ hydrateQuery: null })],
        },
        /** After its first run the guard waits 900 ms, then 100 ms, before calling back. */
        settling: {
          tags: ['pending'],
          always: { guard: 'hasSettled', target: 'deciding' },
          after: { guardSettle: 'confirming' },
        },
        confirming: {
          tags: ['pending'],
          after: { guardConfirm: 'deciding' },
        },
        deciding: {
          tags: ['pending'],
          entry: assign({ settled: true }),
          always: [
            // The surroundings changed while deciding: evaluate them from the start (cascade,
            // refresh, hydrate) rather than judge the token alone.
            { guard: 'hasQueuedRecheck', target: 'starting', actions: assign({ recheckQueued: false }) },
            { guard: 'hasFreshToken', target: 'decided.authenticated' },
            // A token past the auth time-out with nothing to refresh it is of no use: forget it.
            {
              guard: 'hasStaleToken',
              target: 'decided.unauthenticated',
              actions: ['clearStoredSignIn', 'forgetSignIn'],
            },
            { target: 'decided.unauthenticated' },
          ],
        },
        decided: {
          // Always entered through one of its children; the initial is only a formality.
          initial: 'unauthenticated',
          states: {
            authenticated: {
              entry: 'notifyAuthenticated',
              on: {
                'session.signOut': 'signingOut',
                'auth.recheck': { target: '#session.auth.starting', actions: 'adoptSurroundings' },
              },
            },
            /** Sign-out revokes the token server-side, logs out, then goes to /login. */
            signingOut: {
              invoke: {
                src: 'revokeSession',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: { target: 'unauthenticated', actions: [...LOG_OUT, 'navigateToLogin'] },
                onError: { target: 'unauthenticated', actions: [...LOG_OUT, 'navigateToLogin'] },
              },
            },
            unauthenticated: {
              entry: 'notifyUnauthenticated',
              on: {
                'auth.recheck': { target: '#session.auth.starting', actions: 'adoptSurroundings' },
              },
            },
          },
        },
      },
    },
    /** The profile is fetched when a (fresh) token exists and userData has no uuid. */
    profile: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'needsProfile', target: 'loading' },
        },
        loading: {
          invoke: {
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.token ?? '', cartId: context.cartId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setUserData', params: ({ event }) => ({ userData: event.output }) },
                {
                  type: 'trackUserLoaded',
                  params: ({ event }) => ({ userId: event.output.uuid, email: event.output.email }),
                },
              ],
            },
            // SPEC section 8: a failed profile fetch is only logged.
            onError: {
              target: 'failed',
              actions: { type: 'reportProfileError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          on: { 'session.login': 'idle', 'session.register': 'idle', 'auth.recheck': 'idle' },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
