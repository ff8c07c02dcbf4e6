import { assign, fromPromise, setup } from 'xstate';
import type { UserData } from '../../contract/auth';
import type {
  OrdersStats,
  SessionContext,
  SessionEvent,
  SessionInput,
  SignIn,
  Surroundings,
} from './session.types';

export const hasFreshToken = ({ context }: { context: SessionContext }) =>
  context.token !== null &&
  context.tokenCreatedAt !== null &&
  context.now - context.tokenCreatedAt < context.authTimeoutMs;

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

/**
 * An auth call that has not answered by then is given up (a hung API must not hang the page); the
 * pages waiting for the guard's decision wait no longer either (src/system/app.ts).
 */
export const AUTH_CALL_TIMEOUT_MS = 8_000;

/** How often the guard looks again at the cookie and the token's age while the tab is open. */
export const RECHECK_EVERY_MS = 60_000;

/**
 * The session's vocabulary: its effects (supplied in src/system), its context changes, guards and
 * delays. The chart is built from it region by region (session.auth.ts, session.profile.ts) and put
 * together in session.machine.ts.
 */
export const sessionSetup = setup({
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
    /** Reads the surroundings again and raises `auth.recheck` with them (the machine cannot read them). */
    recheckSurroundings: () => {},

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
    /** The profile as edited; the token stays the session's own (a refresh may have replaced it meanwhile). */
    updateUserData: assign(({ context }, params: { userData: UserData }) => ({
      userData: { ...params.userData, token: context.userData?.token ?? params.userData.token },
    })),
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
    adoptSurroundings: assign(({ context }, { surroundings }: { surroundings: Surroundings }) => {
      const { stored, now, dashboardCookie } = surroundings;
      // Another tab may have signed in or out: the stored sign-in wins, and a new token needs a new profile.
      return {
        now,
        dashboardCookie,
        ...(stored.token !== context.token ? { ...stored, userData: null } : {}),
      };
    }),
  },
  guards: {
    /** The edited profile is the signed-in person's (not one signed out or replaced meanwhile). */
    isSignedInAs: ({ context }, params: { userData: UserData }) =>
      context.userData?.uuid === params.userData.uuid,
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
    authCallTimeout: AUTH_CALL_TIMEOUT_MS,
    recheckEvery: RECHECK_EVERY_MS,
    profileRetry: 10_000,
  },
});
