import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the back office's sign-in as a staff member sees it at /admin/login and
 * after. No effects, no timers: the adapter gives each stimulus the server's answer, or the clock passing.
 */
export const staffSignInModel = createMachine({
  id: 'staff-sign-in-model',
  initial: 'signedOut',
  states: {
    /** "Back office sign-in": e-mail, password and the authenticator's code. */
    signedOut: {
      on: { 'server.accepts': 'signedIn', 'server.refuses': 'wrongCredentials', 'server.locks': 'locked' },
    },
    /** The form again, with "That e-mail, password and code do not match a staff account." */
    wrongCredentials: {
      on: { 'server.accepts': 'signedIn', 'server.refuses': 'wrongCredentials', 'server.locks': 'locked' },
    },
    /** "Too many failed sign-ins… Try again in …": nothing is sent until the lock has passed. */
    locked: {
      on: { 'clock.passesLock': 'signedOut' },
    },
    /** The back office, with "Sign out". */
    signedIn: {
      on: { 'clock.passes8h': 'expired', 'user.signsOut': 'signedOut', 'api.rejects': 'expired' },
    },
    /** The form, with "Your back-office session ended. Sign in again." */
    expired: {
      on: { 'server.accepts': 'signedIn', 'server.refuses': 'wrongCredentials' },
    },
  },
});

export const staffSignIn = modelKit(staffSignInModel);
