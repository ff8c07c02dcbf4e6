import Cookies from 'js-cookie';
import { config } from '../config';

/** The cookie names of the product (README, "Cookies"), all with the brand prefix. */
export const COOKIE_NAMES = {
  /** The shared single-sign-on cookie, holding the refresh token that the dashboard also reads. */
  dashboardToken: `${config.storagePrefix}_dashboard_token`,
  cartId: `${config.storagePrefix}_cart_id`,
  repCode: `${config.storagePrefix}_rep_code`,
  browserId: `${config.storagePrefix}_browser_id`,
} as const;

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
