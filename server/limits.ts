/**
 * The API's rate limits, each an environment variable written `N/window` (`20/15m`: 20 in any 15
 * minutes; windows in s, m, h or d). A load test or a test suite raises one without touching the
 * others; a value that cannot be read stops the server at start-up with a message naming it.
 */

import { LONGEST_LIMIT_WINDOW_MS } from './time';

export interface Limit {
  /** How many uses the window allows. */
  max: number;
  /** The sliding window, in ms. */
  windowMs: number;
}

export interface LimitSetting {
  env: string;
  default: string;
  /** What is counted, for the README and error messages. */
  counts: string;
}

/** Every limit, with its variable and default (the README's table lists the same). */
export const LIMIT_SETTINGS = {
  loginPerAddress: {
    env: 'LIMIT_LOGIN_PER_ADDRESS',
    default: '10/15m',
    counts: 'failed sign-ins from one client address, whatever the accounts (password spraying)',
  },
  loginPerAccountAndAddress: {
    env: 'LIMIT_LOGIN_PER_ACCOUNT_ADDRESS',
    default: '5/15m',
    counts: 'failed sign-ins for one account from one client address (locks that pair only)',
  },
  loginPerAccount: {
    env: 'LIMIT_LOGIN_PER_ACCOUNT',
    default: '50/1h',
    counts: 'failed sign-ins for one account from all addresses together (the account-wide ceiling)',
  },
  loginOwnersBrowser: {
    env: 'LIMIT_LOGIN_OWNER_BROWSER',
    default: '20/15m',
    counts:
      'wrong passwords for one account from a browser still signed in to it, and wrong current passwords when changing it (a stolen sign-in cannot guess the password without end)',
  },
  loginPerDevice: {
    env: 'LIMIT_LOGIN_PER_DEVICE',
    default: '10/1h',
    counts:
      'failed sign-ins from a browser holding a device cookie of the account (then that cookie is locked out for the window; a stolen one cannot guess without end)',
  },
  registerPerAddress: {
    env: 'LIMIT_REGISTER_PER_ADDRESS',
    default: '10/1h',
    counts: 'registrations tried from one client address',
  },
  resetPerAddress: {
    env: 'LIMIT_RESET_PER_ADDRESS',
    default: '10/1h',
    counts: 'password-reset requests (`POST /forgotpassword`) from one client address',
  },
  signinLinkPerAddress: {
    env: 'LIMIT_SIGNIN_LINK_PER_ADDRESS',
    default: '10/1h',
    counts: 'sign-in link requests (`POST /login/link`) from one client address',
  },
  mailPerRecipient: {
    env: 'LIMIT_MAIL_PER_RECIPIENT',
    default: '3/1h',
    counts:
      'reset or sign-in e-mails of one kind to one address asked for from one client address (more are not sent; the answer is the same)',
  },
  mailPerRecipientTotal: {
    env: 'LIMIT_MAIL_PER_RECIPIENT_TOTAL',
    default: '10/1h',
    counts:
      'reset or sign-in e-mails of one kind to one address from everywhere together: a stranger using up the allowance does not stop the owner’s own requests',
  },
  mailPerDevice: {
    env: 'LIMIT_MAIL_PER_DEVICE',
    default: '5/1h',
    counts:
      'reset or sign-in e-mails of one kind asked for by a browser holding a device cookie of the account: its own ceiling, which strangers cannot use up',
  },
  invitePerAccount: {
    env: 'LIMIT_INVITE_PER_ACCOUNT',
    default: '20/1h',
    counts: 'colleague invitations sent by one customer, new ones and ones sent again',
  },
  emailChangePerAccount: {
    env: 'LIMIT_EMAIL_CHANGE_PER_ACCOUNT',
    default: '5/1h',
    counts: 'e-mail changes asked for by one customer (each sends a link to the new address)',
  },
  chatPerAddress: {
    env: 'LIMIT_CHAT_PER_ADDRESS',
    default: '30/10m',
    counts:
      'visitor chat messages from one client address, whatever browser ids they carry (the id is the client’s own choice)',
  },
  eddmNearPerAddress: {
    env: 'LIMIT_EDDM_NEAR_PER_ADDRESS',
    default: '60/1m',
    counts:
      'every-door radius searches (`GET /eddm/near`) from one client address (each may ask the carrier route service)',
  },
} as const satisfies Record<string, LimitSetting>;

export type LimitName = keyof typeof LIMIT_SETTINGS;
export type Limits = Record<LimitName, Limit>;

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Reads `N/window` (`20/15m`, `5/1h`, `100/30s`, `3/1d`); throws a message naming `name` otherwise. */
export function parseLimit(value: string, name: string): Limit {
  const match = /^\s*(\d+)\s*\/\s*(\d*)\s*([smhd])\s*$/.exec(value);
  const count = match?.[1];
  const unit = match?.[3] as keyof typeof UNIT_MS | undefined;
  const length = match?.[2] === '' ? 1 : Number(match?.[2]);
  if (!match || count === undefined || unit === undefined) {
    throw new Error(
      `${name} must be written N/window, like 20/15m (windows in s, m, h or d), got "${value}".`,
    );
  }
  const max = Number(count);
  if (max < 1 || length < 1 || !Number.isSafeInteger(max)) {
    throw new Error(`${name} must allow at least 1 in a window of at least 1${unit}, got "${value}".`);
  }
  const windowMs = length * UNIT_MS[unit];
  if (windowMs > LONGEST_LIMIT_WINDOW_MS) {
    throw new Error(
      `${name} counts over at most 2d (older records are swept away), got "${value}"; lower the count and the window together, like 10/2d.`,
    );
  }
  return { max, windowMs };
}

/** Every limit from the environment, or its default. */
export function readLimits(env: NodeJS.ProcessEnv): Limits {
  const entries = Object.entries(LIMIT_SETTINGS).map(([name, setting]) => {
    const value = env[setting.env];
    return [name, parseLimit(value === undefined || value === '' ? setting.default : value, setting.env)];
  });
  return Object.fromEntries(entries) as Limits;
}

/** "15 minutes", "1 hour", "30 seconds": a wait, rounded up, as a person reads it. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
