import { BROWSER_ID } from '../../contract/browserId';
import { COOKIE_NAMES, getCookie, setCookie } from './cookies';

/** Where cookies are read and written: the browser's, or a fake in tests. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, days?: number): void;
}

export const browserCookies: CookieJar = { get: getCookie, set: setCookie };

/** The browser id outlives sign-ins: two years, renewed only when it is missing. */
export const BROWSER_ID_DAYS = 730;

/**
 * A random v4-style UUID. `crypto.randomUUID` exists only on secure origins; `getRandomValues`
 * everywhere, so the id is built from it: 122 random bits, version 4, RFC 4122 variant.
 */
export function randomV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * This browser's id (SPEC section 9: `adlane_browser_id`, a random v4-style id on the parent
 * domain), made and stored the first time and reused once set. A malformed value is replaced.
 */
export function browserId(jar: CookieJar = browserCookies, random: () => string = randomV4): string {
  const current = jar.get(COOKIE_NAMES.browserId);
  if (current && BROWSER_ID.test(current)) return current;
  const id = random();
  jar.set(COOKIE_NAMES.browserId, id, BROWSER_ID_DAYS);
  return id;
}
