import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enrolment, StaffList, StaffSession } from '../../contract/staff';
import { staffSetupToken } from '../../server/admin/setup';
import { outbox, serverKeys, staff } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';
import { caller, register } from './shop';
import { adminCall, STAFF_PASSWORD, staffSession, totpCode } from './staffFixtures';

const FROM = '203.0.113.7';
const PASSWORD = 'a long staff password 31';
const REFUSED = 'That e-mail, password and code do not match a staff account.';

const secretOf = (otpauth: string) => new URL(otpauth).searchParams.get('secret') ?? '';

describe.each(DRIVERS)('staff accounts and sign-in on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock('2027-01-11T09:00:10Z');
  const call = caller(() => h);
  let setupToken = '';
  let adminSecret = '';

  const login = (email: string, password: string, code: string) =>
    adminCall<StaffSession>(h, 'POST', '/login', { body: { email, password, code }, from: FROM });

  beforeAll(async () => {
    h = await open({ clock: clock.now, env: { PUBLIC_URL: 'https://ads.example' } });
    setupToken = (await staffSetupToken(h.database.db)) ?? '';
  });
  afterAll(() => h.close());

  it('makes the first admin from the setup link and answers the authenticator URI once', async () => {
    expect(setupToken).not.toBe('');
    const wrong = await adminCall(h, 'POST', '/setup', {
      body: { token: 'not-it', email: 'first@ads.example', name: 'First', password: PASSWORD },
    });
    expect(wrong.status).toBe(403);

    const first = await adminCall<Enrolment>(h, 'POST', '/setup', {
      body: { token: setupToken, email: 'first@ads.example', name: 'First Admin', password: PASSWORD },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Lost before scanning: the link is used again and replaces the admin it made. The body
    // has no name: the e-mail's local part stands for it.
    const again = await adminCall<Enrolment>(h, 'POST', '/setup', {
      body: { token: setupToken, email: 'dana@ads.example', password: PASSWORD },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const uri = new URL(again.body.data?.otpauth ?? '');
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Adlane');
    expect(decodeURIComponent(uri.pathname)).toContain('dana@ads.example');
    adminSecret = secretOf(again.body.data?.otpauth ?? '');
    expect(adminSecret).toMatch(/^[A-Z2-7]{32}$/);
    const rows = await h.database.db
      .select({ email: staff.email, role: staff.role, name: staff.name })
      .from(staff);
    expect(rows).toEqual([{ email: 'dana@ads.example', role: 'admin', name: 'dana' }]);
  });

  it('signs in with password and code for 8 hours, and never takes one code twice', async () => {
    const now = clock.now();
    const code = await totpCode(adminSecret, now);
    const wrongPassword = await login('dana@ads.example', 'not the password', code);
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.data?.errors).toEqual({ code: REFUSED });

    const signedIn = await login('dana@ads.example', PASSWORD, code);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data?.expires_at).toBe(new Date(now.getTime() + 8 * 3_600_000).toISOString());
    expect(signedIn.body.data?.staff).toMatchObject({ email: 'dana@ads.example', role: 'admin' });
    const token = signedIn.body.data?.token ?? '';
    expect((await adminCall(h, 'GET', '/me', { token })).body.data).toMatchObject({
      email: 'dana@ads.example',
    });

    const replayed = await login('dana@ads.example', PASSWORD, code);
    expect(replayed.status).toBe(422);
    expect(replayed.body.data?.errors).toEqual({ code: REFUSED });
    const old = await totpCode(adminSecret, new Date(now.getTime() - 60_000));
    expect((await login('dana@ads.example', PASSWORD, old)).status).toBe(422);

    clock.advance(8 * 3_600_000 - 1000);
    expect((await adminCall(h, 'GET', '/me', { token })).status).toBe(200);
    clock.advance(2000);
    const expired = await adminCall(h, 'GET', '/me', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Sign in to the back office.');
  });

  it('ends the setup link at the first enrolment', async () => {
    const used = await adminCall(h, 'POST', '/setup', {
      body: { token: setupToken, email: 'late@ads.example', name: 'Late', password: PASSWORD },
    });
    expect(used.status).toBe(410);
    expect(used.body.message).toBe('Setup is done: sign in at /admin/login.');
    expect(await staffSetupToken(h.database.db)).toBeNull();
    const keys = await h.database.db.select().from(serverKeys).where(eq(serverKeys.name, 'staff-setup'));
    expect(keys).toEqual([]);
  });

  it('signs out: the token is refused at once', async () => {
    clock.advance(60_000);
    const token = (await login('dana@ads.example', PASSWORD, await totpCode(adminSecret, clock.now()))).body
      .data?.token;
    expect((await adminCall(h, 'POST', '/logout', { token })).status).toBe(200);
    expect((await adminCall(h, 'GET', '/me', { token })).status).toBe(401);
  });

  it('locks an e-mail out after five failures from one address, right code or not, until the window passes', async () => {
    clock.advance(60_000);
    for (let i = 0; i < 5; i += 1)
      expect((await login('dana@ads.example', 'wrong', '123456')).status).toBe(422);
    const locked = await login('dana@ads.example', PASSWORD, await totpCode(adminSecret, clock.now()));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/^Too many failed sign-ins for this account\. Try again in .+\.$/);
    clock.advance(15 * 60_000);
    const after = await login('dana@ads.example', PASSWORD, await totpCode(adminSecret, clock.now()));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });

  it('invites by e-mail; the link makes the account and answers its enrolment, once', async () => {
    const admin = await staffSession(h, 'admin', { now: clock.now() });
    const sent = await adminCall(h, 'POST', '/staff/invites', {
      token: admin.token,
      body: { email: 'Pat@Ads.example', role: 'production' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await h.background.settled();
    const [mail] = await h.database.db
      .select({ link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, 'pat@ads.example'), eq(outbox.kind, 'staff-invite')))
      .orderBy(desc(outbox.id));
    expect(mail?.link).toMatch(/^https:\/\/ads\.example\/admin\/join\?token=/);
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';

    const view = await adminCall(h, 'GET', `/join?token=${encodeURIComponent(token)}`);
    expect(view.body.data).toMatchObject({ email: 'pat@ads.example', role: 'production' });
    const joined = await adminCall<Enrolment>(h, 'POST', '/join', {
      body: { token, name: 'Pat Production', password: PASSWORD },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data?.otpauth).toMatch(/^otpauth:\/\/totp\//);
    expect(
      (await adminCall(h, 'POST', '/join', { body: { token, name: 'Again', password: PASSWORD } })).status,
    ).toBe(404);
    const secret = secretOf(joined.body.data?.otpauth ?? '');
    const pat = await login('pat@ads.example', PASSWORD, await totpCode(secret, clock.now()));
    expect(pat.body.data?.staff.role).toBe('production');

    // The join body has no name: the invitation's e-mail's local part stands for it.
    await adminCall(h, 'POST', '/staff/invites', {
      token: admin.token,
      body: { email: 'sam@ads.example', role: 'rep' },
    });
    await h.background.settled();
    const [samMail] = await h.database.db
      .select({ link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, 'sam@ads.example'), eq(outbox.kind, 'staff-invite')));
    const samToken = new URL(samMail?.link ?? '').searchParams.get('token') ?? '';
    const sam = await adminCall(h, 'POST', '/join', { body: { token: samToken, password: PASSWORD } });
    expect(sam.status, JSON.stringify(sam.body)).toBe(200);
    const [samRow] = await h.database.db
      .select({ name: staff.name })
      .from(staff)
      .where(eq(staff.email, 'sam@ads.example'));
    expect(samRow?.name).toBe('sam');
  });

  it('refuses a disabled person, and ends their sessions when they are disabled', async () => {
    const admin = await staffSession(h, 'admin', { now: clock.now() });
    const rep = await staffSession(h, 'rep', { now: clock.now() });
    const disabled = await adminCall<StaffList[number]>(h, 'PATCH', `/staff/${rep.staff.id}`, {
      token: admin.token,
      body: { disabled: true },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data?.disabled).toBe(true);
    expect((await adminCall(h, 'GET', '/me', { token: rep.token })).status).toBe(401);
    const refused = await login(rep.staff.email, STAFF_PASSWORD, await totpCode(rep.totpSecret, clock.now()));
    expect(refused.status).toBe(422);
    expect(refused.body.data?.errors).toEqual({ code: REFUSED });
  });

  it('keeps one admin: the last enabled admin cannot be demoted or disabled', async () => {
    const actor = await staffSession(h, 'admin', { now: clock.now() });
    const list = await adminCall<StaffList>(h, 'GET', '/staff', { token: actor.token });
    const others = (list.body.data ?? []).filter(
      (s) => s.role === 'admin' && !s.disabled && s.id !== actor.staff.id,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      const off = await adminCall(h, 'PATCH', `/staff/${other.id}`, {
        token: actor.token,
        body: { disabled: true },
      });
      expect(off.status).toBe(200);
    }
    for (const change of [{ role: 'rep' }, { disabled: true }]) {
      const refused = await adminCall(h, 'PATCH', `/staff/${actor.staff.id}`, {
        token: actor.token,
        body: change,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Admin Tester is the last admin: make someone else an admin first, so the back office keeps one.',
      );
    }
    const rep = await staffSession(h, 'rep', { now: clock.now() });
    const forbidden = await adminCall(h, 'GET', '/staff', { token: rep.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Reps cannot manage staff: only admins can, so ask an admin.');
  });

  it('keeps one admin when the last two demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await Promise.all([
        staffSession(h, 'admin', { now: clock.now() }),
        staffSession(h, 'admin', { now: clock.now() }),
      ]);
      const enabledAdmins = async () =>
        (await h.database.db.select().from(staff)).filter((s) => s.role === 'admin' && s.disabledAt === null);
      for (const other of await enabledAdmins())
        if (other.id !== first.staff.id && other.id !== second.staff.id)
          await h.database.db.update(staff).set({ disabledAt: clock.now() }).where(eq(staff.id, other.id));
      const answers = await Promise.all([
        adminCall(h, 'PATCH', `/staff/${second.staff.id}`, { token: first.token, body: { role: 'rep' } }),
        adminCall(h, 'PATCH', `/staff/${first.staff.id}`, { token: second.token, body: { role: 'rep' } }),
      ]);
      // One demotion goes through; the other is refused (409), or finds its own session ended (401).
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200 && status !== 409 && status !== 401)).toEqual([]);
      expect(await enabledAdmins()).toHaveLength(1);
    }
  });

  it('keeps customers and staff apart: neither token works on the other side', async () => {
    const shopper = await register(call);
    expect((await adminCall(h, 'GET', '/me', { token: shopper.token })).status).toBe(401);
    const member = await staffSession(h, 'admin', { now: clock.now() });
    expect((await call('GET', '/me', { token: member.token })).status).toBe(401);
  });
});
