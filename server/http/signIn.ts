import type { Context } from 'hono';
import { type Account, toUserData } from '../data/accounts';
import { type IssuedTokens, isFirstSignIn } from '../data/tokens';
import type { AppEnv, SignedIn } from '../env';
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

/**
 * A person's first visit: the sign-in their account was made with, during the account's first day.
 * The pages greet them "Welcome", and "Welcome back" once they come back.
 */
async function isFirstVisit(c: Context<AppEnv>, account: Account, family: string): Promise<boolean> {
  if (c.var.clock().getTime() - account.createdAt.getTime() >= DAY_MS) return false;
  return isFirstSignIn(c.var.db, account.id, family);
}

/** A successful sign-in: the user data with the new access token, and the dashboard cookie to set. */
export const signedInAnswer = async (
  c: Context<AppEnv>,
  account: Account,
  tokens: IssuedTokens,
  message = '',
) =>
  ok(
    c,
    toUserData(account, tokens.access, await isFirstVisit(c, account, tokens.family)),
    { drop_cookies: [dashboardCookieDrop(c, tokens.refresh)] },
    message,
  );

/** The user data of the signed-in customer of a request, as it is now (`account`: read again after a change). */
export const userDataOf = async (c: Context<AppEnv>, signedIn: SignedIn, account = signedIn.account) =>
  toUserData(account, signedIn.token, await isFirstVisit(c, account, signedIn.family));

/**
 * Where links in e-mails point: always the configured public URL, never the request's Host header
 * (which a caller controls: a reset link must not be mailed out pointing at someone else's site).
 */
export const publicOrigin = (c: Context<AppEnv>) => c.var.config.publicUrl;
