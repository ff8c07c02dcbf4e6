import { sessionSetup } from './session.setup';
import type { SignIn, Surroundings } from './session.types';

/**
 * What logging out does, in order (SPEC section 4), and then the cart: it was the account's, and the
 * next person at this computer must not see it (the API would not show it to them anyway).
 */
const LOG_OUT = ['clearStoredSignIn', 'clearDashboardCookie', 'forgetSignIn', 'clearCartCookie'] as const;

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

/** What the browser says now (focus, another tab, a timer): taken into the state. */
const ADOPT_SURROUNDINGS = {
  type: 'adoptSurroundings',
  params: ({ event }: { event: { surroundings: Surroundings } }) => ({ surroundings: event.surroundings }),
} as const;

/** The auth guard (SPEC section 4). */
export const authRegion = sessionSetup.createStateConfig({
  initial: 'starting',
  on: {
    // Login and register store the token and its creation time, then replace the user data.
    'session.login': { target: '.decided.authenticated', actions: SIGN_IN_HERE },
    'session.register': { target: '.decided.authenticated', actions: SIGN_IN_HERE },
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
    'auth.recheck': { actions: [ADOPT_SURROUNDINGS, 'queueRecheck'] },
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
          on: { 'auth.recheck': { target: '#session.auth.starting', actions: ADOPT_SURROUNDINGS } },
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
          on: { 'auth.recheck': { target: '#session.auth.starting', actions: ADOPT_SURROUNDINGS } },
        },
      },
    },
  },
});

/**
 * Time passing can change who is signed in (the token ages, the shared cookie expires) without any
 * event saying so: every minute the guard looks again, as it does when the tab regains focus.
 */
export const recheckRegion = sessionSetup.createStateConfig({
  initial: 'waiting',
  states: {
    waiting: {
      after: { recheckEvery: { target: 'waiting', reenter: true, actions: 'recheckSurroundings' } },
    },
  },
});
