import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_ERROR_EVENT,
  call,
  handleUnauthenticated,
  NetworkError,
  toSearchParams,
} from '../../src/api/client';
import { installMemoryStorage } from './fakeStorage';

/** Enough of `document.cookie` for js-cookie: name=value pairs, removed by a past expiry. */
class CookieJar {
  readonly jar = new Map<string, string>();
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(text: string) {
    const [pair = '', ...attributes] = text.split(';');
    const [name = '', ...value] = pair.split('=');
    const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
    if (expires && new Date(expires.slice(8)).getTime() < Date.now()) this.jar.delete(name.trim());
    else this.jar.set(name.trim(), value.join('='));
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let cookies: CookieJar;
let events: EventTarget;

beforeEach(() => {
  installMemoryStorage();
  cookies = new CookieJar();
  events = new EventTarget();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', cookies);
  vi.stubGlobal('window', events);
  vi.stubGlobal('location', { pathname: '/shop', protocol: 'http:' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  handleUnauthenticated(() => {});
});

const storeToken = (token: string) =>
  localStorage.setItem('adlaneStorefrontStore', JSON.stringify({ token, tokenCreatedAt: 1 }));

describe('API client (SPEC sections 4, 7 and 8)', () => {
  it('fails an authenticated call without a stored token, without calling the server', async () => {
    const answer = await call('/me', { auth: true });
    expect(answer).toMatchObject({ success: false, status: 401, message: 'Unauthenticated.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the stored token as the bearer of authenticated calls only', async () => {
    storeToken('abc123');
    fetchMock.mockResolvedValue(
      json(200, { success: true, data: { uuid: 'u' }, meta: { drop_cookies: [] }, message: '' }),
    );
    await call('/me', { auth: true });
    await call('/ui/stats');
    const [, authed] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [, open] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((authed.headers as Record<string, string>).authorization).toBe('Bearer abc123');
    expect((open.headers as Record<string, string>).authorization).toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/me');
  });

  it('signs out on a 401 "Unauthenticated." outside /login, and only then', async () => {
    const handler = vi.fn();
    handleUnauthenticated(handler);
    storeToken('abc123');
    fetchMock.mockImplementation(async () =>
      json(401, { success: false, data: null, meta: { drop_cookies: [] }, message: 'Unauthenticated.' }),
    );

    await call('/orders/stats', { auth: true });
    expect(handler).toHaveBeenCalledTimes(1);

    vi.stubGlobal('location', { pathname: '/login', protocol: 'http:' });
    await call('/orders/stats', { auth: true });
    expect(handler).toHaveBeenCalledTimes(1);

    vi.stubGlobal('location', { pathname: '/team', protocol: 'http:' });
    await call('/login/refresh', { bearer: 'cookie-value' });
    expect(handler).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () =>
      json(401, {
        success: false,
        data: null,
        meta: { drop_cookies: [] },
        message: 'Your sign-in has ended.',
      }),
    );
    await call('/orders/stats', { auth: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('says which company removed the person when that ended the sign-in', async () => {
    const told: (string | undefined)[] = [];
    handleUnauthenticated((meta) => told.push(meta?.access_removed?.company));
    storeToken('abc123');
    fetchMock.mockImplementation(async () =>
      json(401, {
        success: false,
        data: null,
        meta: { drop_cookies: [], access_removed: { company: 'Harbor Dental' } },
        message: 'Unauthenticated.',
      }),
    );
    await call('/orders/stats', { auth: true });
    fetchMock.mockImplementation(async () =>
      json(401, { success: false, data: null, meta: { drop_cookies: [] }, message: 'Unauthenticated.' }),
    );
    await call('/orders/stats', { auth: true });
    expect(told).toEqual(['Harbor Dental', undefined]);
  });

  it('applies the cookies an answer lists in meta.drop_cookies', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        data: {},
        meta: { drop_cookies: [{ name: 'adlane_dashboard_token', value: 'r-1', days: 30 }] },
        message: '',
      }),
    );
    await call('/login', { method: 'post', body: {} });
    expect(cookies.jar.get('adlane_dashboard_token')).toBe('r-1');

    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        data: null,
        meta: { drop_cookies: [{ name: 'adlane_dashboard_token', value: null }] },
        message: '',
      }),
    );
    await call('/logout', { method: 'post' });
    expect(cookies.jar.has('adlane_dashboard_token')).toBe(false);
  });

  it('announces a network failure on window and throws', async () => {
    const heard = vi.fn();
    events.addEventListener(API_ERROR_EVENT, heard);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call('/ui/stats')).rejects.toBeInstanceOf(NetworkError);
    expect(heard).toHaveBeenCalledTimes(1);
    const [event] = heard.mock.calls[0] ?? [];
    expect((event as CustomEvent).detail).toMatchObject({ path: '/ui/stats' });
  });

  it('only warns about a server fault, and answers a failure the caller can show', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const answer = await call('/ui/stats');
    expect(answer).toMatchObject({
      success: false,
      status: 502,
      message: 'Adlane is having trouble right now. Please try again shortly.',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('answered 502'));
    warn.mockRestore();
  });

  it('writes arrays the way SPEC section 7 does: key[]=a&key[]=b', () => {
    expect(
      toSearchParams({ media_types: ['tv', 'ctv'], zip: [], lifestyle: 'all', search: '' }).toString(),
    ).toBe('media_types%5B%5D=tv&media_types%5B%5D=ctv&lifestyle=all');
  });
});
