import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the auth flows: the states a person can observe, and the stimuli that move
 * between them. It has no effects and no timers (createTestModel needs neither); the adapters turn
 * each stimulus into real cookies, storage, clock and API calls, and check each state for real.
 */
export const authModel = createMachine({
  id: 'auth-model',
  initial: 'notOpened',
  states: {
    /** The app is not open yet; the first event says in what situation it opens. */
    notOpened: {
      on: {
        'open.asVisitor': 'signedOut',
        'open.withFreshSignIn': 'signedIn',
        'open.afterSignOutElsewhere': 'signedOut',
        'open.withAgedTokenAndCookie': 'signedIn',
        'open.withAgedTokenAndRevokedCookie': 'signedOut',
        'open.hydrateLink': 'signedIn',
        'open.usedHydrateLink': 'signedOut',
      },
    },
    /** The header shows the account menu; the token is stored. */
    signedIn: {
      on: {
        'user.signsOut': 'signedOutAtLogin',
        'sso.cookieRemoved': 'signedOut',
        'clock.tokenAges': 'signedIn',
        'clock.tokenAgesAndCookieRevoked': 'signedOut',
        'api.answers401': 'signedOutAtLogin',
      },
    },
    /** The header shows "Sign in"; nothing is stored. */
    signedOut: {
      on: {
        'user.opensLogin': 'signedOutAtLogin',
        'sso.signedInElsewhere': 'signedIn',
      },
    },
    /** Signed out, on /login. */
    signedOutAtLogin: {
      on: {
        'user.signsIn': 'signedIn',
        'sso.signedInElsewhere': 'signedIn',
      },
    },
  },
});

export type AuthModelEvent = Parameters<typeof authModel.transition>[1];

export const auth = modelKit(authModel);
export const authTestModel = auth.testModel;
export const { graph: modelGraph, paths: modelPaths, describePath } = auth;
