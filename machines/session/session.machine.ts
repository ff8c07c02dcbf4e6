import { assign, fromPromise, setup } from 'xstate';
import type { UserData } from '../../contract/auth';
import type { OrdersStats, SessionContext, SessionEvent, SessionInput, SignIn } from './session.types';

export type * from './session.types';

const hasFreshToken = ({ context }: { context: SessionContext }) =>
  context.token !== null &&
  context.tokenCreatedAt !== null &&
  context.now - context.tokenCreatedAt < context.authTimeoutMs;

/**
 * What logging out does, in order (SPEC section 4), and then the cart: it was the account's, and the
 * next person at this computer must not see it (the API would not show it to them anyway).
 */
const LOG_OUT = ['clearStoredSignIn', 'clearDashboardCookie', 'forgetSignIn', 'clearCartCookie'] as const;

/** A forgotten sign-in: nothing stored, no user, no dashboard cookie (logging out clears it), no cart. */
const signedOutContext = {
  token: null,
  tokenCreatedAt: null,
  station: null,
  userData: null,
  ordersStats: null,
  ordersStatsFor: null,
  dashboardCookie: null,
  settled: true,
  cartId: null,
  cart: null,
  cartToOffer: null,
} as const;

const PROFILE_RETRIES = 3;

/** A sign-in answered by the API (refresh, one-time link): stored, then taken into the state. */
const TAKE_SIGN_IN = [
  { type: 'storeSignIn', params: ({ event }: { event: { output: SignIn } }) => signInToStore(event.output) },
  { type: 'acceptSignIn', params: ({ event }: { event: { output: SignIn } }) => event.output },
] as const;

/** A sign-in made on this page (a form): stored, taken into the state, and the guard has decided. */
const SIGN_IN_HERE = [
  { type: 'storeSignIn', params: ({ event }: { event: SignIn }) => signInToStore(event) },
  { type: 'acceptSignIn', params: ({ event }: { event: SignIn }) => event },
  'markSettled',
] as const;

const signInToStore = (signIn: SignIn) => ({ token: signIn.userData.token, createdAt: signIn.at });

/** Whoever signs in or out next, an answer under way about the previous person is no longer wanted. */
const WHO_CHANGED = {
  'session.login': 'idle',
  'session.register': 'idle',
  'session.logout': 'idle',
  'session.signOut': 'idle',
  'auth.apiUnauthenticated': 'idle',
} as const;

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, input: {} as SessionInput },
  actors: {
    /** GET /login/refresh with the dashboard cookie as bearer. */
    refreshLogin: fromPromise<SignIn, { dashboardCookie: string }>(async () => {
      throw new Error('refreshLogin is supplied in src/system');
    }),
    /** GET /login/create with the current query string (hydrate=1 and the one-time code). */
    createSession: fromPromise<SignIn, { query: string }>(async () => {
      throw new Error('createSession is supplied in src/system');
    }),
    /** GET /me, with the cart id when known. */
    fetchProfile: fromPromise<UserData, { token: string; cartId: string | null }>(async () => {
      throw new Error('fetchProfile is supplied in src/system');
    }),
    /** POST /logout: revokes the token server-side; signing out goes on whatever it answers. */
    revokeSession: fromPromise<void, { token: string }>(async () => {
      throw new Error('revokeSession is supplied in src/system');
    }),
    /** GET /orders/stats of the signed-in customer (the account menu's counts). */
    fetchOrdersStats: fromPromise<OrdersStats>(async () => {
      throw new Error('fetchOrdersStats is supplied in src/system');
    }),
  },
  actions: {
    // Effects, supplied where the app is assembled (src/system) and faked in tests.
    storeSignIn: (_, _params: { token: string; createdAt: number }) => {},
    clearStoredSignIn: () => {},
    clearDashboardCookie: () => {},
    clearCartCookie: () => {},
    reloadPage: () => {},
    navigateToLogin: () => {},
    forgetHydrateLink: () => {},
    trackUserLoaded: (_, _params: { userId: string; email: string }) => {},
    reportProfileError: (_, _params: { error: unknown }) => {},
    reportOrdersStatsError: (_, _params: { error: unknown }) => {},
    notifyAuthenticated: () => {},
    notifyUnauthenticated: () => {},

    /**
     * Takes a sign-in into the state: its token and creation time, then its user data and cart. A cart
     * the visitor was filling before signing in stays the cart until GET /me has handed it to the
     * account (which may merge it into its own cart); the profile's cart_uuid is adopted then, so the
     * cart shown never lacks the items just added.
     */
    acceptSignIn: assign(({ context }, params: SignIn) => {
      const toOffer =
        context.cartId !== null && context.cartId !== params.userData.cart_uuid ? context.cartId : null;
      return {
        token: params.userData.token,
        tokenCreatedAt: params.at,
        now: Math.max(context.now, params.at),
        userData: params.userData,
        cartId: toOffer ?? params.userData.cart_uuid ?? context.cartId,
        cartToOffer: toOffer ?? context.cartToOffer,
        dashboardCookie:
          params.dashboardCookie === undefined ? context.dashboardCookie : params.dashboardCookie,
        profileFailures: 0,
      };
    }),
    /** Setting user data adopts its cart_uuid as the cart id when present. */
    setUserData: assign(({ context }, params: { userData: Partial<UserData> }) => ({
      userData: params.userData,
      cartId: params.userData.cart_uuid ?? context.cartId,
      profileFailures: 0,
    })),
    forgetSignIn: assign(signedOutContext),
    markSettled: assign({ settled: true }),
    queueRecheck: assign({ recheckQueued: true }),
    clearQueuedRecheck: assign({ recheckQueued: false }),
    /** The dashboard cookie did not sign anyone in (the API dropped it): go on as if it were absent. */
    forgetDashboardCookie: assign({ dashboardCookie: null }),
    /** The one-time link works once: later checks do not try it again. */
    forgetHydrateQuery: assign({ hydrateQuery: null }),
    /** Setting the cart stores it and takes its uuid as the cart id. */
    setCart: assign((_, params: { cart: NonNullable<SessionContext['cart']> }) => ({
      cart: params.cart,
      cartId: params.cart.uuid,
    })),
    clearCart: assign({ cart: null, cartId: null }),
    /** The profile asked for now belongs to this token, with the cart set aside at sign-in (offered once). */
    startProfileRequest: assign(({ context }) => ({
      profileToken: context.token,
      profileCart: context.cartToOffer ?? context.cartId,
      cartToOffer: null,
    })),
    countProfileFailure: assign(({ context }) => ({ profileFailures: context.profileFailures + 1 })),
    startOrdersStatsRequest: assign(({ context }) => ({ ordersStatsFor: context.userData?.uuid ?? null })),
    setOrdersStats: assign((_, params: { ordersStats: OrdersStats }) => ({
      ordersStats: params.ordersStats,
    })),
    markOrdersStatsStale: assign({ ordersStatsFor: null }),
    adoptSurroundings: assign(({ context, event }) => {
      if (event.type !== 'auth.recheck') return {};
      const { stored, now, dashboardCookie } = event.surroundings;
      // Another tab may have signed in or out: the stored sign-in wins, and a new token needs a new profile.
      return {
        now,
        dashboardCookie,
        ...(stored.token !== context.token ? { ...stored, userData: null } : {}),
      };
    }),
  },
  guards: {
    hasFreshToken,
    hasToken: ({ context }) => context.token !== null,
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
    mayRetryProfile: ({ context }) => context.profileFailures <= PROFILE_RETRIES,
    /** Signed in with a cart from before that is not the account's: offer it (once). */
    hasCartToAdopt: ({ context }) =>
      hasFreshToken({ context }) && Boolean(context.userData?.uuid) && context.cartToOffer !== null,
    /** Only an answer for the token still signed in counts; a late one is dropped. */
    isProfileForCurrentToken: ({ context }) => context.token === context.profileToken,
    /** Signed in, and the counts shown are not this customer's (or were marked stale). */
    needsOrdersStats: ({ context }) =>
      Boolean(context.userData?.uuid) && context.ordersStatsFor !== context.userData?.uuid,
    /** Counts for someone who has since signed out (or for another account) are dropped. */
    isOrdersStatsForSignedInUser: ({ context }) =>
      context.ordersStatsFor !== null && context.ordersStatsFor === context.userData?.uuid,
  },
  delays: {
    guardSettle: 900,
    guardConfirm: 100,
    /** An auth call that has not answered by then is given up (a hung API must not hang the page). */
    authCallTimeout: 8_000,
    profileRetry: 10_000,
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
    profileFailures: 0,
    profileToken: null,
    cartToOffer: null,
    profileCart: null,
    ordersStatsFor: null,
  }),
  on: {
    'session.cartSet': { actions: { type: 'setCart', params: ({ event }) => ({ cart: event.cart }) } },
    'session.cartCleared': { actions: 'clearCart' },
  },
  states: {
    /** The auth guard (SPEC section 4). */
    auth: {
      initial: 'starting',
      on: {
        // Login and register store the token and its creation time, then replace the user data.
        'session.login': { target: '.decided.authenticated', actions: SIGN_IN_HERE },
        'session.register': { target: '.decided.authenticated', actions: SIGN_IN_HERE },
        // Logout removes token, creation time and station from storage and clears the dashboard cookie.
        'session.logout': { target: '.decided.unauthenticated', actions: LOG_OUT },
        'auth.apiUnauthenticated': {
          target: '.decided.unauthenticated',
          actions: [...LOG_OUT, 'navigateToLogin'],
        },
        // Sign-out works whenever the menu offers it, deciding or decided.
        'session.signOut': [
          { guard: 'hasToken', target: '.decided.signingOut' },
          { target: '.decided.unauthenticated', actions: [...LOG_OUT, 'navigateToLogin'] },
        ],
        // While the guard is still deciding, a change of surroundings is kept, not lost (a person can
        // come back to the tab in the first second); the decided states handle rechecks themselves.
        'auth.recheck': { actions: ['adoptSurroundings', 'queueRecheck'] },
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
          entry: ['clearStoredSignIn', 'forgetSignIn', 'clearCartCookie', 'reloadPage'],
          always: 'settling',
        },
        /** Not authenticated, but the dashboard cookie exists: refresh login (the checking flag is on). */
        refreshing: {
          tags: ['pending', 'checking'],
          invoke: {
            src: 'refreshLogin',
            input: ({ context }) => ({ dashboardCookie: context.dashboardCookie ?? '' }),
            onDone: { target: 'settling', actions: TAKE_SIGN_IN },
            // The cookie did not work: start over without it, so a hydrate link can still be tried.
            onError: { target: 'starting', actions: 'forgetDashboardCookie' },
          },
          after: { authCallTimeout: { target: 'starting', actions: 'forgetDashboardCookie' } },
        },
        /** No cookie and hydrate=1 in the address bar: create a session from the one-time link. */
        hydrating: {
          tags: ['pending', 'checking'],
          invoke: {
            src: 'createSession',
            input: ({ context }) => ({ query: context.hydrateQuery ?? '' }),
            onDone: { target: 'settling', actions: TAKE_SIGN_IN },
            onError: 'settling',
          },
          after: { authCallTimeout: 'settling' },
          // The link works once: take it out of the address bar and out of later checks.
          exit: ['forgetHydrateLink', 'forgetHydrateQuery'],
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
          entry: 'markSettled',
          always: [
            // The surroundings changed while deciding: evaluate them from the start (cascade,
            // refresh, hydrate) rather than judge the token alone.
            { guard: 'hasQueuedRecheck', target: 'starting', actions: 'clearQueuedRecheck' },
            { guard: 'hasFreshToken', target: 'decided.authenticated' },
            // A token past the auth time-out with nothing to refresh it is of no use: forget it.
            {
              guard: 'hasStaleToken',
              target: 'decided.unauthenticated',
              actions: ['clearStoredSignIn', 'forgetSignIn', 'clearCartCookie'],
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
              on: { 'auth.recheck': { target: '#session.auth.starting', actions: 'adoptSurroundings' } },
            },
            /** Sign-out revokes the token server-side, logs out, then goes to /login. */
            signingOut: {
              invoke: {
                src: 'revokeSession',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: { target: 'unauthenticated', actions: [...LOG_OUT, 'navigateToLogin'] },
                onError: { target: 'unauthenticated', actions: [...LOG_OUT, 'navigateToLogin'] },
              },
              // A second click while signing out changes nothing.
              on: { 'session.signOut': {} },
            },
            unauthenticated: {
              entry: 'notifyUnauthenticated',
              on: { 'auth.recheck': { target: '#session.auth.starting', actions: 'adoptSurroundings' } },
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
          always: [
            { guard: 'needsProfile', target: 'loading' },
            // GET /me?cart= hands the account the anonymous cart (adopted, or merged into its own).
            { guard: 'hasCartToAdopt', target: 'loading' },
          ],
        },
        loading: {
          // Who is signed in is not known until the profile arrives: the header waits for it too.
          tags: ['pending'],
          entry: 'startProfileRequest',
          invoke: {
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.token ?? '', cartId: context.profileCart }),
            onDone: [
              {
                guard: 'isProfileForCurrentToken',
                target: 'idle',
                actions: [
                  { type: 'setUserData', params: ({ event }) => ({ userData: event.output }) },
                  {
                    type: 'trackUserLoaded',
                    params: ({ event }) => ({ userId: event.output.uuid, email: event.output.email }),
                  },
                ],
              },
              { target: 'idle' },
            ],
            // SPEC section 8: a failed profile fetch is only logged.
            onError: {
              target: 'failed',
              actions: [
                { type: 'reportProfileError', params: ({ event }) => ({ error: event.error }) },
                'countProfileFailure',
              ],
            },
          },
          after: { authCallTimeout: { target: 'failed', actions: 'countProfileFailure' } },
          on: WHO_CHANGED,
        },
        failed: {
          after: { profileRetry: { guard: 'mayRetryProfile', target: 'idle' } },
          on: { 'session.login': 'idle', 'session.register': 'idle', 'auth.recheck': 'idle' },
        },
      },
    },
    /**
     * The account menu's order counts (GET /orders/stats): loaded for each customer who signs in, and
     * again when an order is placed or changed.
     */
    ordersStats: {
      initial: 'idle',
      on: { 'session.ordersChanged': { target: '.idle', actions: 'markOrdersStatsStale' } },
      states: {
        idle: { always: { guard: 'needsOrdersStats', target: 'loading' } },
        loading: {
          entry: 'startOrdersStatsRequest',
          invoke: {
            src: 'fetchOrdersStats',
            onDone: [
              {
                guard: 'isOrdersStatsForSignedInUser',
                target: 'idle',
                actions: { type: 'setOrdersStats', params: ({ event }) => ({ ordersStats: event.output }) },
              },
              { target: 'idle' },
            ],
            // Only the menu's counts are missing: it shows the link without them.
            onError: {
              target: 'idle',
              actions: { type: 'reportOrdersStatsError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: WHO_CHANGED,
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
