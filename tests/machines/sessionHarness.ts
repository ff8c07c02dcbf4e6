import { createActor, fromPromise, raise, SimulatedClock } from 'xstate';
import type { UserData } from '../../contract/auth';
import {
  type OrdersStats,
  type SessionInput,
  type SignIn,
  type Surroundings,
  sessionMachine,
} from '../../machines/session/session.machine';

export const T0 = Date.parse('2027-01-11T09:00:00Z');
export const DAY = 86_400_000;

export const user = (overrides: Partial<UserData> = {}): UserData => ({
  uuid: 'u-1',
  token: 'access-1',
  fullname: 'Dana Reyes',
  firstname: 'Dana',
  lastname: 'Reyes',
  company: 'Reyes Bakery',
  avatar: null,
  email: 'dana@bakery.example',
  cart_uuid: null,
  phone: null,
  ad_reminders: true,
  team_news: true,
  receipt_copies: false,
  role: 'owner',
  ...overrides,
});

export interface Fakes {
  refreshLogin?: (input: { dashboardCookie: string }) => Promise<SignIn>;
  createSession?: (input: { query: string }) => Promise<SignIn>;
  fetchProfile?: (input: { token: string; cartId: string | null }) => Promise<UserData>;
  revokeSession?: (input: { token: string }) => Promise<void>;
  fetchOrdersStats?: () => Promise<OrdersStats>;
  /** What the browser says when the minute's recheck reads it; without it the recheck reads nothing. */
  surroundings?: () => Surroundings;
}

const never = () => new Promise<never>(() => {});

/**
 * The real session machine with every effect replaced by a recorder and a simulated clock, so tests
 * read like the spec: "after 900 ms, then 100 ms, the callback runs".
 */
export function startSession(input: Partial<SessionInput> = {}, fakes: Fakes = {}) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const readSurroundings = fakes.surroundings;
  const machine = sessionMachine.provide({
    actions: {
      storeSignIn: (_, params) => calls.push(`storeSignIn ${params.token} ${params.createdAt}`),
      clearStoredSignIn: () => calls.push('clearStoredSignIn'),
      clearDashboardCookie: () => calls.push('clearDashboardCookie'),
      clearCartCookie: () => calls.push('clearCartCookie'),
      reloadPage: () => calls.push('reloadPage'),
      navigateToLogin: () => calls.push('navigateToLogin'),
      trackUserLoaded: (_, params) => calls.push(`trackUserLoaded ${params.userId} ${params.email}`),
      reportProfileError: () => calls.push('reportProfileError'),
      reportOrdersStatsError: () => calls.push('reportOrdersStatsError'),
      notifyAuthenticated: () => calls.push(`notifyAuthenticated @${clock.now()}`),
      notifyUnauthenticated: () => calls.push(`notifyUnauthenticated @${clock.now()}`),
      forgetHydrateLink: () => calls.push('forgetHydrateLink'),
      ...(readSurroundings && {
        recheckSurroundings: raise(() => ({
          type: 'auth.recheck' as const,
          surroundings: readSurroundings(),
        })),
      }),
    },
    actors: {
      refreshLogin: fromPromise(({ input }) => {
        calls.push(`refreshLogin ${input.dashboardCookie}`);
        return (fakes.refreshLogin ?? never)(input);
      }),
      createSession: fromPromise(({ input }) => {
        calls.push(`createSession ${input.query}`);
        return (fakes.createSession ?? never)(input);
      }),
      fetchProfile: fromPromise(({ input }) => {
        calls.push(`fetchProfile ${input.token} ${input.cartId}`);
        return (fakes.fetchProfile ?? never)(input);
      }),
      revokeSession: fromPromise(({ input }) => {
        calls.push(`revokeSession ${input.token}`);
        return (fakes.revokeSession ?? (async () => {}))(input);
      }),
      fetchOrdersStats: fromPromise(() => {
        calls.push('fetchOrdersStats');
        return (fakes.fetchOrdersStats ?? never)();
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      now: T0,
      dashboardCookie: null,
      stored: { token: null, tokenCreatedAt: null, station: null },
      cartCookie: null,
      hydrateQuery: null,
      authTimeoutMs: DAY,
      ssoLogout: true,
      ...input,
    },
  });
  actor.start();
  return { actor, clock, calls };
}

/** Lets pending promise actors settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export const authState = (actor: ReturnType<typeof startSession>['actor']) => {
  const value = actor.getSnapshot().value as { auth: string | { decided: string } };
  return typeof value.auth === 'string' ? value.auth : `decided.${value.auth.decided}`;
};

/**
 * Lets the guard's two delays run out. SimulatedClock fires only timers that exist when it is
 * incremented, so the 100 ms timer started by the 900 ms one needs its own step, as in real time.
 */
export function settle(clock: { increment(ms: number): void }) {
  clock.increment(900);
  clock.increment(100);
}
