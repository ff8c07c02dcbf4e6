import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { cookieNames } from '../../contract/cookies';
import { clearActions, forgetActions, lockedOutFor, recordAction, takeAction } from '../data/rateLimits';
import { accountOfCurrentRefresh } from '../data/tokens';
import type { AppEnv } from '../env';
import { clientKey } from './clientAddress';
import { type Device, deviceOf } from './deviceCookie';

/**
 * Failed sign-ins of a browser the account's owner is known to use do not count against the limits
 * meant for strangers, so strangers cannot lock the owner out. A browser signed in to the account
 * (a live dashboard cookie) counts under `LIMIT_LOGIN_OWNER_BROWSER`; one holding a device cookie of
 * the account under `LIMIT_LOGIN_PER_DEVICE`, per cookie; any other under the three `LIMIT_LOGIN_*`
 * of untrusted clients. Both cookies are read whatever the e-mail, so the time taken says nothing
 * about which accounts exist.
 */
export async function countSignInAttempt(
  c: Context<AppEnv>,
  email: string,
  account: { id: string } | null,
): Promise<LoginAttempt> {
  const browserAccount = await accountOfBrowser(c);
  const device = await deviceOf(c, account?.id);
  if (account !== null && browserAccount === account.id) return countOwnerPasswordAttempt(c, account.id);
  if (device !== null) return countDeviceAttempt(c, device);
  return countLoginAttempt(c, email);
}

/**
 * Failed sign-ins are counted three ways, each with its own limit (`LIMIT_LOGIN_*`): from one address
 * whatever the accounts (one source spraying a password over many accounts), for one account from
 * one address (guessing one account's password: locks that pair only, so a stranger cannot lock the
 * owner out), and for one account from everywhere (a ceiling well above the pair's, against guessing
 * spread over many addresses). Keys use the e-mail as typed, so an unknown address is counted
 * exactly like a known one and the limits say nothing about which accounts exist.
 */
const keys = (email: string, address: string | null, scope: LoginScope) => ({
  address: address === null ? null : `${scope}:address:${address}`,
  pair: `${scope}:pair:${email}|${address ?? 'in-process'}`,
  account: `${scope}:account:${email}`,
});

/** Customers' sign-ins and the back office's are counted apart: a customer's failures never lock staff out. */
export type LoginScope = 'login' | 'staff-login';

export type LoginAttempt =
  | { allowed: true; ids: number[]; pairKey: string }
  | { allowed: false; retryAfterMs: number; message: string; after: string };

/**
 * Counts a sign-in attempt as a failure before the password is checked (`succeeded` takes it back),
 * so attempts sent at the same moment all count: there is no window between counting and recording.
 * A refused attempt is not counted (it must not extend the lock).
 */
export async function countLoginAttempt(
  c: Context<AppEnv>,
  email: string,
  scope: LoginScope = 'login',
): Promise<LoginAttempt> {
  const { db, config } = c.var;
  const now = c.var.clock();
  const key = keys(email, clientKey(c), scope);
  const steps = [
    ...(key.address === null
      ? []
      : [
          {
            key: key.address,
            limit: config.limits.loginPerAddress,
            message: 'Too many failed sign-ins from your network.',
            after: '',
          },
        ]),
    {
      key: key.pair,
      limit: config.limits.loginPerAccountAndAddress,
      message: 'Too many failed sign-ins for this account.',
      after: ', or reset your password',
    },
    {
      key: key.account,
      limit: config.limits.loginPerAccount,
      message: 'This account has had too many failed sign-ins.',
      after: ', or reset your password',
    },
  ];
  const ids: number[] = [];
  for (const step of steps) {
    const slot = await takeAction(db, step.key, step.limit.max, step.limit.windowMs, now);
    if (!slot.allowed) {
      await forgetActions(db, ids);
      return { allowed: false, retryAfterMs: slot.retryAfterMs, message: step.message, after: step.after };
    }
    ids.push(slot.id);
  }
  return { allowed: true, ids, pairKey: key.pair };
}

/**
 * A password tried by someone already signed in to the account: its owner's browser at /login, or a
 * password change (`LIMIT_LOGIN_OWNER_BROWSER`). The strangers' limits would lock the owner out, but
 * with none a stolen sign-in could guess the password as fast as the server hashes.
 */
export async function countOwnerPasswordAttempt(
  c: Context<AppEnv>,
  accountId: string,
): Promise<LoginAttempt> {
  const { db, config } = c.var;
  const key = `login:owner:${accountId}`;
  const limit = config.limits.loginOwnersBrowser;
  const slot = await takeAction(db, key, limit.max, limit.windowMs, c.var.clock());
  if (!slot.allowed)
    return {
      allowed: false,
      retryAfterMs: slot.retryAfterMs,
      message: 'Too many wrong passwords for this account.',
      after: ', or reset your password',
    };
  return { allowed: true, ids: [slot.id], pairKey: key };
}

/**
 * A sign-in from a browser holding a device cookie of the account. Past its limit the cookie goes on
 * the lockout list for the limit's window: every attempt with it is refused, even with the right
 * password, so a stolen cookie cannot guess without end. The owner's other browsers are not held.
 */
export async function countDeviceAttempt(c: Context<AppEnv>, device: Device): Promise<LoginAttempt> {
  const { db, config } = c.var;
  const now = c.var.clock();
  const limit = config.limits.loginPerDevice;
  const lockout = `login:device-lockout:${device.nonce}`;
  const refused = (retryAfterMs: number): LoginAttempt => ({
    allowed: false,
    retryAfterMs,
    message: 'Too many failed sign-ins from this browser.',
    after: ', or reset your password',
  });
  const locked = await lockedOutFor(db, lockout, limit.windowMs, now);
  if (locked > 0) return refused(locked);
  const key = `login:device:${device.nonce}`;
  const slot = await takeAction(db, key, limit.max, limit.windowMs, now);
  if (slot.allowed) return { allowed: true, ids: [slot.id], pairKey: key };
  await recordAction(db, lockout, now);
  c.var.log.warn(
    { userId: device.accountId },
    'a device cookie passed its limit of failed sign-ins and is locked out',
  );
  return refused(limit.windowMs);
}

/** A right password: the attempt was no failure, and this pair's earlier failures are forgiven. */
export async function loginSucceeded(c: Context<AppEnv>, attempt: { ids: number[]; pairKey: string }) {
  await forgetActions(c.var.db, attempt.ids);
  await clearActions(c.var.db, [attempt.pairKey]);
}

/** A password reset by e-mail proves the owner: every failure counted against the account goes. */
export async function forgetLoginFailures(c: Context<AppEnv>, email: string) {
  await clearActions(c.var.db, [`login:account:${email}`], [`login:pair:${email}|`]);
}

/**
 * The account the browser's dashboard cookie keeps signed in, if any. The cookie is looked up
 * whoever it names, so the time this takes says nothing about the e-mail being signed in to.
 */
export async function accountOfBrowser(c: Context<AppEnv>): Promise<string | null> {
  const cookie = getCookie(c, cookieNames(c.var.config.cookiePrefix).dashboardToken);
  if (!cookie || cookie.length > 200) return null;
  return accountOfCurrentRefresh(c.var.db, cookie, c.var.clock());
}
