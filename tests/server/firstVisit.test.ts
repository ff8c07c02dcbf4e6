import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, settableClock, signIn } from './orderShop';
import { caller, register } from './shop';

/*
 * Issue 28, point 8: the user data says whether this is the person's first visit (the sign-in their
 * account was made with, on its first day), so the pages greet a newcomer with "Welcome", not
 * "Welcome back".
 */
describe.each(DRIVERS)('first visits on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00Z');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const me = async (token: string) => (await call<UserData>('GET', '/me', { token })).body.data;

  it('is the sign-in an account was made with, during its first day', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const { token, user } = await register(call);
    expect(user.first_visit).toBe(true);
    clock.set('2027-01-11T20:00:00Z');
    expect((await me(token)).first_visit).toBe(true);

    // Signing in again is coming back, even on the same day; the first sign-in stays the first visit.
    const again = await signIn(call, user.email);
    expect((await me(again)).first_visit).toBe(false);
    expect((await me(token)).first_visit).toBe(true);
  });

  it('ends with the account’s first day, in the same sign-in too', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const registered = await call<UserData>('POST', '/register', {
      body: {
        email: `first.${Date.now().toString(36)}@shop.example`,
        password: 'correct horse battery',
        firstname: 'Kim',
        lastname: 'Lee',
        company: 'Lee Florist',
      },
    });
    const refresh = registered.body.meta.drop_cookies.find((cookie) => cookie.value !== null)?.value ?? '';
    clock.set('2027-01-12T09:00:00Z');
    const next = await call<UserData>('GET', '/login/refresh', { token: refresh });
    expect(next.status).toBe(200);
    expect(next.body.data.first_visit).toBe(false);
  });

  it('greets a colleague who has just joined as new too', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const owner = await customer(call);
    const colleague = await colleagueOf(h, call, owner, 'first');
    expect(colleague.user.first_visit).toBe(true);
    expect((await me(colleague.token)).first_visit).toBe(true);
    expect((await me(owner.token)).first_visit).toBe(true);
  });
});
