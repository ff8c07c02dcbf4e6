import { describe, expect, it } from 'vitest';
import { selectIsChecking, selectIsPending, selectIsSignedIn } from '../../machines/session/selectors';
import { authState, DAY, flush, settle, startSession, T0, user } from './sessionHarness';

const fresh = { token: 'access-1', tokenCreatedAt: T0 - 60_000, station: 'web' };
const aged = { token: 'access-0', tokenCreatedAt: T0 - DAY - 1, station: 'web' };
const nothing = { token: null, tokenCreatedAt: null, station: null };

describe('auth guard: waiting 900 ms, then 100 ms, after the first run', () => {
  it('calls back only after 900 ms and then 100 ms more, in that order', async () => {
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => user() },
    );
    expect(authState(actor)).toBe('settling');
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    clock.increment(899);
    expect(authState(actor)).toBe('settling');
    clock.increment(1);
    expect(authState(actor)).toBe('confirming');
    clock.increment(99);
    expect(authState(actor)).toBe('confirming');
    expect(calls.filter((c) => c.startsWith('notify'))).toEqual([]);
    clock.increment(1);
    expect(authState(actor)).toBe('decided.authenticated');
    expect(calls.filter((c) => c.startsWith('notify'))).toEqual(['notifyAuthenticated @1000']);
    await flush();
    expect(selectIsPending(actor.getSnapshot())).toBe(false);
  });

  it('calls back as unauthenticated when nobody is signed in', () => {
    const { actor, clock, calls } = startSession({ stored: nothing });
    settle(clock);
    expect(authState(actor)).toBe('decided.unauthenticated');
    expect(calls).toContain('notifyUnauthenticated @1000');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });
});

describe('auth guard branches', () => {
  it('authenticated means a token created less than the auth time-out ago', async () => {
    const edge = { token: 'access-1', tokenCreatedAt: T0 - DAY + 1, station: null };
    const { actor, clock } = startSession(
      { stored: edge, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => user() },
    );
    settle(clock);
    expect(authState(actor)).toBe('decided.authenticated');

    const exactly = { token: 'access-1', tokenCreatedAt: T0 - DAY, station: null };
    const second = startSession({ stored: exactly, dashboardCookie: null });
    settle(second.clock);
    expect(authState(second.actor)).toBe('decided.unauthenticated');
  });

  it('cascade logout: authenticated but the dashboard cookie is gone → delete token, time and station, reload', () => {
    const { actor, clock, calls } = startSession({ stored: fresh, dashboardCookie: null });
    expect(calls.slice(0, 3)).toEqual(['clearStoredSignIn', 'clearCartCookie', 'reloadPage']);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, tokenCreatedAt: null, station: null });
    expect(calls.some((c) => c.startsWith('fetchProfile'))).toBe(false);
    settle(clock);
    expect(authState(actor)).toBe('decided.unauthenticated');
  });

  it('no cascade logout when the sso_logout setting is off', async () => {
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: null, ssoLogout: false },
      { fetchProfile: async () => user() },
    );
    await flush();
    settle(clock);
    expect(calls).not.toContain('reloadPage');
    expect(authState(actor)).toBe('decided.authenticated');
  });

  it('refresh login: not authenticated but the cookie exists → refresh with the cookie, checking meanwhile, then login', async () => {
    let resolve: (value: { userData: ReturnType<typeof user>; at: number }) => void = () => {};
    const { actor, clock, calls } = startSession(
      { stored: aged, dashboardCookie: 'refresh-1' },
      { refreshLogin: () => new Promise((r) => (resolve = r)) },
    );
    expect(authState(actor)).toBe('refreshing');
    expect(selectIsChecking(actor.getSnapshot())).toBe(true);
    expect(calls).toContain('refreshLogin refresh-1');
    resolve({ userData: user({ token: 'access-2' }), at: T0 + 300 });
    await flush();
    expect(selectIsChecking(actor.getSnapshot())).toBe(false);
    expect(calls).toContain(`storeSignIn access-2 ${T0 + 300}`);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'access-2', tokenCreatedAt: T0 + 300 });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    settle(clock);
    expect(authState(actor)).toBe('decided.authenticated');
  });

  it('refresh login that fails leaves the visitor signed out, and forgets the stale token', async () => {
    const { actor, clock, calls } = startSession(
      { stored: aged, dashboardCookie: 'revoked' },
      { refreshLogin: async () => Promise.reject(new Error('401')) },
    );
    await flush();
    expect(selectIsChecking(actor.getSnapshot())).toBe(false);
    settle(clock);
    expect(authState(actor)).toBe('decided.unauthenticated');
    expect(calls).toContain('clearStoredSignIn');
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('hydrate: no cookie and hydrate=1 → create a session from the query string, then login', async () => {
    const { actor, clock, calls } = startSession(
      { stored: nothing, dashboardCookie: null, hydrateQuery: '?hydrate=1&code=abc' },
      { createSession: async () => ({ userData: user({ token: 'access-h' }), at: T0 + 10 }) },
    );
    expect(authState(actor)).toBe('hydrating');
    expect(calls).toContain('createSession ?hydrate=1&code=abc');
    await flush();
    expect(calls).toContain('forgetHydrateLink');
    settle(clock);
    expect(authState(actor)).toBe('decided.authenticated');
    expect(actor.getSnapshot().context).toMatchObject({ token: 'access-h', hydrateQuery: null });
  });

  it('hydrate is only for visitors without the cookie: with it, the refresh wins', () => {
    const { actor, calls } = startSession({
      stored: nothing,
      dashboardCookie: 'refresh-1',
      hydrateQuery: '?hydrate=1&code=abc',
    });
    expect(authState(actor)).toBe('refreshing');
    expect(calls.some((c) => c.startsWith('createSession'))).toBe(false);
  });

  it('a failed hydrate link leaves the visitor signed out', async () => {
    const { actor, clock } = startSession(
      { stored: nothing, hydrateQuery: '?hydrate=1&code=used' },
      { createSession: async () => Promise.reject(new Error('410')) },
    );
    await flush();
    settle(clock);
    expect(authState(actor)).toBe('decided.unauthenticated');
  });
});

describe('profile and cart id', () => {
  it('fetches the profile when a token exists and userData has no uuid, stores it, and sends the analytics event', async () => {
    const { actor, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1', cartCookie: 'cart-9' },
      { fetchProfile: async () => user({ cart_uuid: 'cart-7' }) },
    );
    expect(calls).toContain('fetchProfile access-1 cart-9');
    await flush();
    expect(actor.getSnapshot().context.userData?.uuid).toBe('u-1');
    expect(actor.getSnapshot().context.cartId).toBe('cart-7');
    expect(calls).toContain('trackUserLoaded u-1 dana@bakery.example');
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
  });

  it('takes the cart id from its cookie when the state has none', () => {
    const { actor } = startSession({ cartCookie: 'cart-9' });
    expect(actor.getSnapshot().context.cartId).toBe('cart-9');
  });

  it('only logs a failed profile fetch, and does not retry at once', async () => {
    const { actor, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => Promise.reject(new Error('500')) },
    );
    await flush();
    await flush();
    expect(calls.filter((c) => c === 'reportProfileError')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
    expect(actor.getSnapshot().context.userData).toBeNull();
  });
});

describe('session actions (SPEC section 4)', () => {
  it('login stores the token and its creation time, then replaces user data', () => {
    const { actor, calls } = startSession();
    actor.send({
      type: 'session.login',
      userData: user({ token: 'access-5', cart_uuid: 'cart-5' }),
      at: T0 + 5,
    });
    expect(calls).toContain(`storeSignIn access-5 ${T0 + 5}`);
    expect(actor.getSnapshot().context).toMatchObject({
      token: 'access-5',
      tokenCreatedAt: T0 + 5,
      cartId: 'cart-5',
    });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(authState(actor)).toBe('decided.authenticated');
  });

  it('register does the same as login', () => {
    const { actor, calls } = startSession();
    actor.send({ type: 'session.register', userData: user({ token: 'access-r' }), at: T0 + 1 });
    expect(calls).toContain(`storeSignIn access-r ${T0 + 1}`);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
  });

  it('a loaded profile adopts its cart_uuid as the cart id only when it has one', async () => {
    const withoutCart = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1', cartCookie: 'cart-1' },
      { fetchProfile: async () => user({ cart_uuid: null }) },
    );
    await flush();
    expect(withoutCart.actor.getSnapshot().context.cartId).toBe('cart-1');
    const withCart = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1', cartCookie: 'cart-1' },
      { fetchProfile: async () => user({ cart_uuid: 'cart-2' }) },
    );
    await flush();
    expect(withCart.actor.getSnapshot().context.cartId).toBe('cart-2');
  });

  it('setting the cart stores it and takes its uuid as the cart id', () => {
    const { actor } = startSession({ cartCookie: 'cart-a' });
    const cart = {
      uuid: 'cart-c',
      total: 0,
      total_formatted: '$0',
      status: 'open' as const,
      contents: { items: [] },
    };
    actor.send({ type: 'session.cartSet', cart });
    expect(actor.getSnapshot().context).toMatchObject({ cart, cartId: 'cart-c' });
  });

  it('logout removes token, creation time and station from storage, clears the dashboard cookie, and forgets the account’s cart', async () => {
    const { actor, calls } = startSession({
      stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000, station: 'kiosk' },
      dashboardCookie: 'refresh-1',
    });
    calls.length = 0;
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(calls).toEqual([
      'revokeSession access-1',
      'clearStoredSignIn',
      'clearDashboardCookie',
      'clearCartCookie',
      'navigateToLogin',
      'notifyUnauthenticated @0',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      tokenCreatedAt: null,
      station: null,
      userData: null,
    });
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });

  it('takes an edited profile of the person signed in, keeping its own token; another person’s is ignored', () => {
    const { actor } = startSession();
    actor.send({ type: 'session.login', userData: user({ token: 'access-9' }), at: T0 });
    actor.send({
      type: 'session.userUpdated',
      userData: user({
        token: 'access-old',
        phone: '(312) 555-0100',
        fullname: 'Dana Cruz',
        lastname: 'Cruz',
      }),
    });
    const data = actor.getSnapshot().context.userData;
    expect(data?.phone).toBe('(312) 555-0100');
    expect(data?.fullname).toBe('Dana Cruz');
    expect(data?.token).toBe('access-9');
    actor.send({ type: 'session.userUpdated', userData: user({ uuid: 'u-2', fullname: 'Someone Else' }) });
    expect(actor.getSnapshot().context.userData?.fullname).toBe('Dana Cruz');
  });

  it('sign-out revokes the token server-side, logs out, then goes to /login', async () => {
    const { actor, calls } = startSession();
    actor.send({ type: 'session.login', userData: user({ token: 'access-9' }), at: T0 });
    calls.length = 0;
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(calls).toEqual([
      'revokeSession access-9',
      'clearStoredSignIn',
      'clearDashboardCookie',
      'clearCartCookie',
      'navigateToLogin',
      'notifyUnauthenticated @0',
    ]);
  });

  it('signs out and goes to /login even when the server cannot be reached', async () => {
    const { actor, calls } = startSession(
      {},
      { revokeSession: async () => Promise.reject(new Error('offline')) },
    );
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(calls).toContain('navigateToLogin');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });

  it('an API answer of 401 Unauthenticated. logs out and goes to /login', () => {
    const { actor, calls } = startSession();
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    actor.send({ type: 'auth.apiUnauthenticated' });
    expect(calls.slice(-5)).toEqual([
      'clearStoredSignIn',
      'clearDashboardCookie',
      'clearCartCookie',
      'navigateToLogin',
      'notifyUnauthenticated @0',
    ]);
  });
});

describe('rechecks after the first run (focus, other tabs, time)', () => {
  const signedIn = async () => {
    const started = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      {
        fetchProfile: async () => user(),
        refreshLogin: async () => ({ userData: user({ token: 'access-2' }), at: T0 + DAY + 5 }),
      },
    );
    await flush();
    settle(started.clock);
    return started;
  };

  it('cascades when the dashboard cookie disappears while signed in', async () => {
    const { actor, calls } = await signedIn();
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0 + 5000, dashboardCookie: null, stored: fresh },
    });
    expect(calls).toContain('reloadPage');
    expect(authState(actor)).toBe('decided.unauthenticated');
  });

  it('refreshes at once, without waiting again, when the token has aged and the cookie is there', async () => {
    const { actor, calls } = await signedIn();
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0 + DAY, dashboardCookie: 'refresh-1', stored: fresh },
    });
    expect(authState(actor)).toBe('refreshing');
    await flush();
    expect(authState(actor)).toBe('decided.authenticated');
    expect(calls).toContain(`storeSignIn access-2 ${T0 + DAY + 5}`);
  });

  it('follows a sign-in made in another tab', async () => {
    const { actor, clock } = startSession(
      { stored: nothing },
      { fetchProfile: async () => user({ uuid: 'u-2' }) },
    );
    settle(clock);
    const otherTab = { token: 'access-t', tokenCreatedAt: T0 + 2000, station: null };
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0 + 3000, dashboardCookie: 'refresh-t', stored: otherTab },
    });
    expect(authState(actor)).toBe('decided.authenticated');
    await flush();
    expect(actor.getSnapshot().context.userData?.uuid).toBe('u-2');
  });

  it('keeps a recheck that arrives while the guard is still deciding, and acts on it once decided', async () => {
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => user() },
    );
    await flush();
    expect(authState(actor)).toBe('settling');
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0 + 500, dashboardCookie: null, stored: fresh },
    });
    expect(calls).not.toContain('reloadPage');
    settle(clock);
    expect(calls).toContain('reloadPage');
    expect(authState(actor)).toBe('decided.unauthenticated');
  });

  it('a token that ages during the first second is refreshed from the cookie, not forgotten', async () => {
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      {
        fetchProfile: async () => user(),
        refreshLogin: async () => ({ userData: user({ token: 'access-2' }), at: T0 + DAY + 10 }),
      },
    );
    await flush();
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0 + DAY + 5, dashboardCookie: 'refresh-1', stored: fresh },
    });
    settle(clock);
    expect(calls).toContain('refreshLogin refresh-1');
    expect(calls).not.toContain('clearStoredSignIn');
    await flush();
    expect(authState(actor)).toBe('decided.authenticated');
    expect(actor.getSnapshot().context.token).toBe('access-2');
  });

  it('ignores rechecks while signing out', async () => {
    const { actor } = await signedIn();
    actor.send({ type: 'session.signOut' });
    actor.send({
      type: 'auth.recheck',
      surroundings: { now: T0, dashboardCookie: 'refresh-1', stored: fresh },
    });
    await flush();
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });
});

describe('the minute’s recheck (time passing, with no event to say so)', () => {
  it('looks again every 60 s by itself: a token that aged meanwhile is refreshed, minute after minute', async () => {
    let now = T0;
    let stored = fresh;
    let serial = 1;
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      {
        fetchProfile: async () => user(),
        refreshLogin: async () => {
          serial += 1;
          return { userData: user({ token: `access-${serial}` }), at: now };
        },
        surroundings: () => ({ now, dashboardCookie: 'refresh-1', stored }),
      },
    );
    await flush();
    settle(clock);
    expect(authState(actor)).toBe('decided.authenticated');
    const refreshes = () => calls.filter((c) => c.startsWith('refreshLogin'));

    now = T0 + DAY;
    clock.increment(58_999);
    expect(refreshes()).toEqual([]);
    clock.increment(1);
    expect(refreshes()).toEqual(['refreshLogin refresh-1']);
    await flush();
    expect(actor.getSnapshot().context.token).toBe('access-2');
    expect(authState(actor)).toBe('decided.authenticated');

    // The next minute looks again: a day later, the token the refresh stored has aged in turn.
    stored = { token: 'access-2', tokenCreatedAt: T0 + DAY, station: 'web' };
    now = T0 + 2 * DAY;
    clock.increment(59_999);
    expect(refreshes()).toHaveLength(1);
    clock.increment(1);
    expect(refreshes()).toHaveLength(2);
  });

  it('decides again, the same way and calling nothing, when nothing has changed', async () => {
    const { actor, clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      {
        fetchProfile: async () => user(),
        surroundings: () => ({ now: T0 + 60_000, dashboardCookie: 'refresh-1', stored: fresh }),
      },
    );
    await flush();
    settle(clock);
    await flush();
    const before = calls.length;
    clock.increment(59_000);
    await flush();
    expect(authState(actor)).toBe('decided.authenticated');
    expect(actor.getSnapshot().context.userData?.uuid).toBe('u-1');
    // The guard decided again (same answer): no API call, no sign-in stored or cleared.
    expect(calls.slice(before)).toEqual(['notifyAuthenticated @60000']);
  });
});

describe('races and slow answers', () => {
  const fresh = { token: 'access-1', tokenCreatedAt: T0 - 60_000, station: null };

  it('a profile answer that arrives after logging out does not bring the user back', async () => {
    let answer: (value: ReturnType<typeof user>) => void = () => {};
    const { actor } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: () => new Promise((r) => (answer = r)) },
    );
    actor.send({ type: 'auth.apiUnauthenticated' });
    answer(user());
    await flush();
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.userData).toBeNull();
  });

  it('a profile answer for a token that was replaced meanwhile is dropped', async () => {
    let answer: (value: ReturnType<typeof user>) => void = () => {};
    const { actor } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: () => new Promise((r) => (answer = r)) },
    );
    actor.send({ type: 'session.login', userData: user({ uuid: 'u-new', token: 'access-new' }), at: T0 });
    answer(user({ uuid: 'u-old' }));
    await flush();
    expect(actor.getSnapshot().context.userData?.uuid).toBe('u-new');
  });

  it('signs out during the first second too', async () => {
    const { actor, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => user() },
    );
    await flush();
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(calls).toContain('revokeSession access-1');
    expect(calls).toContain('navigateToLogin');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });

  it('a logout before the first decision does not make the next check wait again', async () => {
    const { actor } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => user() },
    );
    actor.send({ type: 'auth.apiUnauthenticated' });
    actor.send({
      type: 'auth.recheck',
      surroundings: {
        now: T0 + 10,
        dashboardCookie: null,
        stored: { token: null, tokenCreatedAt: null, station: null },
      },
    });
    expect(authState(actor)).toBe('decided.unauthenticated');
  });

  it('tries a hydrate link when the refresh from the cookie fails', async () => {
    const { actor, calls } = startSession(
      { dashboardCookie: 'revoked', hydrateQuery: '?hydrate=1&code=abc' },
      {
        refreshLogin: async () => Promise.reject(new Error('401')),
        createSession: async () => ({ userData: user({ token: 'access-h' }), at: T0 }),
      },
    );
    await flush();
    expect(calls).toContain('createSession ?hydrate=1&code=abc');
    await flush();
    expect(actor.getSnapshot().context.token).toBe('access-h');
  });

  it('gives up a refresh that does not answer within 8 seconds', () => {
    const { actor, clock } = startSession({ dashboardCookie: 'refresh-1' });
    expect(selectIsChecking(actor.getSnapshot())).toBe(true);
    clock.increment(7_999);
    expect(selectIsChecking(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsChecking(actor.getSnapshot())).toBe(false);
    settle(clock);
    expect(authState(actor)).toBe('decided.unauthenticated');
  });

  it('retries a failed profile fetch every 10 seconds, three times, and logs each failure', async () => {
    const { clock, calls } = startSession(
      { stored: fresh, dashboardCookie: 'refresh-1' },
      { fetchProfile: async () => Promise.reject(new Error('500')) },
    );
    for (let i = 0; i < 5; i++) {
      await flush();
      clock.increment(10_000);
    }
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(4);
    expect(calls.filter((c) => c === 'reportProfileError')).toHaveLength(4);
  });
});

describe('the cart on sign-in', () => {
  it('offers the anonymous cart to the account once: GET /me with the cart, then the account’s cart is the cart', async () => {
    const { actor, calls } = startSession(
      { cartCookie: 'cart-anon' },
      { fetchProfile: async () => user({ uuid: 'u-1', cart_uuid: 'cart-account' }) },
    );
    actor.send({ type: 'session.login', userData: user({ cart_uuid: null }), at: T0 });
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toEqual(['fetchProfile access-1 cart-anon']);
    expect(actor.getSnapshot().context.cartId).toBe('cart-account');
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
  });

  it('hands the anonymous cart to an account that has a cart of its own (the API merges them)', async () => {
    const { actor, calls } = startSession(
      { cartCookie: 'cart-anon' },
      { fetchProfile: async () => user({ uuid: 'u-1', cart_uuid: 'cart-account' }) },
    );
    actor.send({ type: 'session.login', userData: user({ cart_uuid: 'cart-account' }), at: T0 });
    // The visitor's cart stays the cart until the API has merged it into the account's.
    expect(actor.getSnapshot().context.cartId).toBe('cart-anon');
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toEqual(['fetchProfile access-1 cart-anon']);
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
    expect(actor.getSnapshot().context.cartId).toBe('cart-account');
  });

  it('offers nothing when the visitor had no cart, or had the account’s own', async () => {
    const none = startSession({}, { fetchProfile: async () => user() });
    none.actor.send({ type: 'session.login', userData: user({ cart_uuid: 'cart-account' }), at: T0 });
    await flush();
    expect(none.calls.filter((c) => c.startsWith('fetchProfile'))).toEqual([]);

    const same = startSession({ cartCookie: 'cart-account' }, { fetchProfile: async () => user() });
    same.actor.send({ type: 'session.login', userData: user({ cart_uuid: 'cart-account' }), at: T0 });
    await flush();
    expect(same.calls.filter((c) => c.startsWith('fetchProfile'))).toEqual([]);
  });

  it('signing out forgets the account’s cart, in memory and in its cookie', async () => {
    const { actor, calls } = startSession({}, { fetchProfile: async () => user() });
    actor.send({ type: 'session.login', userData: user({ cart_uuid: 'cart-account' }), at: T0 });
    expect(actor.getSnapshot().context.cartId).toBe('cart-account');
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ cartId: null, cart: null });
    expect(calls).toContain('clearCartCookie');
  });

  it('forgets the cart when it is cleared (checked out or gone)', () => {
    const { actor } = startSession({ cartCookie: 'cart-1' });
    actor.send({ type: 'session.cartCleared' });
    expect(actor.getSnapshot().context).toMatchObject({ cartId: null, cart: null });
  });
});

describe('signing out', () => {
  it('asks for no profile while the token is being revoked', async () => {
    let revoked: () => void = () => {};
    const { actor, calls } = startSession(
      { stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000, station: null }, dashboardCookie: 'r-1' },
      {
        fetchProfile: () => new Promise(() => {}),
        revokeSession: () =>
          new Promise<void>((resolve) => {
            revoked = resolve;
          }),
      },
    );
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
    actor.send({ type: 'session.signOut' });
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
    revoked();
    await flush();
    expect(calls.filter((c) => c.startsWith('fetchProfile'))).toHaveLength(1);
  });
});

describe('order counts for the account menu', () => {
  const counts = { upcoming: 2, running: 1, completed: 4, cancelled: 1 };

  it('loads GET /orders/stats once the customer is known, and again after an order changes', async () => {
    const { actor, calls } = startSession({}, { fetchOrdersStats: async () => counts });
    expect(calls.filter((c) => c === 'fetchOrdersStats')).toHaveLength(0);
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    await flush();
    expect(actor.getSnapshot().context.ordersStats).toEqual(counts);
    expect(calls.filter((c) => c === 'fetchOrdersStats')).toHaveLength(1);
    actor.send({ type: 'session.ordersChanged' });
    await flush();
    expect(calls.filter((c) => c === 'fetchOrdersStats')).toHaveLength(2);
  });

  it('drops counts that arrive after the customer signed out, and forgets the old ones', async () => {
    let answer: (value: typeof counts) => void = () => {};
    const { actor } = startSession(
      {},
      {
        fetchOrdersStats: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    );
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    actor.send({ type: 'auth.apiUnauthenticated' });
    answer(counts);
    await flush();
    expect(actor.getSnapshot().context.ordersStats).toBeNull();
  });

  it('loads the counts of the next customer who signs in on this page', async () => {
    const seen: string[] = [];
    const { actor } = startSession(
      {},
      {
        fetchOrdersStats: async () => {
          seen.push(String(actor.getSnapshot().context.userData?.uuid));
          return counts;
        },
      },
    );
    actor.send({ type: 'session.login', userData: user({ uuid: 'u-1' }), at: T0 });
    await flush();
    actor.send({ type: 'session.login', userData: user({ uuid: 'u-2', token: 'access-2' }), at: T0 + 1 });
    await flush();
    expect(seen).toEqual(['u-1', 'u-2']);
  });

  it('the same customer signing in again while the counts load still gets them', async () => {
    let asked = 0;
    const { actor } = startSession(
      {},
      {
        fetchOrdersStats: async () => {
          asked += 1;
          return counts;
        },
      },
    );
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    actor.send({ type: 'session.login', userData: user({ token: 'access-2' }), at: T0 + 1 });
    await flush();
    expect(asked).toBe(2);
    expect(actor.getSnapshot().context.ordersStats).toEqual(counts);
  });

  it('another tab changing the token while the counts load: they are asked again once the profile is back', async () => {
    let answerStats: (value: typeof counts) => void = () => {};
    let asked = 0;
    let answerProfile: (value: ReturnType<typeof user>) => void = () => {};
    const { actor } = startSession(
      {},
      {
        fetchOrdersStats: () => {
          asked += 1;
          return asked === 1
            ? new Promise((resolve) => {
                answerStats = resolve;
              })
            : Promise.resolve(counts);
        },
        fetchProfile: () =>
          new Promise((resolve) => {
            answerProfile = resolve;
          }),
      },
    );
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    actor.send({
      type: 'auth.recheck',
      surroundings: {
        now: T0 + 10,
        dashboardCookie: 'refresh-2',
        stored: { token: 'access-2', tokenCreatedAt: T0 + 5, station: null },
      },
    });
    answerStats(counts);
    await flush();
    answerProfile(user({ token: 'access-2' }));
    await flush();
    expect(asked).toBe(2);
    expect(actor.getSnapshot().context.ordersStats).toEqual(counts);
  });

  it('a failed load is reported and leaves the menu without counts', async () => {
    const { actor, calls } = startSession({}, { fetchOrdersStats: () => Promise.reject(new Error('500')) });
    actor.send({ type: 'session.login', userData: user(), at: T0 });
    await flush();
    expect(actor.getSnapshot().context.ordersStats).toBeNull();
    expect(calls).toContain('reportOrdersStatsError');
  });
});
