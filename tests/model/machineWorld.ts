import { type Actor, createActor, fromPromise, type InspectionEvent, raise, SimulatedClock } from 'xstate';
import type { TestParam } from 'xstate/graph';
import { selectIsSignedIn } from '../../machines/session/selectors';
import { type StoredSignIn, type Surroundings, sessionMachine } from '../../machines/session/session.machine';
import { RECHECK_EVERY_MS } from '../../machines/session/session.setup';
import { DAY, flush, settle, T0, user } from '../machines/sessionHarness';
import type { authTestModel } from './authModel';
import { FakeAuthServer } from './fakeAuthServer';

type Params = TestParam<
  ReturnType<typeof authTestModel.testLogic.getInitialSnapshot>,
  Parameters<typeof authTestModel.testLogic.transition>[1]
>;

const nothingStored: StoredSignIn = { token: null, tokenCreatedAt: null, station: null };

/**
 * Adapter (a) of the auth model: the real session machine in a simulated world (the browser's
 * storage, cookie, address and clock, and a server that issues, rotates and revokes tokens like the
 * real one). Each model stimulus changes the world the way it would change for real; each model
 * state is checked on the machine and on the world.
 */
export class MachineWorld {
  now = T0;
  stored: StoredSignIn = nothingStored;
  cookie: string | null = null;
  location = '/';
  reloads = 0;
  private readonly server = new FakeAuthServer();
  private clock = new SimulatedClock();
  private actor: Actor<typeof sessionMachine> | null = null;

  /** `inspect`: told about every step of the real actors (the model coverage log's recorder). */
  constructor(private readonly inspect?: (event: InspectionEvent) => void) {}

  private surroundings(): Surroundings {
    return { now: this.now, dashboardCookie: this.cookie, stored: this.stored };
  }

  /** Opens (or reloads) the app: a new session actor reading the world. */
  private async open(hydrateQuery: string | null = null) {
    this.actor?.stop();
    this.clock = new SimulatedClock();
    const machine = sessionMachine.provide({
      actors: {
        refreshLogin: fromPromise(async ({ input }) => {
          const issued = this.server.refreshWith(input.dashboardCookie, this.now);
          // The API's drop_cookies removes a dead cookie, and replaces a used one with its successor.
          this.cookie = issued?.refresh ?? null;
          if (!issued) throw new Error('401');
          return { userData: user({ token: issued.token }), at: this.now };
        }),
        createSession: fromPromise(async ({ input }) => {
          const issued = this.server.createSession(new URLSearchParams(input.query).get('code') ?? '');
          if (!issued) throw new Error('410');
          this.cookie = issued.refresh;
          return { userData: user({ token: issued.token }), at: this.now };
        }),
        fetchProfile: fromPromise(async ({ input }) => {
          if (!this.server.hasLiveAccess(input.token)) throw new Error('401');
          return user({ token: input.token });
        }),
        revokeSession: fromPromise(async ({ input }) => {
          this.server.endSignInOf(input.token);
        }),
      },
      actions: {
        storeSignIn: (_, { token, createdAt }) => {
          this.stored = { token, tokenCreatedAt: createdAt, station: null };
        },
        clearStoredSignIn: () => {
          this.stored = nothingStored;
        },
        clearDashboardCookie: () => {
          this.cookie = null;
        },
        navigateToLogin: () => {
          this.location = '/login';
        },
        forgetHydrateLink: () => {
          this.location = this.location.split('?')[0] ?? '/';
        },
        reloadPage: () => {
          this.reloads += 1;
        },
        // The minute's recheck reads the world as the browser's would.
        recheckSurroundings: raise(() => ({
          type: 'auth.recheck' as const,
          surroundings: this.surroundings(),
        })),
      },
    });
    this.actor = createActor(machine, {
      clock: this.clock,
      inspect: this.inspect,
      input: { ...this.surroundings(), cartCookie: null, hydrateQuery, authTimeoutMs: DAY, ssoLogout: true },
    });
    const reloadsBefore = this.reloads;
    this.actor.start();
    await this.settle();
    // A cascade logout reloads the page: the app starts again on what the world now holds.
    if (this.reloads > reloadsBefore) await this.open();
  }

  private async settle() {
    await flush();
    await flush();
    settle(this.clock);
    await flush();
  }

  /** The browser says the sign-in may have changed (focus, another tab). */
  private async recheck() {
    this.actor?.send({ type: 'auth.recheck', surroundings: this.surroundings() });
    await this.afterRecheck();
  }

  /** Time passes with the tab open: the session looks again within the minute, by itself. */
  private async aMinutePasses() {
    this.clock.increment(RECHECK_EVERY_MS);
    await this.afterRecheck();
  }

  private async afterRecheck() {
    const reloadsBefore = this.reloads;
    await this.settle();
    if (this.reloads > reloadsBefore) await this.open();
  }

  private snapshot() {
    if (!this.actor) throw new Error('The app is not open.');
    return this.actor.getSnapshot();
  }

  params(): Params {
    return {
      states: {
        notOpened: () => {
          if (this.actor) throw new Error('The app should not be open yet.');
        },
        signedIn: () => this.expectSignedIn(true),
        signedOut: () => this.expectSignedIn(false),
        signedOutAtLogin: () => {
          this.expectSignedIn(false);
          if (this.location !== '/login') throw new Error(`Expected /login, at ${this.location}`);
        },
      },
      events: {
        'open.asVisitor': () => this.open(),
        'open.withFreshSignIn': async () => {
          const { token, refresh } = this.server.signIn();
          this.stored = { token, tokenCreatedAt: this.now - 60_000, station: null };
          this.cookie = refresh;
          await this.open();
        },
        'open.afterSignOutElsewhere': async () => {
          const { token } = this.server.signIn();
          this.stored = { token, tokenCreatedAt: this.now - 60_000, station: null };
          this.cookie = null;
          await this.open();
        },
        'open.withAgedTokenAndCookie': async () => {
          const { token, refresh } = this.server.signIn();
          this.stored = { token, tokenCreatedAt: this.now - 2 * DAY, station: null };
          this.cookie = refresh;
          await this.open();
        },
        'open.withAgedTokenAndRevokedCookie': async () => {
          const { token, refresh } = this.server.signIn();
          this.server.endSignInOf(token);
          this.stored = { token, tokenCreatedAt: this.now - 2 * DAY, station: null };
          this.cookie = refresh;
          await this.open();
        },
        'open.hydrateLink': async () => {
          this.server.mailSigninCode('code-1');
          this.location = '/?hydrate=1&code=code-1';
          await this.open('?hydrate=1&code=code-1');
        },
        'open.usedHydrateLink': async () => {
          this.location = '/?hydrate=1&code=used';
          await this.open('?hydrate=1&code=used');
        },
        'user.signsOut': async () => {
          this.actor?.send({ type: 'session.signOut' });
          await this.settle();
        },
        'sso.cookieRemoved': async () => {
          this.cookie = null;
          await this.recheck();
        },
        'clock.tokenAges': async () => {
          // Twice: the second refresh must present the cookie the first one set (the old one, a day
          // after it was replaced, would end the sign-in).
          for (let day = 0; day < 2; day++) {
            const cookie = this.cookie;
            this.now += DAY + 1;
            await this.aMinutePasses();
            this.expectRotated(cookie);
          }
        },
        'clock.tokenAgesAndCookieRevoked': async () => {
          this.server.endSignInOf(this.cookie);
          this.now += DAY + 1;
          await this.aMinutePasses();
        },
        'api.answers401': async () => {
          // What the API client does when an authenticated call answers 401 "Unauthenticated.".
          if (this.stored.token) this.server.forgetAccess(this.stored.token);
          this.actor?.send({ type: 'auth.apiUnauthenticated' });
          await this.settle();
        },
        'user.opensLogin': () => {
          this.location = '/login';
        },
        'user.signsIn': async () => {
          const { token, refresh } = this.server.signIn();
          this.cookie = refresh;
          this.actor?.send({ type: 'session.login', userData: user({ token }), at: this.now });
          await this.settle();
        },
        'sso.signedInElsewhere': async () => {
          this.cookie = this.server.signIn().refresh;
          await this.recheck();
        },
      },
    };
  }

  /** A refresh presented the cookie the browser held, and the answer replaced it with a live one. */
  private expectRotated(before: string | null) {
    if (this.server.presented.at(-1) !== before) {
      throw new Error(`The refresh presented ${this.server.presented.at(-1)}, the browser held ${before}`);
    }
    if (this.cookie === before || !this.server.isLiveRefresh(this.cookie)) {
      throw new Error(`The dashboard cookie was not replaced by a live token: ${before} → ${this.cookie}`);
    }
  }

  private expectSignedIn(expected: boolean) {
    const snapshot = this.snapshot();
    const signedIn = selectIsSignedIn(snapshot);
    const decided = snapshot.matches({ auth: { decided: expected ? 'authenticated' : 'unauthenticated' } });
    if (signedIn !== expected || !decided) {
      throw new Error(
        `Expected signed ${expected ? 'in' : 'out'}; the session is ${JSON.stringify(snapshot.value)} with user ${snapshot.context.userData?.uuid ?? 'none'}`,
      );
    }
    if ((this.stored.token !== null) !== expected) {
      throw new Error(
        `Expected ${expected ? 'a' : 'no'} stored token; storage holds ${this.stored.token ?? 'none'}`,
      );
    }
  }
}
