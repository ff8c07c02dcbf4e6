import { describe, expect, it } from 'vitest';
import { AccessRemoved } from '../../src/system/accessRemoved';
import { hitDestination } from '../../src/system/search';
import { customer, emptyCart, fakeApp, flush, T0 } from './fakeApp';

const DAY = 86_400_000;

describe('the app as assembled in src/system, in a fake browser', () => {
  it('boots the chat widget for the visitor, follows a customer who signs in, and on sign-out boots it anew', async () => {
    const { app, record } = fakeApp();
    await flush();
    expect(record.filter((line) => line.startsWith('script') || line.startsWith('chat'))).toEqual([
      'script /chat/widget.js',
      'chat boot {"vertical_padding":40}',
    ]);
    record.length = 0;

    app.acceptSignIn(customer());
    await flush();
    expect(record).toContain(
      'chat update {"email":"dana@bakery.example","user_id":"u-1","name":"Dana Reyes","company":"Reyes Bakery","plan":"customer","custom_attributes":{"signed_in":true}}',
    );
    record.length = 0;

    app.session.send({ type: 'session.signOut' });
    await flush();
    const chat = record.filter((line) => line.startsWith('chat'));
    expect(chat).toEqual(['chat shutdown null', 'chat boot {"vertical_padding":40}']);
    expect(record).toContain('navigate /login');
    app.stop();
  });

  it('keeps why a removed colleague was signed out for the sign-in page, until someone signs in', async () => {
    const { app, record, apiSaysAccessRemoved } = fakeApp();
    app.acceptSignIn(customer());
    await flush();
    expect(app.signOutNotice.removedFrom()).toBeNull();
    apiSaysAccessRemoved('Harbor Dental');
    await flush();
    expect(record).toContain('navigate /login');
    expect(app.session.getSnapshot().context.userData).toBeNull();
    expect(app.signOutNotice.removedFrom()).toBe('Harbor Dental');
    app.acceptSignIn(customer({ uuid: 'u-2', company: 'Dana’s Own' }));
    expect(app.signOutNotice.removedFrom()).toBeNull();
    app.stop();
  });

  it('keeps why a refresh was refused when the person was removed from their team', async () => {
    const { app } = fakeApp({
      cookies: { adlane_dashboard_token: 'refresh-1' },
      services: {
        refreshLogin: async () => {
          throw new AccessRemoved('Harbor Dental', 'Your access to Harbor Dental was removed.');
        },
      },
    });
    await flush();
    expect(app.session.getSnapshot().context.userData).toBeNull();
    expect(app.signOutNotice.removedFrom()).toBe('Harbor Dental');
    app.stop();
  });

  it('another tab renewing the sign-in (a new token, the same customer) does not shut the conversation down', async () => {
    const harness = fakeApp();
    harness.app.acceptSignIn(customer());
    await flush();
    harness.record.length = 0;
    harness.app.env.store.write({ token: 'access-renewed', tokenCreatedAt: T0 + 1_000 });
    harness.cookies.set('adlane_dashboard_token', 'refresh-2');
    harness.recheck();
    await flush();
    expect(harness.app.session.getSnapshot().context.userData?.uuid).toBe('u-1');
    expect(harness.record.filter((line) => line.startsWith('chat'))).toEqual([]);
    harness.app.stop();
  });

  it('starts no customer chat on a back-office page (issue 31): the page is a staff member’s', async () => {
    const { record } = fakeApp({ pathname: '/admin/orders' });
    await flush();
    expect(record.filter((line) => line.startsWith('script') || line.startsWith('chat'))).toEqual([]);
  });

  it('a customer already signed in on this browser is known to the chat once their profile arrives', async () => {
    const { app, record } = fakeApp({
      stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000 },
      cookies: { adlane_dashboard_token: 'refresh-1' },
    });
    await flush();
    expect(app.session.getSnapshot().context.userData?.uuid).toBe('u-1');
    const chat = record.filter((line) => line.startsWith('chat'));
    // The profile arrives before the widget's script has loaded: the boot already carries it.
    expect(chat).toEqual([
      'chat boot {"vertical_padding":40,"email":"dana@bakery.example","user_id":"u-1","name":"Dana Reyes","company":"Reyes Bakery","plan":"customer","custom_attributes":{"signed_in":true}}',
    ]);
    app.stop();
  });

  it('loads the account menu’s order counts for a customer, and again after an order is placed', async () => {
    let asked = 0;
    const { app } = fakeApp({
      services: {
        fetchOrdersStats: async () => {
          asked += 1;
          return { upcoming: asked, running: 0, completed: 0, cancelled: 0 };
        },
      },
    });
    await flush();
    expect(asked).toBe(0);
    app.acceptSignIn(customer());
    await flush();
    expect(app.session.getSnapshot().context.ordersStats).toEqual({
      upcoming: 1,
      running: 0,
      completed: 0,
      cancelled: 0,
    });
    app.cart.send({ type: 'cart.placed' });
    await flush();
    expect(asked).toBe(2);
    expect(app.session.getSnapshot().context.ordersStats?.upcoming).toBe(2);
    app.stop();
  });

  it('the cart follows the session’s cart id: the account’s cart is loaded when its customer signs in', async () => {
    const loaded: string[] = [];
    const { app } = fakeApp({
      services: {
        fetchMe: async () => customer({ cart_uuid: 'cart-account' }),
        loadCart: async (cartId) => {
          loaded.push(cartId);
          return emptyCart(cartId);
        },
      },
    });
    app.acceptSignIn(customer({ cart_uuid: 'cart-account' }));
    await flush();
    expect(loaded).toEqual(['cart-account']);
    expect(app.session.getSnapshot().context.cart?.uuid).toBe('cart-account');
    app.stop();
  });

  it('an API answer of 401 "Unauthenticated." signs the customer out and goes to /login', async () => {
    const harness = fakeApp();
    harness.app.acceptSignIn(customer());
    await flush();
    harness.apiSaysUnauthenticated();
    await flush();
    expect(harness.app.session.getSnapshot().context.userData).toBeNull();
    expect(harness.record).toContain('navigate /login');
    expect(harness.store().token).toBeUndefined();
    harness.app.stop();
  });

  it('a stopped app hears nothing more: the API client’s 401 no longer reaches its session', async () => {
    const harness = fakeApp();
    expect(harness.listensForUnauthenticated()).toBe(true);
    harness.app.stop();
    expect(harness.listensForUnauthenticated()).toBe(false);
  });

  it('looks at the sign-in again when the browser says it may have changed (another tab signed in)', async () => {
    const harness = fakeApp();
    harness.clock.increment(900);
    harness.clock.increment(100);
    await flush();
    expect(harness.app.session.getSnapshot().matches({ auth: { decided: 'unauthenticated' } })).toBe(true);
    // Another tab stored a sign-in and the shared cookie.
    harness.app.env.store.write({ token: 'access-other-tab', tokenCreatedAt: T0 });
    harness.cookies.set('adlane_dashboard_token', 'refresh-1');
    harness.recheck();
    await flush();
    expect(harness.app.session.getSnapshot().matches({ auth: { decided: 'authenticated' } })).toBe(true);
    expect(harness.app.session.getSnapshot().context.userData?.uuid).toBe('u-1');
    harness.app.stop();
  });

  it('looks at the sign-in again every minute by itself: a token that aged meanwhile is given up', async () => {
    const harness = fakeApp({
      stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000 },
      cookies: { adlane_dashboard_token: 'refresh-1' },
    });
    harness.clock.increment(900);
    harness.clock.increment(100);
    await flush();
    expect(harness.app.session.getSnapshot().matches({ auth: { decided: 'authenticated' } })).toBe(true);
    // A day later the token is past the auth time-out, and no shared cookie can refresh it.
    harness.setNow(T0 + DAY);
    harness.clock.increment(58_999);
    await flush();
    expect(harness.app.session.getSnapshot().matches({ auth: { decided: 'authenticated' } })).toBe(true);
    harness.clock.increment(1);
    await flush();
    expect(harness.app.session.getSnapshot().matches({ auth: { decided: 'unauthenticated' } })).toBe(true);
    expect(harness.store().token).toBeUndefined();
    harness.app.stop();
  });

  it('answers a page’s guard within 8 s on the app’s clock, even while the profile does not answer', async () => {
    const harness = fakeApp({
      stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000 },
      cookies: { adlane_dashboard_token: 'refresh-1' },
      services: { fetchMe: () => new Promise(() => {}) },
    });
    let answer: boolean | null = null;
    void harness.app.isAuthenticated().then((authenticated) => {
      answer = authenticated;
    });
    harness.clock.increment(900);
    harness.clock.increment(100);
    harness.clock.increment(6_999);
    await flush();
    expect(answer).toBeNull();
    harness.clock.increment(1);
    await flush();
    expect(answer).toBe(true);
    harness.app.stop();
  });

  it('keeps a rep code from the address in its cookie, and logs one page view per path', async () => {
    const { app, cookies, record } = fakeApp({ search: '?rep=jsmith' });
    expect(cookies.get('adlane_rep_code')).toBe('jsmith');
    app.logPageView('/shop/magazines?zip=60601');
    app.logPageView('/shop/magazines?zip=60614');
    app.logPageView('/shop/tv');
    await flush();
    expect(record.filter((line) => line.startsWith('log'))).toEqual([
      'log page_view /shop/magazines',
      'log page_view /shop/tv',
    ]);
    app.stop();
  });
});

describe('following a search hit', () => {
  const origin = 'https://adlane.example';
  const hit = {
    objectID: '1',
    text: 'Chicago',
    type: 'location',
    url: '/shop?zip=60601',
    zip: '60601',
  } as const;

  it('a place with a zip opens the shop there, with the zip stored for the shop’s filters', async () => {
    expect(hitDestination(hit, origin)).toEqual({ kind: 'shop', zip: '60601', path: '/shop?zip=60601' });
    const harness = fakeApp();
    harness.app.search.send({ type: 'search.hitChosen', hit });
    expect(harness.record).toContain('navigate /shop?zip=60601');
    expect(harness.store().shopSearch).toMatchObject({ zip: '60601' });
    harness.app.stop();
  });

  it('any other hit opens its page on this site', () => {
    const title = { ...hit, type: 'printmag', zip: '', url: '/shop/magazines/PM501-01' } as const;
    expect(hitDestination(title, origin)).toEqual({ kind: 'page', path: '/shop/magazines/PM501-01' });
    expect(hitDestination({ ...title, url: `${origin}/specs?q=tv#top` }, origin)).toEqual({
      kind: 'page',
      path: '/specs?q=tv#top',
    });
  });

  it('a hit pointing off the site (or running script) is not followed, and says so', () => {
    const harness = fakeApp();
    for (const url of ['https://evil.example/x', 'javascript:alert(1)', '//evil.example']) {
      const offSite = { ...hit, type: 'printmag', zip: '', url } as const;
      expect(hitDestination(offSite, origin)).toEqual({ kind: 'offSite', url });
      harness.app.search.send({ type: 'search.hitChosen', hit: offSite });
    }
    expect(harness.record.filter((line) => line.startsWith('navigate'))).toEqual([]);
    expect(harness.record.filter((line) => line.startsWith('warn'))).toHaveLength(3);
    harness.app.stop();
  });
});
