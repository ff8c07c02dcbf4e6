import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { DroppedCookie } from '../../contract/envelope';
import { outbox } from '../../server/db/schema';
import { createLogger } from '../../server/log';
import { DRIVERS, type Harness, manualClock } from './harness';
import { type RequestOptions, requestFrom } from './requestFrom';

/**
 * Issue 27, point 4: device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").
 * Strangers failing to sign in from many addresses, or asking for the owner's mail, no longer lock
 * the owner out of a browser that has signed in to the account before.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';
const DEVICE = 'adlane_device';

describe.each(DRIVERS)('device cookies on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock();
  const logged: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: {
      write: (line: string) => {
        logged.push(line);
      },
    },
  });

  beforeAll(async () => {
    h = await open({ clock: clock.now, logger });
  });
  afterAll(async () => {
    await h.close();
  });
  // Each test starts with every limit's window behind it.
  afterEach(() => clock.advance(2 * DAY));

  const send = async <T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions & { cookies?: string[]; app?: Harness['app'] } = {},
  ) => {
    const cookie = options.cookies?.join('; ');
    const answer = await requestFrom<T>(options.app ?? h.app, method, path, { ...options, cookie });
    return { ...answer, setCookies: answer.headers.getSetCookie() };
  };

  /**
   * A browser at an address: it keeps the cookies the API sets with `Set-Cookie` and sends them back.
   * It does not set those of `meta.drop_cookies` (the storefront's script would): it holds no
   * dashboard cookie, so only a device cookie can vouch for it.
   */
  const browser = (from: string, app?: Harness['app']) => {
    const jar = new Map<string, string>();
    return {
      jar,
      send: async <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) => {
        const cookies = [...jar].map(([name, value]) => `${name}=${value}`);
        const answer = await send<T>(method, path, { body, from, cookies, app });
        for (const line of answer.setCookies) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return answer;
      },
    };
  };

  let counter = 0;
  /** A new account, registered in-process by a browser of its own. */
  const newAccount = async (name: string) => {
    counter += 1;
    const email = `${name}${counter}@bakery.example`;
    const answer = await send<UserData>('POST', '/register', {
      body: { email, password: PASSWORD, firstname: 'Dana', lastname: 'Reyes', company: `Bakery ${counter}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { email, id: answer.body.data.uuid };
  };

  const signIn = (who: ReturnType<typeof browser>, email: string, password = PASSWORD) =>
    who.send<UserData>('POST', '/login', { email, password });

  /** 50 wrong passwords from 11 addresses: under every per-address limit, at the account's ceiling. */
  const lockAccount = async (email: string, network: string) => {
    for (let i = 0; i < 50; i++) {
      const guess = await send('POST', '/login', {
        body: { email, password: `guess ${i}` },
        from: `${network}.${i % 11}`,
      });
      expect(guess.status).toBe(422);
    }
    const stranger = await signIn(browser(`${network}.200`), email);
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/^This account has had too many failed sign-ins\./);
  };

  const mailsTo = async (email: string, kind: 'password-reset' | 'sign-in-link') => {
    await h.background.settled();
    const rows = await h.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, kind)));
    return rows.length;
  };

  /** The link of the latest e-mail of a kind to an address. */
  const latestLink = async (email: string, kind: string) => {
    await h.background.settled();
    const [mail] = await h.database.db
      .select({ link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return new URL(mail?.link ?? 'http://x/');
  };

  /** 20 requests for each kind of e-mail from 5 addresses: more than the recipient's ceiling. */
  const floodMail = async (email: string, network: string) => {
    for (let i = 0; i < 20; i++) {
      const from = `${network}.${i % 5}`;
      expect((await send('POST', '/forgotpassword', { body: { email }, from })).status).toBe(200);
      expect((await send('POST', '/login/link', { body: { email }, from })).status).toBe(200);
    }
    expect(await mailsTo(email, 'password-reset')).toBe(10);
    expect(await mailsTo(email, 'sign-in-link')).toBe(10);
  };

  const deviceCookieLine = (setCookies: string[]) => setCookies.find((line) => line.startsWith(`${DEVICE}=`));

  it('lets the owner’s browser sign in and get its mail after 50 failures from 11 addresses and 20 resets from 5', async () => {
    const { email } = await newAccount('probe');
    const owner = browser('203.0.113.10');
    expect((await signIn(owner, email)).status).toBe(200);
    expect(owner.jar.has(DEVICE)).toBe(true);

    await lockAccount(email, '192.0.2');
    await floodMail(email, '198.51.100');
    // Without a device cookie the owner, even at home, is a stranger: locked out, and no mail goes.
    const cookieless = browser('203.0.113.10');
    expect((await signIn(cookieless, email)).status).toBe(429);
    await cookieless.send('POST', '/login/link', { email });
    await cookieless.send('POST', '/forgotpassword', { email });
    expect(await mailsTo(email, 'sign-in-link')).toBe(10);
    expect(await mailsTo(email, 'password-reset')).toBe(10);

    // The owner's browser holds a device cookie and no dashboard cookie.
    const signedIn = await signIn(owner, email);
    expect(signedIn.status, signedIn.body.message).toBe(200);
    expect(signedIn.body.data.email).toBe(email);
    expect((await owner.send('POST', '/login/link', { email })).status).toBe(200);
    expect(await mailsTo(email, 'sign-in-link')).toBe(11);
    expect((await owner.send('POST', '/forgotpassword', { email })).status).toBe(200);
    expect(await mailsTo(email, 'password-reset')).toBe(11);
    // The link it was sent signs it in.
    const link = await latestLink(email, 'sign-in-link');
    expect(
      (await owner.send('GET', `/login/create?hydrate=1&code=${link.searchParams.get('code')}`)).status,
    ).toBe(200);
  });

  it('gives a device cookie its own mail ceiling, which it cannot pass either', async () => {
    const { email } = await newAccount('ceiling');
    const owner = browser('203.0.113.12');
    expect((await signIn(owner, email)).status).toBe(200);
    for (let i = 0; i < 7; i++) {
      expect((await owner.send('POST', '/login/link', { email })).status).toBe(200);
    }
    expect(await mailsTo(email, 'sign-in-link')).toBe(5);
    // It did not use up the recipient's ceiling for everyone else.
    for (let i = 0; i < 3; i++) await send('POST', '/login/link', { body: { email }, from: '198.51.100.77' });
    expect(await mailsTo(email, 'sign-in-link')).toBe(8);
  });

  it('ignores a device cookie whose content was changed, forged or left unsigned', async () => {
    const attacker = await newAccount('attacker');
    const victim = await newAccount('victim');
    const theirs = browser('192.0.2.90');
    expect((await signIn(theirs, attacker.email)).status).toBe(200);
    await lockAccount(victim.email, '198.18.1');

    const [payload = '', signature = ''] = decodeURIComponent(theirs.jar.get(DEVICE) ?? '').split('.');
    const entries = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { a: string }[];
    expect(entries.map((entry) => entry.a)).toEqual([attacker.id]);
    // The attacker's own cookie, made to name the victim's account, keeps the attacker's signature.
    const renamed = Buffer.from(JSON.stringify([{ ...entries[0], a: victim.id }])).toString('base64url');
    const forgedSignature = createHmac('sha256', 'a key of the attacker’s').update(renamed).digest('base64');
    for (const cookie of [`${renamed}.${signature}`, `${renamed}.${forgedSignature}`, renamed]) {
      const tried = await send('POST', '/login', {
        body: { email: victim.email, password: PASSWORD },
        from: '192.0.2.90',
        cookies: [`${DEVICE}=${encodeURIComponent(cookie)}`],
      });
      expect(tried.status).toBe(429);
    }
  });

  it('counts a device cookie only for the account it names', async () => {
    const mine = await newAccount('mine');
    const other = await newAccount('other');
    const shared = browser('203.0.113.20');
    expect((await signIn(shared, mine.email)).status).toBe(200);
    await lockAccount(other.email, '198.18.2');
    await floodMail(mine.email, '198.18.3');
    await floodMail(other.email, '198.18.3');
    expect((await signIn(shared, other.email)).status).toBe(429);
    for (const email of [mine.email, other.email]) {
      await shared.send('POST', '/login/link', { email });
      await shared.send('POST', '/forgotpassword', { email });
    }
    expect(await mailsTo(mine.email, 'sign-in-link')).toBe(11);
    expect(await mailsTo(mine.email, 'password-reset')).toBe(11);
    expect(await mailsTo(other.email, 'sign-in-link')).toBe(10);
    expect(await mailsTo(other.email, 'password-reset')).toBe(10);
  });

  it('locks out a device cookie past its own limit of failures, and not the owner’s other browsers', async () => {
    const { email, id } = await newAccount('stolen');
    const stolen = browser('192.0.2.150');
    const laptop = browser('203.0.113.30');
    expect((await signIn(stolen, email)).status).toBe(200);
    expect((await signIn(laptop, email)).status).toBe(200);
    const before = logged.length;

    for (let i = 0; i < 10; i++) expect((await signIn(stolen, email, `guess ${i}`)).status).toBe(422);
    // Later, after the first failures have aged half out of the window, the limit is reached.
    clock.advance(30 * MINUTE);
    const refused = await signIn(stolen, email, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many failed sign-ins from this browser. Try again in 60 minutes, or reset your password.',
    );
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await signIn(stolen, email)).status).toBe(429);
    const warned = logged.slice(before).map((line) => JSON.parse(line) as { msg: string; userId?: string });
    expect(warned.filter((line) => line.msg.includes('locked out'))).toEqual([
      expect.objectContaining({ userId: id }),
    ]);

    // The owner's other browser, and anyone's from that address, are held by their own limits only.
    expect((await signIn(laptop, email)).status).toBe(200);
    expect((await signIn(browser('192.0.2.150'), email)).status).toBe(200);

    // The lockout lasts its window from when it was put on, though the failures have left theirs.
    clock.advance(31 * MINUTE);
    const stillLocked = await signIn(stolen, email);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe(String(29 * 60));
    clock.advance(29 * MINUTE);
    expect((await signIn(stolen, email)).status).toBe(200);
  });

  it('is left by every way of signing in, as an HttpOnly cookie the storefront never sees', async () => {
    const owner = browser('203.0.113.50');
    const email = `everyway${Date.now().toString(36)}@bakery.example`;
    const answers: { route: string; setCookies: string[]; drops: DroppedCookie[] }[] = [];
    const record = (route: string, answer: Awaited<ReturnType<typeof send>>) => {
      expect(answer.status, `${route}: ${answer.body.message}`).toBe(200);
      answers.push({ route, setCookies: answer.setCookies, drops: answer.body.meta.drop_cookies });
    };

    const registered = await owner.send<UserData>('POST', '/register', {
      email,
      password: PASSWORD,
      firstname: 'Ana',
      lastname: 'Ruiz',
      company: 'Every Way Bakery',
    });
    record('registration', registered);
    record('password', await signIn(owner, email));

    await owner.send('POST', '/login/link', { email });
    const link = await latestLink(email, 'sign-in-link');
    record(
      'e-mailed link',
      await owner.send('GET', `/login/create?hydrate=1&code=${link.searchParams.get('code')}`),
    );

    await owner.send('POST', '/forgotpassword', { email });
    const reset = await latestLink(email, 'password-reset');
    record(
      'password reset',
      await owner.send('POST', '/resetpassword', {
        tok: reset.searchParams.get('tok'),
        resetcode: reset.searchParams.get('resetcode'),
        password: 'a new long password',
        password_confirmation: 'a new long password',
      }),
    );

    const colleague = `colleague${Date.now().toString(36)}@bakery.example`;
    const signedIn = await signIn(owner, email, 'a new long password');
    const invited = await h.app.request('/api/v1/team/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.body.data.token}` },
      body: JSON.stringify({ email: colleague, role: 'member' }),
    });
    expect(invited.status).toBe(200);
    const invitation = await latestLink(colleague, 'colleague-invite');
    record(
      'invitation',
      await browser('203.0.113.51').send('POST', '/colleague/create', {
        uuid: invitation.searchParams.get('uuid'),
        coid: invitation.searchParams.get('coid'),
        firstname: 'Tess',
        lastname: 'Team',
        email: colleague,
        password: PASSWORD,
      }),
    );

    for (const { route, setCookies, drops } of answers) {
      const line = deviceCookieLine(setCookies);
      expect(line, route).toMatch(
        /^adlane_device=[\w%-]+\.[\w%]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      expect(
        drops.map((drop) => drop.name),
        route,
      ).not.toContain(DEVICE);
    }
    // A browser keeps its own entry once, with a new nonce each sign-in.
    const values = answers.slice(0, 4).map(({ setCookies }) => deviceCookieLine(setCookies));
    expect(new Set(values).size).toBe(4);

    // No log line carries a device cookie or its nonce.
    const nonces = answers.flatMap(({ setCookies }) => {
      const value = decodeURIComponent(
        deviceCookieLine(setCookies)
          ?.split(';')[0]
          ?.slice(DEVICE.length + 1) ?? '',
      );
      const [payload = ''] = value.split('.');
      const entries = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { n: string }[];
      return [value, payload, ...entries.map((entry) => entry.n)];
    });
    const log = logged.join('\n');
    for (const secret of nonces) expect(log).not.toContain(secret);
  });

  it('keeps the device cookies of up to five accounts in one browser, dropping the longest unused', async () => {
    const shared = browser('203.0.113.60');
    const accounts = [];
    for (let i = 0; i < 6; i++) accounts.push(await newAccount('shared'));
    for (const account of accounts) expect((await signIn(shared, account.email)).status).toBe(200);
    const [first, second] = accounts;
    await lockAccount(first?.email ?? '', '198.18.4');
    await lockAccount(second?.email ?? '', '198.18.5');
    expect((await signIn(shared, first?.email ?? '')).status).toBe(429);
    expect((await signIn(shared, second?.email ?? '')).status).toBe(200);
  });

  it('stops counting a device cookie a year after its sign-in', async () => {
    const { email } = await newAccount('yearly');
    const owner = browser('203.0.113.70');
    expect((await signIn(owner, email)).status).toBe(200);
    // Just before the year is out it still counts; just after, the recipient's ceiling holds it too.
    clock.advance(365 * DAY - 10 * MINUTE);
    await floodMail(email, '198.18.6');
    await owner.send('POST', '/login/link', { email });
    expect(await mailsTo(email, 'sign-in-link')).toBe(11);
    clock.advance(10 * MINUTE);
    await owner.send('POST', '/forgotpassword', { email });
    expect(await mailsTo(email, 'password-reset')).toBe(10);
  });

  it('is Secure when the public address is https', async () => {
    const secure = await open({ clock: clock.now, env: { PUBLIC_URL: 'https://adlane.example' } });
    try {
      const answer = await send('POST', '/register', {
        app: secure.app,
        body: {
          email: 'secure@bakery.example',
          password: PASSWORD,
          firstname: 'S',
          lastname: 'Ecure',
          company: 'S',
        },
      });
      expect(deviceCookieLine(answer.setCookies)).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await secure.close();
    }
  });
});
