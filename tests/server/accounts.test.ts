import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxMessage, type UserData, userData } from '../../contract/auth';
import type { DroppedCookie } from '../../contract/envelope';
import { authTokens, users } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';

interface Answer<T = unknown> {
  success: boolean;
  data: T;
  meta: { drop_cookies: DroppedCookie[] };
  message: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(DRIVERS)('accounts API on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock();

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; token?: string; form?: boolean } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
      body = options.form
        ? new URLSearchParams(options.body as Record<string, string>).toString()
        : JSON.stringify(options.body);
    }
    const response = await h.app.request(`/api/v1${path}`, { method, headers, body });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer<T> };
  };

  let counter = 0;
  const newAccount = async (overrides: Record<string, string> = {}) => {
    counter += 1;
    const fields = {
      email: `buyer${counter}@bakery.example`,
      password: 'correct horse battery',
      firstname: 'Dana',
      lastname: 'Reyes',
      company: `Reyes Bakery ${counter}`,
      ...overrides,
    };
    const answer = await call<UserData>('POST', '/register', { body: fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refresh =
      answer.body.meta.drop_cookies.find((c) => c.name === 'adlane_dashboard_token')?.value ?? '';
    return { ...fields, user: answer.body.data, token: answer.body.data.token, refresh };
  };

  const outbox = async (to: string) =>
    (
      await call<OutboxMessage[]>(
        'GET',
        `/dev/outbox?to=${encodeURIComponent(to)}&key=${h.config.outboxKey ?? ''}`,
      )
    ).body.data;
  /** Account e-mails are sent after the answer (so answers do not reveal accounts): wait for them. */
  const mailOf = async (to: string, kind: string) => {
    await h.background.settled();
    const mail = (await outbox(to)).find((m) => m.kind === kind);
    if (!mail) throw new Error(`No ${kind} e-mail to ${to}`);
    return mail;
  };

  describe('registration', () => {
    it('creates the account and its company, signs in, and sets the shared dashboard cookie', async () => {
      const account = await newAccount({ source: 'Podcast', rep_name: 'Jordan' });
      expect(userData.parse(account.user)).toMatchObject({
        fullname: 'Dana Reyes',
        company: account.company,
        email: account.email,
        cart_uuid: null,
        avatar: null,
      });
      expect(account.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(account.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await h.database.db.select().from(users).where(sql`${users.email} = ${account.email}`);
      expect(row).toMatchObject({ source: 'Podcast', repName: 'Jordan' });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // The welcome e-mail goes after the answer.
      await h.background.settled();
      expect((await outbox(account.email)).map((m) => m.kind)).toEqual(['welcome']);
    });

    it('accepts form fields as well as JSON, and e-mail addresses in any case', async () => {
      const answer = await call<UserData>('POST', '/register', {
        form: true,
        body: {
          email: '  Form.Buyer@Example.COM ',
          password: 'a long enough password',
          firstname: 'Ari',
          lastname: 'Lo',
          company: 'Lo & Co',
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.email).toBe('form.buyer@example.com');
      const again = await call('POST', '/register', {
        body: {
          email: 'FORM.BUYER@example.com',
          password: 'another long password',
          firstname: 'A',
          lastname: 'B',
          company: 'C',
        },
      });
      expect(again.status).toBe(422);
      expect(again.body.data).toEqual({ errors: { email: expect.stringContaining('already exists') } });
    });

    it('answers 422 with a message for each field that is wrong', async () => {
      const answer = await call('POST', '/register', {
        body: { email: 'not-an-email', password: 'short', firstname: '', company: 'x'.repeat(121) },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        success: false,
        message: 'Please check the highlighted fields.',
        data: {
          errors: {
            email: 'Enter an e-mail address like name@company.com.',
            password: 'Use at least 10 characters.',
            firstname: 'Enter your first name.',
            lastname: 'Enter your last name.',
            company: 'Keep your company name under 120 characters.',
          },
        },
      });
    });

    it('answers 400 for a body that is not JSON or form fields', async () => {
      const response = await h.app.request('/api/v1/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{nope',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
    });
  });

  describe('tokens', () => {
    it('are stored only as hashes', async () => {
      const account = await newAccount();
      const rows = await h.database.db.select({ hash: authTokens.tokenHash }).from(authTokens);
      expect(rows.some((r) => r.hash === account.token || r.hash === account.refresh)).toBe(false);
    });

    it('authenticate GET /me until the auth time-out, then answer 401 Unauthenticated.', async () => {
      const account = await newAccount();
      const me = await call<UserData>('GET', '/me', { token: account.token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ uuid: account.user.uuid, token: account.token });

      for (const token of [undefined, 'garbage', account.refresh]) {
        const denied = await call('GET', '/me', { token });
        expect(denied.status).toBe(401);
        expect(denied.body.message).toBe('Unauthenticated.');
      }

      clock.advance(DAY - 1000);
      expect((await call('GET', '/me', { token: account.token })).status).toBe(200);
      clock.advance(1000);
      expect((await call('GET', '/me', { token: account.token })).status).toBe(401);
    });

    it('refresh from the dashboard cookie into a new access token and a new cookie; an unknown cookie is dropped', async () => {
      const account = await newAccount();
      clock.advance(DAY + 1);
      const refreshed = await call<UserData>('GET', '/login/refresh', { token: account.refresh });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.data.token).not.toBe(account.token);
      expect((await call('GET', '/me', { token: refreshed.body.data.token })).status).toBe(200);
      const [cookie] = refreshed.body.meta.drop_cookies;
      expect(cookie).toMatchObject({ name: 'adlane_dashboard_token', days: 30 });
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.value).not.toBe(account.refresh);

      const unknown = await call('GET', '/login/refresh', { token: 'not-a-real-refresh-token' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.meta.drop_cookies).toEqual([{ name: 'adlane_dashboard_token', value: null }]);
    });

    it('are revoked by signing out, with the dashboard cookie they came from', async () => {
      const account = await newAccount();
      const out = await call('POST', '/logout', { token: account.token });
      expect(out.status).toBe(200);
      expect(out.body.meta.drop_cookies).toEqual([{ name: 'adlane_dashboard_token', value: null }]);
      expect((await call('GET', '/me', { token: account.token })).status).toBe(401);
      expect((await call('GET', '/login/refresh', { token: account.refresh })).status).toBe(401);
      expect((await call('POST', '/logout', { token: account.token })).status).toBe(401);
    });

    it('adopt an anonymous cart on GET /me?cart=, once', async () => {
      const account = await newAccount();
      const cart = '0b5c0f6e-7d1a-4b7e-9a43-0f3f8e2a1c55';
      expect(
        (await call<UserData>('GET', `/me?cart=${cart}`, { token: account.token })).body.data.cart_uuid,
      ).toBe(cart);
      const other = '2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
      expect(
        (await call<UserData>('GET', `/me?cart=${other}`, { token: account.token })).body.data.cart_uuid,
      ).toBe(cart);
      expect((await call('GET', '/me?cart=nope', { token: account.token })).status).toBe(400);
    });
  });

  describe('signing in', () => {
    it('signs in with the right password and refuses a wrong one with a field message', async () => {
      const account = await newAccount();
      const wrong = await call('POST', '/login', {
        body: { email: account.email, password: 'wrong password!' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.data).toEqual({
        errors: { password: 'That e-mail and password do not match an account.' },
      });
      const right = await call<UserData>('POST', '/login', {
        body: { email: account.email.toUpperCase(), password: account.password },
      });
      expect(right.status).toBe(200);
      expect(right.body.data.uuid).toBe(account.user.uuid);
      expect(right.body.meta.drop_cookies[0]).toMatchObject({ name: 'adlane_dashboard_token', days: 30 });
    });

    it('answers 429 with Retry-After after 5 failures for one account within 15 minutes', async () => {
      const account = await newAccount();
      for (let i = 0; i < 5; i++) {
        expect(
          (await call('POST', '/login', { body: { email: account.email, password: `wrong ${i}` } })).status,
        ).toBe(422);
        clock.advance(MINUTE);
      }
      const locked = await call('POST', '/login', {
        body: { email: account.email, password: account.password },
      });
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBe(10 * 60);
      expect(locked.body.message).toContain('Try again in 10 minutes');

      const other = await newAccount();
      expect(
        (await call('POST', '/login', { body: { email: other.email, password: other.password } })).status,
      ).toBe(200);

      clock.advance(retryAfter * 1000);
      expect(
        (await call('POST', '/login', { body: { email: account.email, password: account.password } })).status,
      ).toBe(200);
    });

    it('counts wrong passwords sent at the same moment: no more than 5 are ever checked', async () => {
      const account = await newAccount();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('POST', '/login', { body: { email: account.email, password: `guess ${i}` } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    });

    it('answers the same for an unknown e-mail as for a wrong password', async () => {
      const unknown = await call('POST', '/login', {
        body: { email: 'nobody@nowhere.example', password: 'whatever password' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.data).toEqual({
        errors: { password: 'That e-mail and password do not match an account.' },
      });
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists, and e-mails only real accounts', async () => {
      const account = await newAccount();
      const known = await call('POST', '/forgotpassword', { body: { email: account.email } });
      const unknown = await call('POST', '/forgotpassword', { body: { email: 'ghost@nowhere.example' } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect((await mailOf(account.email, 'password-reset')).kind).toBe('password-reset');
      expect(await outbox('ghost@nowhere.example')).toEqual([]);
    });

    it('changes the password once with a link, ends every sign-in, and refuses the link again', async () => {
      const account = await newAccount();
      await call('POST', '/forgotpassword', { body: { email: account.email } });
      const mail = await mailOf(account.email, 'password-reset');
      const link = new URL(mail.link ?? '');
      expect(link.pathname).toBe('/reset-password');
      const tok = link.searchParams.get('tok') ?? '';
      const resetcode = link.searchParams.get('resetcode') ?? '';

      const verify = await call('GET', `/resetverify?tok=${tok}&resetcode=${resetcode}`);
      expect(verify.body).toMatchObject({ success: true, data: { email: account.email } });
      expect((await call('GET', `/resetverify?tok=${tok}&resetcode=${'x'.repeat(43)}`)).status).toBe(404);

      const mismatch = await call('POST', '/resetpassword', {
        body: { tok, resetcode, password: 'a brand new password', password_confirmation: 'something else' },
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.data).toEqual({
        errors: { password_confirmation: 'The two passwords are not the same.' },
      });

      const reset = await call('POST', '/resetpassword', {
        body: {
          tok,
          resetcode,
          password: 'a brand new password',
          password_confirmation: 'a brand new password',
        },
      });
      expect(reset.status).toBe(200);
      expect((await call('GET', '/me', { token: account.token })).status).toBe(401);
      expect(
        (await call('POST', '/login', { body: { email: account.email, password: account.password } })).status,
      ).toBe(422);
      expect(
        (await call('POST', '/login', { body: { email: account.email, password: 'a brand new password' } }))
          .status,
      ).toBe(200);

      const again = await call('POST', '/resetpassword', {
        body: {
          tok,
          resetcode,
          password: 'yet another password',
          password_confirmation: 'yet another password',
        },
      });
      expect(again.status).toBe(410);
      expect(again.body.message).toContain('already used');
    });

    it('ends pending sign-in links when the password is reset', async () => {
      const account = await newAccount();
      await call('POST', '/login/link', { body: { email: account.email } });
      const signInLink = new URL((await mailOf(account.email, 'sign-in-link')).link ?? '');
      await call('POST', '/forgotpassword', { body: { email: account.email } });
      const reset = new URL((await mailOf(account.email, 'password-reset')).link ?? '');
      const tok = reset.searchParams.get('tok') ?? '';
      const resetcode = reset.searchParams.get('resetcode') ?? '';
      await call('POST', '/resetpassword', {
        body: {
          tok,
          resetcode,
          password: 'a brand new password',
          password_confirmation: 'a brand new password',
        },
      });
      expect((await call('GET', `/login/create${signInLink.search}`)).status).toBe(410);
    });

    it('sends at most 3 reset e-mails an hour to one address, with the same answer every time', async () => {
      const account = await newAccount();
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push((await call('POST', '/forgotpassword', { body: { email: account.email } })).body);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      // The e-mails go after the answers: once that work is done, a fourth or fifth would be there.
      await h.background.settled();
      expect((await outbox(account.email)).map((m) => m.kind).sort()).toEqual([
        'password-reset',
        'password-reset',
        'password-reset',
        'welcome',
      ]);
    });

    it('puts the configured public URL in links, whatever Host the request names', async () => {
      const account = await newAccount();
      await h.app.request('/api/v1/forgotpassword', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'attacker.example' },
        body: JSON.stringify({ email: account.email }),
      });
      expect((await mailOf(account.email, 'password-reset')).link).toMatch(
        /^http:\/\/localhost:3000\/reset-password\?/,
      );
    });

    it('expires reset links after an hour', async () => {
      const account = await newAccount();
      await call('POST', '/forgotpassword', { body: { email: account.email } });
      const link = new URL((await mailOf(account.email, 'password-reset')).link ?? '');
      clock.advance(60 * MINUTE + 1);
      const expired = await call('GET', `/resetverify?${link.searchParams.toString()}`);
      expect(expired.status).toBe(410);
      expect(expired.body.message).toContain('expired');
    });
  });

  describe('one-time sign-in links', () => {
    it('e-mail a hydrate=1 link whose code creates a session once', async () => {
      const account = await newAccount();
      const sent = await call('POST', '/login/link', { body: { email: account.email } });
      expect(sent.status).toBe(200);
      const link = new URL((await mailOf(account.email, 'sign-in-link')).link ?? '');
      expect(link.searchParams.get('hydrate')).toBe('1');
      const created = await call<UserData>('GET', `/login/create${link.search}`);
      expect(created.status).toBe(200);
      expect(created.body.data.uuid).toBe(account.user.uuid);
      expect(created.body.meta.drop_cookies[0]?.name).toBe('adlane_dashboard_token');
      expect((await call('GET', `/login/create${link.search}`)).status).toBe(410);
      expect((await call('GET', `/login/create?code=${link.searchParams.get('code')}`)).status).toBe(400);
    });
  });

  describe('colleagues', () => {
    it('are invited by e-mail, validate the link, create their account in the same company, and show on the team', async () => {
      const owner = await newAccount();
      const invited = await call('POST', '/team/invite', {
        token: owner.token,
        body: { email: 'New.Colleague@Bakery.example', firstname: 'Sam' },
      });
      expect(invited.status).toBe(200);
      const mail = await mailOf('new.colleague@bakery.example', 'colleague-invite');
      expect(mail.subject).toBe('You are invited to join your team on Adlane');
      expect(mail.body).toContain(`Dana invited you to buy advertising with ${owner.company} on Adlane.`);
      const link = new URL(mail.link ?? '');
      const uuid = link.searchParams.get('uuid') ?? '';
      const coid = link.searchParams.get('coid') ?? '';

      const valid = await call('POST', '/colleague/validate', { body: { uuid, coid } });
      expect(valid.body).toMatchObject({
        success: true,
        data: { email: 'new.colleague@bakery.example', firstname: 'Sam', company: owner.company },
      });
      const wrongCompany = await call('POST', '/colleague/validate', {
        body: { uuid, coid: '00000000-0000-4000-8000-000000000000' },
      });
      expect(wrongCompany.status).toBe(404);
      expect((await call('POST', '/colleague/validate', { body: { uuid: 'nope', coid } })).status).toBe(400);

      const created = await call<UserData>('POST', '/colleague/create', {
        body: {
          uuid,
          coid,
          firstname: 'Sam',
          lastname: 'Okafor',
          email: 'new.colleague@bakery.example',
          password: 'colleague password',
        },
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ company: owner.company, fullname: 'Sam Okafor' });

      const team = await call<{ members: Array<{ email: string; you: boolean }>; invites: unknown[] }>(
        'GET',
        '/team',
        { token: owner.token },
      );
      expect(team.body.data.members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: owner.email, you: true }),
          expect.objectContaining({ email: 'new.colleague@bakery.example', you: false }),
        ]),
      );
      expect(team.body.data.invites).toEqual([]);
      expect((await call('POST', '/colleague/validate', { body: { uuid, coid } })).status).toBe(410);
    });

    it('cannot be invited twice, and invitations expire after 14 days', async () => {
      const owner = await newAccount();
      const teammate = 'teammate@bakery.example';
      await call('POST', '/team/invite', { token: owner.token, body: { email: teammate } });
      const link = new URL((await mailOf(teammate, 'colleague-invite')).link ?? '');
      await call('POST', '/colleague/create', {
        body: {
          ...Object.fromEntries(link.searchParams),
          firstname: 'Tea',
          lastname: 'Mate',
          email: teammate,
          password: 'teammate password',
        },
      });
      const again = await call('POST', '/team/invite', { token: owner.token, body: { email: teammate } });
      expect(again.status).toBe(422);
      expect(again.body.data).toEqual({ errors: { email: `${teammate} is already on your team.` } });

      // Whether an address has an account with another company is not told to anyone.
      const elsewhere = await newAccount();
      expect(
        (await call('POST', '/team/invite', { token: owner.token, body: { email: elsewhere.email } })).status,
      ).toBe(200);

      await call('POST', '/team/invite', { token: owner.token, body: { email: 'late@bakery.example' } });
      const late = new URL((await mailOf('late@bakery.example', 'colleague-invite')).link ?? '');
      clock.advance(14 * DAY + 1);
      const expired = await call('POST', '/colleague/validate', {
        body: Object.fromEntries(late.searchParams),
      });
      expect(expired.status).toBe(410);
      expect(expired.body.message).toContain('expired');
    });

    it('must use the address the invitation was sent to, and one invitation makes one account, even at once', async () => {
      const owner = await newAccount();
      await call('POST', '/team/invite', { token: owner.token, body: { email: 'once@bakery.example' } });
      const params = Object.fromEntries(
        new URL((await mailOf('once@bakery.example', 'colleague-invite')).link ?? '').searchParams,
      );
      const other = await call('POST', '/colleague/create', {
        body: {
          ...params,
          firstname: 'O',
          lastname: 'Nce',
          email: 'someone.else@bakery.example',
          password: 'a long password',
        },
      });
      expect(other.status).toBe(422);
      expect(other.body.data).toEqual({
        errors: { email: 'Use the address the invitation was sent to: once@bakery.example.' },
      });

      const join = () =>
        call('POST', '/colleague/create', {
          body: {
            ...params,
            firstname: 'O',
            lastname: 'Nce',
            email: 'once@bakery.example',
            password: 'a long password',
          },
        });
      const statuses = (await Promise.all([join(), join(), join()])).map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The others lose the race: 410 when they see the invitation used, 422 when they see the
      // account it made first (which one each sees depends on how the three interleave).
      for (const status of statuses.filter((s) => s !== 200)) expect([410, 422]).toContain(status);
    });

    it('are limited to 20 invitations an hour per customer', async () => {
      const owner = await newAccount();
      const sent = [];
      for (let i = 0; i < 21; i++)
        sent.push(
          (
            await call('POST', '/team/invite', {
              token: owner.token,
              body: { email: `bulk${i}@bakery.example` },
            })
          ).status,
        );
      expect(sent.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(sent[20]).toBe(429);
    });

    it('need a signed-in customer to invite or list the team', async () => {
      expect((await call('GET', '/team')).status).toBe(401);
      expect((await call('POST', '/team/invite', { body: { email: 'x@y.example' } })).status).toBe(401);
    });
  });

  describe('changing the password while signed in', () => {
    it('needs the current password, ends other sign-ins and keeps this one with new tokens', async () => {
      const account = await newAccount();
      const elsewhere = await call<UserData>('POST', '/login', {
        body: { email: account.email, password: account.password },
      });
      const wrong = await call('POST', '/me/password', {
        token: account.token,
        body: {
          current_password: 'not it',
          password: 'a fresh password!',
          password_confirmation: 'a fresh password!',
        },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.data).toEqual({ errors: { current_password: 'That is not your current password.' } });

      const changed = await call<UserData>('POST', '/me/password', {
        token: account.token,
        body: {
          current_password: account.password,
          password: 'a fresh password!',
          password_confirmation: 'a fresh password!',
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.meta.drop_cookies[0]?.name).toBe('adlane_dashboard_token');
      expect((await call('GET', '/me', { token: changed.body.data.token })).status).toBe(200);
      expect((await call('GET', '/me', { token: account.token })).status).toBe(401);
      expect((await call('GET', '/me', { token: elsewhere.body.data.token })).status).toBe(401);
      expect(
        (await call('POST', '/login', { body: { email: account.email, password: 'a fresh password!' } }))
          .status,
      ).toBe(200);
    });
  });

  it('hides the outbox when it is not exposed (production)', async () => {
    const production = await open({ env: { NODE_ENV: 'production' } });
    const response = await production.app.request('/api/v1/dev/outbox');
    expect(response.status).toBe(404);
    await production.close();
  });
});
