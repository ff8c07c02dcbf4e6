import type { UserData } from '../../../contract/auth';
import { sessionActor } from '../../../machines/system';
import { COOKIE_NAMES, getCookie } from '../../lib/cookies';

/**
 * Hands a successful sign-in (from a form) to the session: its user data, when it happened, and the
 * dashboard cookie the answer set. Lazy pages only: it loads the session system.
 */
export function acceptSignIn(userData: UserData, kind: 'login' | 'register' = 'login') {
  sessionActor.send({
    type: kind === 'login' ? 'session.login' : 'session.register',
    userData,
    at: Date.now(),
    dashboardCookie: getCookie(COOKIE_NAMES.dashboardToken),
  });
}
