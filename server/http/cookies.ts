import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_COOKIE_DAYS, cookieNames } from '../../contract/cookies';
import type { DroppedCookie } from '../../contract/envelope';
import { cartIdParam } from '../../contract/params';
import type { AppEnv } from '../env';

/**
 * The cookies the API asks the storefront to set or remove (`meta.drop_cookies`), by the names the
 * contract gives them.
 */
const namesOf = (c: Context<AppEnv>) => cookieNames(c.var.config.cookiePrefix);

/** The dashboard cookie set to a refresh token, or removed (value null). */
export const dashboardCookieDrop = (c: Context<AppEnv>, value: string | null): DroppedCookie => {
  const name = namesOf(c).dashboardToken;
  return value === null ? { name, value: null } : { name, value, days: c.var.config.ssoSessionDays };
};

/** The cart cookie set to a cart (30 days) or removed (null). */
export const cartCookieDrop = (c: Context<AppEnv>, uuid: string | null): DroppedCookie => {
  const name = namesOf(c).cartId;
  return uuid === null ? { name, value: null } : { name, value: uuid, days: CART_COOKIE_DAYS };
};

/** The cart the browser's cart cookie names, when it holds a cart id at all. */
export function cartOfCookie(c: Context<AppEnv>): string | null {
  const uuid = cartIdParam.safeParse(getCookie(c, namesOf(c).cartId));
  return uuid.success ? uuid.data : null;
}
