import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { UserData } from '../../../contract/auth';
import {
  type SessionSnapshot,
  selectIsPending,
  selectIsSignedIn,
  selectUserData,
} from '../../../machines/session/selectors';
import type { OrdersStats, SessionEvent } from '../../../machines/session/session.machine';
import { useApp, useAppHandle } from '../AppContext';

// While the app's actors are still loading there is no snapshot: nobody is known, and the guard is pending.
const userData = (s: SessionSnapshot | undefined) => (s ? selectUserData(s) : null);
const isSignedIn = (s: SessionSnapshot | undefined) => (s ? selectIsSignedIn(s) : false);
const ordersStats = (s: SessionSnapshot | undefined) => s?.context.ordersStats ?? null;
const isPending = (s: SessionSnapshot | undefined) => (s ? selectIsPending(s) : true);

export const useUserData = (): Partial<UserData> | null => useSelector(useApp()?.session, userData);
export const useIsSignedIn = (): boolean => useSelector(useApp()?.session, isSignedIn);
/** GET /orders/stats of the signed-in customer: counts by status, or null until loaded. */
export const useOrdersStats = (): OrdersStats | null => useSelector(useApp()?.session, ordersStats);
/** The guard has not decided yet (the first second of a visit): show neither "Sign in" nor the account. */
export const useSessionPending = (): boolean => useSelector(useApp()?.session, isPending);

/** Sends to the session, now or once it exists. */
export function useSendToSession(): (event: SessionEvent) => void {
  const handle = useAppHandle();
  return useCallback((event) => handle.whenReady((app) => app.session.send(event)), [handle]);
}

export function useSignOut(): () => void {
  const send = useSendToSession();
  return useCallback(() => send({ type: 'session.signOut' }), [send]);
}

/** Hands a successful sign-in made by a form to the session (its token, time and dashboard cookie). */
export function useAcceptSignIn(): (userData: UserData, kind?: 'login' | 'register') => void {
  const handle = useAppHandle();
  return useCallback(
    (userData, kind) => handle.whenReady((app) => app.acceptSignIn(userData, kind)),
    [handle],
  );
}
