import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { readServerConfig } from '../../server/config';
import { outbox } from '../../server/db/schema';
import { describeWait, LIMIT_SETTINGS, parseLimit, readLimits } from '../../server/limits';
import { DRIVERS, type Harness, manualClock } from './harness';
import { type RequestOptions, requestFrom } from './requestFrom';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PASSWORD = 'correct horse battery';

describe('limits written N/window', () => {
  it('read counts and windows in s, m, h and d', () => {
    expect(parseLimit('20/15m', 'X')).toEqual({ max: 20, windowMs: 15 * MINUTE });
    expect(parseLimit('5/1h', 'X')).toEqual({ max: 5, windowMs: HOUR });
    expect(parseLimit(' 100 / 30s ', 'X')).toEqual({ max: 100, windowMs: 30_000 });
    expect(parseLimit('3/d', 'X')).toEqual({ max: 3, windowMs: 86_400_000 });
  });

  it('refuse anything else with a message naming the variable', () => {
    for (const bad of ['20', '20/15', '20/15x', '0/1h', '20/0m', '-1/1h', 'many/1h', '1.5/1h']) {
      expect(() => parseLimit(bad, 'LIMIT_LOGIN_PER_ADDRESS')).toThrow(/^LIMIT_LOGIN_PER_ADDRESS must/);
    }
    // Older records are swept after two days: a longer window would count less than it says.
    expect(parseLimit('10/2d', 'X')).toEqual({ max: 10, windowMs: 2 * 86_400_000 });
    expect(parseLimit('10/48h', 'X')).toEqual({ max: 10, windowMs: 2 * 86_400_000 });
    expect(() => parseLimit('3/7d', 'LIMIT_MAIL_PER_RECIPIENT')).toThrow(
      'LIMIT_MAIL_PER_RECIPIENT counts over at most 2d (older records are swept away), got "3/7d"; lower the count and the window together, like 10/2d.',
    );
    expect(() => parseLimit('3/49h', 'X')).toThrow(/at most 2d/);
    expect(() => readServerConfig({ LIMIT_REGISTER_PER_ADDRESS: 'lots' })).toThrow(
      'LIMIT_REGISTER_PER_ADDRESS must be written N/window, like 20/15m (windows in s, m, h or d), got "lots".',
    );
  });

  it('have defaults for real use, and one variable changes one limit', () => {
    expect(readLimits({})).toEqual({
      loginPerAddress: { max: 10, windowMs: 15 * MINUTE },
      loginPerAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
      loginPerAccount: { max: 50, windowMs: HOUR },
      loginOwnersBrowser: { max: 20, windowMs: 15 * MINUTE },
      loginPerDevice: { max: 10, windowMs: HOUR },
      registerPerAddress: { max: 10, windowMs: HOUR },
      resetPerAddress: { max: 10, windowMs: HOUR },
      signinLinkPerAddress: { max: 10, windowMs: HOUR },
      mailPerRecipient: { max: 3, windowMs: HOUR },
      mailPerRecipientTotal: { max: 10, windowMs: HOUR },
      mailPerDevice: { max: 5, windowMs: HOUR },
      invitePerAccount: { max: 20, windowMs: HOUR },
      emailChangePerAccount: { max: 5, windowMs: HOUR },
      chatPerAddress: { max: 30, windowMs: 10 * MINUTE },
      eddmNearPerAddress: { max: 60, windowMs: MINUTE },
    });
    const raised = readLimits({ LIMIT_REGISTER_PER_ADDRESS: '1000/1m' });
    expect(raised.registerPerAddress).toEqual({ max: 1000, windowMs: MINUTE });
    expect(raised.loginPerAddress).toEqual({ max: 10, windowMs: 15 * MINUTE });
    expect(Object.values(LIMIT_SETTINGS).every((s) => s.env.startsWith('LIMIT_'))).toBe(true);
  });

  it('say how long to wait as a person reads it', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45_000)).toBe('45 seconds');
    expect(describeWait(10 * MINUTE)).toBe('10 minutes');
    expect(describeWait(HOUR - 1)).toBe('60 minutes');
    expect(describeWait(3 * HOUR)).toBe('3 hours');
  });
});

describe.each(DRIVERS)('throttling on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock();

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const call = <T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions & { app?: Harness['app'] } = {},
  ) => requestFrom<T>(options.app ?? h.app, method, path, options);

  let counter = 0;
  /** A new account, registered in-process (no address: per-address limits do not count it). */
  const newAccount = async () => {
    counter += 1;
    const email = `throttle${counter}@bakery.example`;
    const answer = await call<UserData>('POST', '/register', {
      body: { email, password: PASSWORD, firstname: 'Dana', lastname: 'Reyes', company: `Bakery ${counter}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refresh = answer.body.meta.drop_cookies[0]?.value ?? '';
    return { email, refresh };
  };

  const login = (email: string, password: string, from?: string, cookie?: string) =>
    call<UserData>('POST', '/login', { body: { email, password }, from, cookie });

  it('stops one address spraying a password over many accounts (10 failures in 15 minutes)', async () => {
    const from = '198.51.100.7';
    const accounts = await Promise.all(Array.from({ length: 12 }, () => newAccount()));
    const statuses = [];
    for (const account of accounts) statuses.push((await login(account.email, 'Spring2027!', from)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422, 422, 429, 429]);
    const refused = await login(accounts[0]?.email ?? '', PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many failed sign-ins from your network. Try again in 15 minutes.');
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60));
    // The accounts themselves are not locked: their owners sign in from anywhere else.
    expect((await login(accounts[0]?.email ?? '', PASSWORD, '203.0.113.20')).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(accounts[1]?.email ?? '', PASSWORD, from)).status).toBe(200);
  });

  it('counts unknown addresses exactly like accounts (the limits say nothing about who has one)', async () => {
    const from = '198.51.100.8';
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(`ghost${i}@nowhere.example`, 'guess', from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    clock.advance(15 * MINUTE);
  });

  it('locks an account only for the address guessing it: the owner elsewhere still signs in', async () => {
    const account = await newAccount();
    const attacker = '192.0.2.66';
    for (let i = 0; i < 5; i++) expect((await login(account.email, `guess ${i}`, attacker)).status).toBe(422);
    const locked = await login(account.email, PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
    );
    expect((await login(account.email, PASSWORD, '203.0.113.5')).status).toBe(200);
    clock.advance(15 * MINUTE);
  });

  it('has an account-wide ceiling for guesses spread over many addresses, which the owner’s browser passes', async () => {
    const account = await newAccount();
    // 50 failures from 10 addresses: under every per-address limit, at the account's ceiling.
    for (let i = 0; i < 50; i++) {
      expect((await login(account.email, `guess ${i}`, `192.0.2.${100 + (i % 10)}`)).status).toBe(422);
    }
    const fromNewPlace = await login(account.email, PASSWORD, '203.0.113.77');
    expect(fromNewPlace.status).toBe(429);
    expect(fromNewPlace.body.message).toMatch(
      /^This account has had too many failed sign-ins\. Try again in/,
    );
    expect(Number(fromNewPlace.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner's browser still holds its dashboard cookie: it refreshes, and it signs in with the password.
    const refreshed = await call<UserData>('GET', '/login/refresh', {
      token: account.refresh,
      from: '203.0.113.77',
    });
    expect(refreshed.status).toBe(200);
    const cookie = refreshed.body.meta.drop_cookies[0]?.value ?? '';
    const withCookie = await login(
      account.email,
      PASSWORD,
      '203.0.113.77',
      `adlane_dashboard_token=${cookie}`,
    );
    expect(withCookie.status).toBe(200);
    // A cookie of another account, or an old one, does not pass.
    const other = await newAccount();
    expect(
      (await login(account.email, PASSWORD, '203.0.113.77', `adlane_dashboard_token=${other.refresh}`))
        .status,
    ).toBe(429);
    expect(
      (await login(account.email, PASSWORD, '203.0.113.77', `adlane_dashboard_token=${account.refresh}`))
        .status,
    ).toBe(429);
    clock.advance(HOUR);
    expect((await login(account.email, PASSWORD, '203.0.113.77')).status).toBe(200);
  });

  it('counts wrong passwords from the owner’s own browser and in a password change under a higher limit of their own', async () => {
    const account = await newAccount();
    const from = '203.0.113.90';
    const cookie = `adlane_dashboard_token=${account.refresh}`;
    // A browser signed in to the account guesses its password: past the strangers' 5, up to 20.
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await login(account.email, `guess ${i}`, from, cookie)).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await login(account.email, PASSWORD, from, cookie);
    expect(refused.body.message).toBe(
      'Too many wrong passwords for this account. Try again in 15 minutes, or reset your password.',
    );
    // A password change counts under the same limit: a stolen sign-in cannot guess there either.
    const signedIn = await login(account.email, PASSWORD, '203.0.113.91');
    expect(signedIn.status).toBe(200);
    const change = await call('POST', '/me/password', {
      token: signedIn.body.data.token ?? '',
      from: '203.0.113.91',
      body: {
        current_password: PASSWORD,
        password: 'another long password',
        password_confirmation: 'another long password',
      },
    });
    expect(change.status).toBe(429);
    clock.advance(15 * MINUTE);
    expect((await login(account.email, PASSWORD, from, cookie)).status).toBe(200);
  });

  it('forgives a pair’s failures after a right password, and every failure after a password reset', async () => {
    const account = await newAccount();
    const from = '192.0.2.9';
    for (let i = 0; i < 4; i++) await login(account.email, `guess ${i}`, from);
    expect((await login(account.email, PASSWORD, from)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(account.email, `again ${i}`, from)).status).toBe(422);
    expect((await login(account.email, PASSWORD, from)).status).toBe(429);
    clock.advance(15 * MINUTE);
  });

  it('keeps a stranger from using up the owner’s reset e-mails, and a sign-in by link forgives the account’s failures', async () => {
    const account = await newAccount();
    const resetsSent = async () => {
      await h.background.settled();
      const rows = await h.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, account.email), eq(outbox.kind, 'password-reset')));
      return rows.length;
    };
    // A stranger asks for resets to the owner's address: three go out, then no more from there.
    for (let i = 0; i < 5; i++)
      expect(
        (await call('POST', '/forgotpassword', { body: { email: account.email }, from: '192.0.2.200' }))
          .status,
      ).toBe(200);
    expect(await resetsSent()).toBe(3);
    // The owner's own request, from elsewhere, still sends one.
    await call('POST', '/forgotpassword', { body: { email: account.email }, from: '203.0.113.44' });
    expect(await resetsSent()).toBe(4);
    // Up to the recipient's ceiling from everywhere together (10 an hour).
    for (let i = 0; i < 8; i++)
      await call('POST', '/forgotpassword', { body: { email: account.email }, from: `192.0.2.${210 + i}` });
    expect(await resetsSent()).toBe(10);

    // 50 guesses from many addresses lock the account everywhere; a sign-in link opens it again.
    for (let i = 0; i < 50; i++) await login(account.email, `guess ${i}`, `198.18.0.${i % 10}`);
    expect((await login(account.email, PASSWORD, '203.0.113.45')).status).toBe(429);
    await call('POST', '/login/link', { body: { email: account.email }, from: '203.0.113.45' });
    await h.background.settled();
    const [mail] = await h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, account.email), eq(outbox.kind, 'sign-in-link')));
    const code = new URL(mail?.link ?? 'http://x/').searchParams.get('code') ?? '';
    expect((await call('GET', `/login/create?hydrate=1&code=${code}`, { from: '203.0.113.45' })).status).toBe(
      200,
    );
    expect((await login(account.email, PASSWORD, '203.0.113.46')).status).toBe(200);
    clock.advance(HOUR);
  });

  it('limits registrations, reset requests and sign-in links per address, with Retry-After', async () => {
    const cases = [
      {
        path: '/register',
        body: (i: number) => ({
          email: `many${i}@bakery.example`,
          password: PASSWORD,
          firstname: 'M',
          lastname: 'Any',
          company: 'Many',
        }),
        message: 'Too many accounts were registered from your network. Try again in 60 minutes.',
      },
      {
        path: '/forgotpassword',
        body: (i: number) => ({ email: `reset${i}@bakery.example` }),
        message: 'Too many password resets were asked for from your network. Try again in 60 minutes.',
      },
      {
        path: '/login/link',
        body: (i: number) => ({ email: `link${i}@bakery.example` }),
        message: 'Too many sign-in links were asked for from your network. Try again in 60 minutes.',
      },
    ];
    for (const { path, body, message } of cases) {
      const from = '198.51.100.50';
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await call('POST', path, { body: body(i), from })).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await call('POST', path, { body: body(10), from });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(message);
      expect(refused.headers.get('retry-after')).toBe('3600');
      // Another address is not held back.
      expect((await call('POST', path, { body: body(11), from: '198.51.100.51' })).status).toBe(200);
    }
    clock.advance(HOUR);
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', async () => {
    for (let i = 0; i < 10; i++) {
      const from = `2001:db8:1:2::${(i + 1).toString(16)}`;
      expect(
        (await call('POST', '/forgotpassword', { body: { email: `six${i}@x.example` }, from })).status,
      ).toBe(200);
    }
    const sameNetwork = await call('POST', '/forgotpassword', {
      body: { email: 'six@x.example' },
      from: '2001:db8:1:2:ffff:1:2:3',
    });
    expect(sameNetwork.status).toBe(429);
    for (let i = 0; i < 10; i++) {
      await call('POST', '/forgotpassword', { body: { email: `v4${i}@x.example` }, from: '192.0.2.200' });
    }
    expect(
      (await call('POST', '/forgotpassword', { body: { email: 'v4@x.example' }, from: '::ffff:192.0.2.200' }))
        .status,
    ).toBe(429);
    clock.advance(HOUR);
  });

  it('believes X-Forwarded-For only with TRUST_PROXY, and then only the entry its proxy wrote', async () => {
    const spoofed = async (app: Harness['app'], forwarded: string) =>
      (
        await app.request(
          '/api/v1/forgotpassword',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
            body: JSON.stringify({ email: 'proxy@x.example' }),
          },
          { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as never,
        )
      ).status;
    // Without TRUST_PROXY the header is ignored: every request is the proxy's (127.0.0.1).
    const direct = [];
    for (let i = 0; i < 11; i++) direct.push(await spoofed(h.app, `203.0.113.${i}`));
    expect(direct.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(direct[10]).toBe(429);

    const behindProxy = await open({ clock: clock.now, env: { TRUST_PROXY: '1' } });
    try {
      const statuses = [];
      // The client writes its own X-Forwarded-For (the first entry); the proxy appends the real peer.
      for (let i = 0; i < 11; i++) statuses.push(await spoofed(behindProxy.app, `10.9.9.${i}, 203.0.113.99`));
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(await spoofed(behindProxy.app, '10.9.9.1, 203.0.113.98')).toBe(200);
    } finally {
      await behindProxy.close();
    }
    clock.advance(HOUR);
  });

  it('lets a test suite raise one limit through the environment', async () => {
    const loose = await open({ clock: clock.now, env: { LIMIT_RESET_PER_ADDRESS: '100/1h' } });
    try {
      for (let i = 0; i < 30; i++) {
        const answer = await call('POST', '/forgotpassword', {
          body: { email: `loose${i}@x.example` },
          from: '198.51.100.99',
          app: loose.app,
        });
        expect(answer.status).toBe(200);
      }
      const link = [];
      for (let i = 0; i < 11; i++)
        link.push(
          (
            await call('POST', '/login/link', {
              body: { email: `l${i}@x.example` },
              from: '198.51.100.99',
              app: loose.app,
            })
          ).status,
        );
      expect(link[10]).toBe(429);
    } finally {
      await loose.close();
    }
  });
});
