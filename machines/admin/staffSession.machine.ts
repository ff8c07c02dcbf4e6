import { assign, fromPromise, setup } from 'xstate';
import type { StaffLoginBody, StaffSession } from '../../contract/staff';

/** What a sign-in came to: a session, a refusal's sentence, or a lock with how long it lasts. */
export type StaffSignInAnswer =
  | { kind: 'signedIn'; session: StaffSession }
  | { kind: 'refused'; message: string }
  | { kind: 'locked'; message: string; retryAfterMs: number };

export interface StaffSessionContext {
  session: StaffSession | null;
  /** The last sign-in's refusal, or why nothing was answered. */
  error: string | null;
  /** How long the lock the server answered lasts, from when it was answered. */
  lockedMs: number;
  /** Said once the session has ended (its hours are up, or the server no longer knows it). */
  notice: string | null;
  /** The app's clock (a simulated one in tests): when a stored session ends is read against it. */
  now: () => number;
}

export type StaffSessionEvent =
  | ({ type: 'staff.signIn' } & StaffLoginBody)
  | { type: 'staff.signOut' }
  /** Any back-office call answered 401: the session is over. */
  | { type: 'staff.rejected' };

export const SESSION_ENDED = 'Your back-office session ended. Sign in again.';
const NO_ANSWER = 'We could not reach the server. Check your connection and try again.';

const endsIn = (session: StaffSession | null, now: number) =>
  session ? Math.max(0, Date.parse(session.expires_at) - now) : 0;

/**
 * The back office's sign-in (apart from the storefront's session): a session read back from the
 * tab's storage while it lasts, sign-in with a password and an authenticator code, the lock the
 * server answers after too many failures (counted down here), the fixed end of a session, and
 * sign-out. Its effects (storage, the API) are supplied in src/system/admin.
 */
export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    input: {} as { now: () => number },
  },
  actors: {
    readStored: fromPromise<StaffSession | null>(async () => {
      throw new Error('readStored is supplied in src/system/admin');
    }),
    signIn: fromPromise<StaffSignInAnswer, StaffLoginBody>(async () => {
      throw new Error('signIn is supplied in src/system/admin');
    }),
    signOut: fromPromise<void, { token: string }>(async () => {
      throw new Error('signOut is supplied in src/system/admin');
    }),
  },
  actions: {
    store: (_, _params: { session: StaffSession }) => {},
    forget: () => {},
    takeSession: assign((_, { session }: { session: StaffSession }) => ({
      session,
      error: null,
      notice: null,
    })),
    dropSession: assign({ session: null }),
    showError: assign((_, { message }: { message: string }) => ({ error: message })),
    showLock: assign((_, { message, retryAfterMs }: { message: string; retryAfterMs: number }) => ({
      error: message,
      lockedMs: retryAfterMs,
    })),
    clearMessages: assign({ error: null, notice: null }),
    sayEnded: assign({ notice: SESSION_ENDED }),
  },
  guards: {
    hasStoredSession: ({ context }, { session }: { session: StaffSession | null }) =>
      endsIn(session, context.now()) > 0,
    isLockedAnswer: (_, { answer }: { answer: StaffSignInAnswer }) => answer.kind === 'locked',
    isRefusal: (_, { answer }: { answer: StaffSignInAnswer }) => answer.kind === 'refused',
  },
  delays: {
    unlockAt: ({ context }) => context.lockedMs,
    sessionEnds: ({ context }) => endsIn(context.session, context.now()),
  },
}).createMachine({
  id: 'staffSession',
  context: ({ input }) => ({ session: null, error: null, lockedMs: 0, notice: null, now: input.now }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'readStored',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => ({ session: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'takeSession',
              params: ({ event }) => ({ session: event.output as StaffSession }),
            },
          },
          { target: 'signedOut', actions: 'forget' },
        ],
        onError: 'signedOut',
      },
    },
    signedOut: {
      on: { 'staff.signIn': 'signingIn' },
    },
    signingIn: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        src: 'signIn',
        input: ({ event }) =>
          event.type === 'staff.signIn'
            ? { email: event.email, password: event.password, code: event.code }
            : { email: '', password: '', code: '' },
        onDone: [
          {
            guard: { type: 'isLockedAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'lockedOut',
            actions: {
              type: 'showLock',
              params: ({ event }) =>
                event.output.kind === 'locked' ? event.output : { message: '', retryAfterMs: 0 },
            },
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ answer: event.output }) },
            target: 'signedOut',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                message: event.output.kind === 'refused' ? event.output.message : '',
              }),
            },
          },
          {
            target: 'signedIn',
            actions: [
              {
                type: 'takeSession',
                params: ({ event }) => ({ session: (event.output as { session: StaffSession }).session }),
              },
              {
                type: 'store',
                params: ({ event }) => ({ session: (event.output as { session: StaffSession }).session }),
              },
            ],
          },
        ],
        onError: { target: 'signedOut', actions: { type: 'showError', params: { message: NO_ANSWER } } },
      },
    },
    /** Too many failures: the form waits out the server's lock, then asks again. */
    lockedOut: {
      after: { unlockAt: { target: 'signedOut', actions: 'clearMessages' } },
    },
    signedIn: {
      after: { sessionEnds: 'expired' },
      on: {
        'staff.signOut': 'signingOut',
        'staff.rejected': 'expired',
      },
    },
    expired: {
      entry: ['forget', 'dropSession', 'sayEnded'],
      on: { 'staff.signIn': 'signingIn' },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ token: context.session?.token ?? '' }),
        // Signed out here either way: the token is forgotten even if the server was not reached.
        onDone: { target: 'signedOut', actions: ['forget', 'dropSession'] },
        onError: { target: 'signedOut', actions: ['forget', 'dropSession'] },
      },
    },
  },
});
