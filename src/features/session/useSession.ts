import { useSyncExternalStore } from 'react';
import { selectIsPending, selectIsSignedIn, selectUserData } from '../../../machines/session/selectors';
import { type SessionSnapshot, sendToSession, sessionSnapshot, subscribeToSystem } from './sessionLoader';

/** A value from the session, or `loading` while the session system is still arriving. */
function useSessionValue<T>(select: (snapshot: SessionSnapshot) => T, loading: T): T {
  return useSyncExternalStore(subscribeToSystem, () => {
    const snapshot = sessionSnapshot();
    return snapshot ? select(snapshot) : loading;
  });
}

export const useUserData = () => useSessionValue(selectUserData, null);
export const useIsSignedIn = () => useSessionValue(selectIsSignedIn, false);
/** GET /orders/stats of the signed-in customer: counts by status, or null until loaded. */
export const useOrdersStats = () => useSessionValue((s) => s.context.ordersStats, null);
/** The guard has not decided yet (the first second of a visit): show neither "Sign in" nor the account. */
export const useSessionPending = () => useSessionValue(selectIsPending, true);
export const signOut = () => sendToSession({ type: 'session.signOut' });
