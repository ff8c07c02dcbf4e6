import Cookies from 'js-cookie';
import { cookieNames } from '../../contract/cookies';
import { config } from '../config';

/** The cookie names of the product (README, "Cookies"), all with the brand prefix. */
export const COOKIE_NAMES = cookieNames(config.storagePrefix);

/** Path `/`, on the configured parent domain when one is set, expiring after `days` when given. */
export function setCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, {
    path: '/',
    domain: config.cookieDomain,
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ...(days === undefined ? {} : { expires: days }),
  });
}

export function getCookie(name: string): string | null {
  return Cookies.get(name) ?? null;
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/', domain: config.cookieDomain });
}
