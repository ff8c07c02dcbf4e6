import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_ID } from '../../contract/platform';
import { logEvent } from '../../src/api/logEvent';
import { BROWSER_ID_DAYS, browserId, type CookieJar, randomV4 } from '../../src/lib/browserId';
import { captureRepCode, REP_CODE_DAYS, type RepCodeStore } from '../../src/lib/repCode';
import { installMemoryStorage } from './fakeStorage';

/** Cookies as set: value and lifetime in days. */
function jar(initial: Record<string, string> = {}) {
  const set = new Map<string, { value: string; days: number | undefined }>();
  for (const [name, value] of Object.entries(initial)) set.set(name, { value, days: undefined });
  const cookies: CookieJar = {
    get: (name) => set.get(name)?.value ?? null,
    set: (name, value, days) => set.set(name, { value, days }),
  };
  return { cookies, set };
}

describe('browser id (SPEC section 9: adlane_browser_id)', () => {
  it('is a random v4-style id, different every time it is made', () => {
    const ids = new Set(Array.from({ length: 200 }, randomV4));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(BROWSER_ID);
  });

  it('is made and stored once, then reused; a malformed one is replaced', () => {
    const { cookies, set } = jar();
    const first = browserId(cookies);
    expect(set.get('adlane_browser_id')).toEqual({ value: first, days: BROWSER_ID_DAYS });
    expect(browserId(cookies)).toBe(first);
    const broken = jar({ adlane_browser_id: 'not-an-id' });
    const replaced = browserId(broken.cookies);
    expect(replaced).toMatch(BROWSER_ID);
    expect(broken.set.get('adlane_browser_id')?.value).toBe(replaced);
  });
});

describe('rep code (SPEC section 7: from the URL or storage, a 30-day cookie)', () => {
  const DAY = 86_400_000;
  const memory = (value?: { code: string; at: number }) => {
    let stored = value;
    const store: RepCodeStore = {
      read: () => stored,
      write: (code, at) => {
        stored = { code, at };
      },
    };
    return { store, stored: () => stored };
  };

  it('takes ?rep= from the URL, keeps it with the date, and sets the cookie for 30 days', () => {
    const { cookies, set } = jar();
    const { store, stored } = memory();
    expect(captureRepCode('?zip=60614&rep=jsmith', cookies, store, 1_000)).toBe('jsmith');
    expect(set.get('adlane_rep_code')).toEqual({ value: 'jsmith', days: REP_CODE_DAYS });
    expect(REP_CODE_DAYS).toBe(30);
    expect(stored()).toEqual({ code: 'jsmith', at: 1_000 });
  });

  it('renews the cookie from storage only for what is left of the 30 days, then lets it go', () => {
    const later = jar();
    expect(captureRepCode('', later.cookies, memory({ code: 'jsmith', at: 0 }).store, 10 * DAY)).toBe(
      'jsmith',
    );
    expect(later.set.get('adlane_rep_code')?.days).toBe(20);
    const expired = jar();
    expect(captureRepCode('', expired.cookies, memory({ code: 'jsmith', at: 0 }).store, 31 * DAY)).toBeNull();
    expect(expired.set.size).toBe(0);
    const newer = memory({ code: 'jsmith', at: 0 });
    expect(captureRepCode('?rep=adoe', jar().cookies, newer.store, 40 * DAY)).toBe('adoe');
    expect(newer.stored()).toEqual({ code: 'adoe', at: 40 * DAY });
  });

  it('ignores malformed codes and does nothing without one', () => {
    const { cookies, set } = jar();
    expect(captureRepCode('?rep=%3Cscript%3E', cookies, memory().store)).toBeNull();
    expect(captureRepCode('?rep=', cookies, memory().store)).toBeNull();
    expect(set.size).toBe(0);
  });
});

describe('event log client (SPEC section 8: success false on any failure)', () => {
  beforeEach(() => {
    installMemoryStorage();
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname: '/shop' } }));
    vi.stubGlobal('location', { pathname: '/shop', protocol: 'http:' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the event form-encoded with the browser id and the page', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, data: { id: 7 }, message: '', meta: { drop_cookies: [] } }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await logEvent('view_item', { properties: { mediacode: 'PM501-01' } })).toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/log/event');
    const form = new URLSearchParams(String(init.body));
    expect(form.get('event')).toBe('view_item');
    expect(form.get('browser_id')).toMatch(BROWSER_ID);
    expect(form.get('path')).toBe('/shop');
    expect(JSON.parse(form.get('properties') ?? '{}')).toEqual({ mediacode: 'PM501-01' });
  });

  it('sends the stored token as the bearer, so a customer’s events are theirs', async () => {
    localStorage.setItem('adlaneStorefrontStore', JSON.stringify({ token: 'tok-123', tokenCreatedAt: 1 }));
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, data: { id: 8 }, message: '', meta: { drop_cookies: [] } }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await logEvent('page_view');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-123');
  });

  it('answers success false, without throwing, when the network fails or the API refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(logEvent('page_view')).resolves.toEqual({ success: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              data: null,
              message: 'Too many events.',
              meta: { drop_cookies: [] },
            }),
            {
              status: 429,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    await expect(logEvent('page_view')).resolves.toEqual({ success: false });
  });
});
