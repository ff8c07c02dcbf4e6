import type { Context } from 'hono';
import { type Account, toUserData } from '../data/accounts';
import type { IssuedTokens } from '../data/tokens';
import type { AppEnv } from '../env';
import { DAY_MS } from '../time';
import { dashboardCookieDrop } from './cookies';
import { ok } from './envelope';

/**
 * How long a replaced refresh token still works after it was replaced: tabs that refresh at the same
 * moment all present the same cookie, and each must stay signed in. Presented later, it was copied.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

/** How long new tokens live: the access token the auth time-out, the refresh token the SSO session. */
export const tokenLifetimes = (c: Context<AppEnv>) => ({
  accessMs: c.var.config.authTimeoutMs,
  refreshMs: c.var.config.ssoSessionDays * DAY_MS,
});

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
