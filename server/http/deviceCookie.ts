import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { z } from 'zod';
import { findAccount } from '../data/accounts';
import { serverKey } from '../data/serverKeys';
import type { AppEnv } from '../env';
import { DAY_MS } from '../time';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account keeps a signed note of it, so failures elsewhere that lock the
 * account for strangers do not lock out this browser, and strangers cannot use up the mail it asks
 * for. The API sets it itself (`Set-Cookie`, HttpOnly): no script ever reads it, unlike the cookies
 * the storefront sets from `meta.drop_cookies`.
 */

/** Lives a year from its last sign-in (browsers keep a cookie 400 days at most). */
export const DEVICE_COOKIE_DAYS = 365;

/** A shared computer keeps the device cookies of this many accounts; the one signed in to longest ago goes. */
export const DEVICE_COOKIE_ACCOUNTS = 5;

export const deviceCookieName = (c: Context<AppEnv>) => `${c.var.config.cookiePrefix}_device`;

/** One account's entry: the account, a nonce of this sign-in, and when the entry stops counting (ms). */
const deviceEntry = z.object({ a: z.uuid(), n: z.string().regex(/^[\w-]{22}$/), e: z.number().int() });
const deviceEntries = z.array(deviceEntry).max(DEVICE_COOKIE_ACCOUNTS);
type DeviceEntry = z.infer<typeof deviceEntry>;

/** A device cookie's hold on one account: failures and mail count against `nonce`, its own. */
export interface Device {
  accountId: string;
  nonce: string;
}

const signingKey = (c: Context<AppEnv>) => serverKey(c.var.db, 'device-cookie');

function decode(value: string): DeviceEntry[] {
  try {
    const parsed = deviceEntries.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The browser's unexpired entries, when its device cookie carries the server's signature; a forged
 * or altered cookie counts as none. Read on every sign-in whatever account it names, so the time it
 * takes says nothing about the e-mail being signed in to.
 */
async function entriesOf(c: Context<AppEnv>): Promise<DeviceEntry[]> {
  const value = await getSignedCookie(c, await signingKey(c), deviceCookieName(c));
  if (typeof value !== 'string') return [];
  const now = c.var.clock().getTime();
  return decode(value).filter((entry) => entry.e > now);
}

function entryFor(entries: DeviceEntry[], accountId: string | undefined): Device | null {
  const entry = entries.find((candidate) => candidate.a === accountId);
  return entry ? { accountId: entry.a, nonce: entry.n } : null;
}

/** The browser's device cookie for the account, if it holds one: it counts for no other account. */
export async function deviceOf(c: Context<AppEnv>, accountId: string | undefined): Promise<Device | null> {
  return entryFor(await entriesOf(c), accountId);
}

/**
 * The browser's device cookie for the account of `email`. The account is looked up only for a
 * browser holding a signed device cookie, and then whether or not it exists, so the time taken
 * says nothing about it.
 */
export async function deviceOfEmail(c: Context<AppEnv>, email: string): Promise<Device | null> {
  const entries = await entriesOf(c);
  if (entries.length === 0) return null;
  return entryFor(entries, (await findAccount(c.var.db, { email }))?.id);
}

/**
 * After a sign-in (password, e-mailed link, registration, invitation, password reset): the browser
 * holds a new device cookie for the account, with a new nonce, for another year. Its entries for
 * other accounts stay, the most recently signed-in first.
 */
export async function leaveDeviceCookie(c: Context<AppEnv>, accountId: string): Promise<void> {
  const now = c.var.clock().getTime();
  const entry: DeviceEntry = {
    a: accountId,
    n: randomBytes(16).toString('base64url'),
    e: now + DEVICE_COOKIE_DAYS * DAY_MS,
  };
  const others = (await entriesOf(c)).filter((kept) => kept.a !== accountId);
  const entries = [entry, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS);
  const value = Buffer.from(JSON.stringify(entries)).toString('base64url');
  await setSignedCookie(c, deviceCookieName(c), value, await signingKey(c), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.config.publicUrl.startsWith('https:'),
    maxAge: (DEVICE_COOKIE_DAYS * DAY_MS) / 1000,
  });
}
