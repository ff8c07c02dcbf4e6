import * as auth from '../api/auth';
import { AccessRemoved } from './accessRemoved';
import type { AppServices } from './environment';
import { dataOf, orApiSentence } from './results';

/** What a failed call the session depends on says when the API gives no sentence of its own. */
export const SESSION_CALL_FAILED = 'The request failed.';

/** The session's API calls as its machine takes them: the account, or the API's sentence as an Error. */
export const sessionCalls: Pick<AppServices, 'refreshLogin' | 'createSession' | 'fetchMe' | 'logout'> = {
  // A refresh refused because the person was removed from a team is AccessRemoved: the app keeps the
  // company for the sign-in page (src/system/app.ts).
  refreshLogin: async (dashboardCookie) => {
    const result = await auth.refreshLogin(dashboardCookie);
    if (!result.ok && 'removedFrom' in result) throw new AccessRemoved(result.removedFrom, result.message);
    return dataOf(result, SESSION_CALL_FAILED);
  },
  createSession: orApiSentence(auth.createSession, SESSION_CALL_FAILED),
  fetchMe: orApiSentence(auth.fetchMe, SESSION_CALL_FAILED),
  // Signing out goes on whatever the API answers (the session machine's revokeSession).
  logout: async () => {
    await auth.logout();
  },
};
