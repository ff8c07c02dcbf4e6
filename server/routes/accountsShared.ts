import type { Context } from 'hono';
import type { DroppedCookie } from '../../contract/envelope';
import type { AppEnv } from '../app';
import { type Account, type IssuedTokens, toUserData } from '../data/accounts';
import { ok } from '../http/envelope';

export const DAY_MS = 86_400_000;

/** Name of the shared single-sign-on cookie that holds the refresh token. */
export const dashboardCookie = (c: Context<AppEnv>) => `${c.var.config.cookiePrefix}_dashboard_token`;

export const tokenLifetimes = (c: Context<AppEnv>) => ({
  accessMs: c.var.config.authTimeoutMs,
  refreshMs: c.var.config.ssoSessionDays * DAY_MS,
});

/** The dashboard cookie set to a refresh token, or removed (value null). */
export const dashboardCookieDrop = (c: Context<AppEnv>, value: string | null): DroppedCookie =>
  value === null
    ? { name: dashboardCookie(c), value: null }
    : { name: dashboardCookie(c), value, days: c.var.config.ssoSessionDays };

/** A successful sign-in: the user data with the new access token, and the dashboard cookie to set. */
export const signedInAnswer = (c: Context<AppEnv>, account: Account, tokens: IssuedTokens, message = '') =>
  ok(
    c,
    toUserData(account, tokens.access),
    { drop_cookies: [dashboardCookieDrop(c, tokens.refresh)] },
    message,
  );

/**
 * Where links in e-mails point: always the configured public URL, never the request's Host header
 * (which a caller controls: a reset link must not be mailed out pointing at someone else's site).
 */
export const publicOrigin = (c: Context<AppEnv>) => c.var.config.publicUrl;

export const isUniqueViolation = (error: unknown) =>
  error instanceof Error &&
  /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);
