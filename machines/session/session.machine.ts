import { authRegion, recheckRegion } from './session.auth';
import { ordersStatsRegion, profileRegion } from './session.profile';
import { sessionSetup } from './session.setup';

export type * from './session.types';

/**
 * The session (SPEC section 4): the auth guard, its minute's recheck, the profile and the order
 * counts, as four parallel regions over one context. Its vocabulary is in session.setup.ts.
 */
export const sessionMachine = sessionSetup.createMachine({
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
    'session.userUpdated': {
      guard: { type: 'isSignedInAs', params: ({ event }) => ({ userData: event.userData }) },
      actions: { type: 'updateUserData', params: ({ event }) => ({ userData: event.userData }) },
    },
  },
  states: {
    auth: authRegion,
    recheck: recheckRegion,
    profile: profileRegion,
    ordersStats: ordersStatsRegion,
  },
});

export type SessionMachine = typeof sessionMachine;
