import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Signed-in status is judged by userData having a uuid (SPEC section 4). */
export const selectIsSignedIn = (s: SessionSnapshot) => Boolean(s.context.userData?.uuid);

/** True while a refresh login or a one-time link is being checked with the API. */
export const selectIsChecking = (s: SessionSnapshot) => s.hasTag('checking');

/** True until the guard has decided (it waits 900 ms + 100 ms after its first run). */
export const selectIsPending = (s: SessionSnapshot) => s.hasTag('pending');

export const selectUserData = (s: SessionSnapshot) => s.context.userData;
