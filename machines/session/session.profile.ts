import { and, not, stateIn } from 'xstate';
import { sessionSetup } from './session.setup';

const SIGNING_OUT = '#session.auth.decided.signingOut';

/** Whoever signs in or out next, an answer under way about the previous person is no longer wanted. */
const WHO_CHANGED = {
  'session.login': 'idle',
  'session.register': 'idle',
  'session.signOut': 'idle',
  'auth.apiUnauthenticated': 'idle',
} as const;

/** The profile is fetched when a (fresh) token exists and userData has no uuid. */
export const profileRegion = sessionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      always: [
        // Not while signing out: the token is on its way out, and its profile with it.
        { guard: and(['needsProfile', not(stateIn(SIGNING_OUT))]), target: 'loading' },
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
});

/**
 * The account menu's order counts (GET /orders/stats): loaded for each customer who signs in, and
 * again when an order is placed or changed.
 */
export const ordersStatsRegion = sessionSetup.createStateConfig({
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
          // Not the signed-in customer's (any more, or not yet: another tab changed the token and the
          // profile is loading again): asked again for whoever it turns out to be.
          { target: 'idle', actions: 'markOrdersStatsStale' },
        ],
        // Only the menu's counts are missing: it shows the link without them.
        onError: {
          target: 'idle',
          actions: { type: 'reportOrdersStatsError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // The request is dropped. Whoever signs in next gets their counts asked for again, the same
      // customer included (signing in again while the counts load must not leave them out); signing
      // out forgets them.
      on: {
        'session.login': { target: 'idle', actions: 'markOrdersStatsStale' },
        'session.register': { target: 'idle', actions: 'markOrdersStatsStale' },
        'session.signOut': 'idle',
        'auth.apiUnauthenticated': 'idle',
      },
    },
  },
});
