import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { DroppedCookie } from '../../contract/envelope';
import { hashSecret } from '../../server/auth/secrets';
import { authTokens } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';

interface Answer<T = unknown> {
  success: boolean;
  data: T;
  meta: { drop_cookies: DroppedCookie[] };
  message: string;
}

const SECOND = 1000;
const DAY = 86_400_000;
const PASSWORD = 'correct horse battery';
const DROPPED = [{ name: 'adlane_dashboard_token', value: null }];

describe.each(DRIVERS)('refresh tokens on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock();

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const call = async <T = unknown>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await h.app.request(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };

  /** The access token and the dashboard cookie an answer signs in with. */
  const signInOf = (answer: { body: Answer<UserData> }) => ({
    access: answer.body.data.token,
    refresh: answer.body.meta.drop_cookies.find((c) => c.name === 'adlane_dashboard_token')?.value ?? '',
  });

  let counter = 0;
  const newAccount = async () => {
    counter += 1;
    const email = `rotate${counter}@bakery.example`;
    const answer = await call<UserData>('POST', '/register', undefined, {
      email,
      password: PASSWORD,
      firstname: 'Dana',
      lastname: 'Reyes',
      company: 'Reyes Bakery',
    });
    expect(answer.status).toBe(200);
    return { email, ...signInOf(answer) };
  };

  const refresh = (token: string) => call<UserData>('GET', '/login/refresh', token);
  const me = async (access: string) => (await call('GET', '/me', access)).status;

  it('answer a new refresh token on every refresh, in the dashboard cookie, and end the one presented', async () => {
    const account = await newAccount();
    const first = await refresh(account.refresh);
    expect(first.status).toBe(200);
    const next = signInOf(first);
    expect(next.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.refresh).not.toBe(account.refresh);
    expect(first.body.meta.drop_cookies).toEqual([
      { name: 'adlane_dashboard_token', value: next.refresh, days: 30 },
    ]);
    expect(await me(next.access)).toBe(200);

    // The next refresh uses the new cookie, and again gets a new one.
    const second = await refresh(next.refresh);
    expect(second.status).toBe(200);
    expect(signInOf(second).refresh).not.toBe(next.refresh);

    // Stored: one family, each token replacing the one before it.
    const rows = await h.database.db
      .select({
        hash: authTokens.tokenHash,
        family: authTokens.family,
        parentId: authTokens.parentId,
        id: authTokens.id,
        replacedAt: authTokens.replacedAt,
      })
      .from(authTokens)
      .where(eq(authTokens.kind, 'refresh'));
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    const chain = [account.refresh, next.refresh, signInOf(second).refresh].map((t) =>
      byHash.get(hashSecret(t)),
    );
    expect(new Set(chain.map((r) => r?.family)).size).toBe(1);
    expect(chain.map((r) => r?.parentId)).toEqual([null, chain[0]?.id, chain[1]?.id]);
    expect(chain.map((r) => r?.replacedAt !== null)).toEqual([true, true, false]);
  });

  it('end the whole sign-in when a replaced token comes back after the grace window', async () => {
    const account = await newAccount();
    const rotated = signInOf(await refresh(account.refresh));
    const later = signInOf(await refresh(rotated.refresh));
    clock.advance(21 * SECOND);
    // Someone presents the first cookie again: a copy. Everything of that sign-in ends.
    const reused = await refresh(account.refresh);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('Your sign-in has ended. Please sign in again.');
    expect(reused.body.meta.drop_cookies).toEqual(DROPPED);
    expect((await refresh(later.refresh)).status).toBe(401);
    for (const access of [account.access, rotated.access, later.access]) expect(await me(access)).toBe(401);

    // Other sign-ins of the same account go on.
    const elsewhere = signInOf(
      await call<UserData>('POST', '/login', undefined, { email: account.email, password: PASSWORD }),
    );
    expect(await me(elsewhere.access)).toBe(200);
    expect((await refresh(elsewhere.refresh)).status).toBe(200);
  });

  it('keep tabs that refresh at the same moment signed in (a grace window of 20 seconds)', async () => {
    const account = await newAccount();
    // Three tabs read the same cookie and refresh at once.
    const answers = await Promise.all([
      refresh(account.refresh),
      refresh(account.refresh),
      refresh(account.refresh),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const tabs = answers.map(signInOf);
    expect(new Set(tabs.map((t) => t.refresh)).size).toBe(3);
    for (const tab of tabs) expect(await me(tab.access)).toBe(200);

    // A tab that comes back 19 seconds later with the old cookie is still a tab of this browser.
    clock.advance(19 * SECOND);
    const late = await refresh(account.refresh);
    expect(late.status).toBe(200);
    // Whichever new cookie the browser kept goes on working.
    for (const tab of tabs) expect((await refresh(tab.refresh)).status).toBe(200);

    clock.advance(2 * SECOND);
    expect((await refresh(account.refresh)).status).toBe(401);
    expect(await me(signInOf(late).access)).toBe(401);
  });

  it('trade a replaced token for a few successors at most, so a copy replayed within the grace mints nothing more', async () => {
    const account = await newAccount();
    const first = await refresh(account.refresh);
    expect(first.status).toBe(200);
    // Three more tabs with the old cookie within the grace: a browser's tabs, answered.
    for (let i = 0; i < 3; i++) expect((await refresh(account.refresh)).status).toBe(200);
    // A fifth trade is no tab: refused, and the sign-in goes on for the tabs that have their tokens.
    const replayed = await refresh(account.refresh);
    expect(replayed.status).toBe(401);
    expect(await me(signInOf(first).access)).toBe(200);
    expect((await refresh(signInOf(first).refresh)).status).toBe(200);
  });

  it('still end with signing out (every token of the sign-in) and with a password change (every sign-in)', async () => {
    const account = await newAccount();
    const rotated = signInOf(await refresh(account.refresh));
    const out = await call('POST', '/logout', rotated.access);
    expect(out.body.meta.drop_cookies).toEqual(DROPPED);
    expect((await refresh(rotated.refresh)).status).toBe(401);
    expect(await me(account.access)).toBe(401);

    const a = signInOf(
      await call<UserData>('POST', '/login', undefined, { email: account.email, password: PASSWORD }),
    );
    const b = signInOf(
      await call<UserData>('POST', '/login', undefined, { email: account.email, password: PASSWORD }),
    );
    const bRotated = signInOf(await refresh(b.refresh));
    const changed = await call<UserData>('POST', '/me/password', a.access, {
      current_password: PASSWORD,
      password: 'a fresh password!',
      password_confirmation: 'a fresh password!',
    });
    expect(changed.status).toBe(200);
    expect((await refresh(bRotated.refresh)).status).toBe(401);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(signInOf(changed).refresh)).status).toBe(200);
  });

  it('expire 30 days after the last refresh, and refuse unknown tokens', async () => {
    const account = await newAccount();
    clock.advance(29 * DAY);
    const renewed = signInOf(await refresh(account.refresh));
    clock.advance(29 * DAY);
    const again = await refresh(renewed.refresh);
    expect(again.status).toBe(200);
    clock.advance(30 * DAY);
    expect((await refresh(signInOf(again).refresh)).status).toBe(401);
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    expect((await call('GET', '/login/refresh')).status).toBe(401);
  });
});
