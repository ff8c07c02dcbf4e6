import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnswer, UserData } from '../../contract/auth';
import { outbox } from '../../server/db/schema';
import { planReminders, sendDueReminders } from '../../server/files/reminders';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, detailOf, onlyNumber, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * Issue 28, points 13 and 22: a colleague removed from the team stays a former member. Their name
 * stays on what they did, they cannot sign in to the company any more (and are told why), and the
 * reminders of the orders they placed go to the company's owner and admins.
 */

const PASSWORD = 'correct horse battery';

describe.each(DRIVERS)('former members on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  /** An order of the March 2027 issue of Chicago's first magazine (its ad due 29 January). */
  const marchIssue = async (token: string) =>
    onlyNumber(await placeOrders(call, token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]));

  const remove = async (owner: { token: string }, uuid: string) => {
    const removed = await call('POST', `/team/members/${uuid}/remove`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  };

  it('keeps a removed colleague’s name on their orders and lists them apart from the team', async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call, 'Harbor Dental');
    const colleague = await colleagueOf(h, call, owner, 'kept');
    const number = await marchIssue(colleague.token);
    clock.set('2027-01-11T15:30:00');
    await remove(owner, colleague.user.uuid);

    const team = (await call<TeamAnswer>('GET', '/team', { token: owner.token })).body.data;
    expect(team.members.map((m) => m.fullname)).toEqual(['Sam Shopper']);
    expect(team.former).toEqual([
      {
        uuid: colleague.user.uuid,
        fullname: 'Cole League',
        email: colleague.email,
        removed_at: new Date('2027-01-11T15:30:00').toISOString(),
      },
    ]);
    const detail = await detailOf(call, owner.token, number);
    expect(detail.placed_by).toEqual({ name: 'Cole League', email: colleague.email, former: true });
    // No longer someone the team can act on.
    const again = await call('POST', `/team/members/${colleague.user.uuid}/remove`, { token: owner.token });
    expect(again.status).toBe(404);
  });

  it('cancels the invitations a removed colleague sent, and says so', async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call, 'Bayside Dental');
    const admin = await colleagueOf(h, call, owner, 'inviter', { role: 'admin' });
    for (const email of ['one.invitee@shop.example', 'two.invitee@shop.example']) {
      const invited = await call('POST', '/team/invite', {
        token: admin.token,
        body: { email, role: 'member' },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    }
    const ownInvite = await call('POST', '/team/invite', {
      token: owner.token,
      body: { email: 'owners.invitee@shop.example', role: 'member' },
    });
    expect(ownInvite.status).toBe(200);

    const removed = await call('POST', `/team/members/${admin.user.uuid}/remove`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe(
      'Cole League is removed from the team and signed out everywhere; their name stays on what they did. The 2 invitations they sent are cancelled: invite again whoever should still join.',
    );
    const team = (await call<TeamAnswer>('GET', '/team', { token: owner.token })).body.data;
    expect(team.invites.map((i) => i.email)).toEqual(['owners.invitee@shop.example']);
  });

  it('signs a removed colleague out everywhere, telling them why, and refuses their password', async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call, 'Lakeview Dental');
    const colleague = await colleagueOf(h, call, owner, 'signed-out');
    await remove(owner, colleague.user.uuid);

    const me = await call('GET', '/me', { token: colleague.token });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('Unauthenticated.');
    expect(me.body.meta.access_removed).toEqual({ company: 'Lakeview Dental' });

    const refreshed = await call('GET', '/login/refresh', { token: colleague.refresh });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.message).toBe(
      'Your access to Lakeview Dental was removed, so you are signed out. To get it back, ask its owner or an admin to invite you again.',
    );
    expect(refreshed.body.meta.access_removed).toEqual({ company: 'Lakeview Dental' });

    const login = await call('POST', '/login', { body: { email: colleague.email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/^Your access to Lakeview Dental was removed/);
    // A wrong password says no more than it says for anyone.
    const wrong = await call('POST', '/login', {
      body: { email: colleague.email, password: 'not it at all' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({
      errors: { password: 'That e-mail and password do not match an account.' },
    });
    // Someone else's ended sign-in is not told about a company.
    const stranger = await customer(call);
    await call('POST', '/logout', { token: stranger.token });
    const signedOut = await call('GET', '/me', { token: stranger.token });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.meta.access_removed).toBeUndefined();
  });

  it('lets a removed colleague come back when invited again, and their address start a company of its own', async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call, 'Birch Clinic');
    const back = await colleagueOf(h, call, owner, 'back');
    const number = await marchIssue(back.token);
    const elsewhere = await colleagueOf(h, call, owner, 'elsewhere');
    await remove(owner, back.user.uuid);
    await remove(owner, elsewhere.user.uuid);

    const rejoined = await colleagueOf(h, call, owner, 'back', { email: back.email });
    expect(rejoined.user.uuid).toBe(back.user.uuid);
    const team = (await call<TeamAnswer>('GET', '/team', { token: owner.token })).body.data;
    expect(team.members.map((m) => m.email)).toContain(back.email);
    expect(team.former.map((f) => f.email)).toEqual([elsewhere.email]);
    expect((await detailOf(call, owner.token, number)).placed_by?.former).toBe(false);

    const registered = await call<UserData>('POST', '/register', {
      body: {
        email: elsewhere.email,
        password: PASSWORD,
        firstname: 'Cole',
        lastname: 'League',
        company: 'League Print',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.data.company).toBe('League Print');
  });

  it('sends the reminders of a removed colleague’s orders to the owner and admins who keep them on', async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call, 'Pine Dental');
    const admin = await colleagueOf(h, call, owner, 'admin', { role: 'admin' });
    const quiet = await colleagueOf(h, call, owner, 'quiet', { role: 'admin' });
    const off = await h.app.request('/api/v1/me', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${quiet.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ad_reminders: false }),
    });
    expect(off.status).toBe(200);
    const buyer = await colleagueOf(h, call, owner, 'buyer');
    const number = await marchIssue(buyer.token);
    await remove(owner, buyer.user.uuid);

    clock.set('2027-01-22T09:00:00');
    await planReminders(h.database.db, clock.now());
    await sendDueReminders({
      db: h.database.db,
      config: h.config,
      clock: clock.now,
      transport: null,
      jobs: h.jobs,
    });
    const reminders = await h.database.db
      .select({ to: outbox.toEmail, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.kind, 'ad-reminder')));
    const forOrder = reminders.filter((mail) => mail.body.includes(number));
    expect(forOrder.map((mail) => mail.to).sort()).toEqual([owner.email, admin.email].sort());
    expect(forOrder[0]?.body).toContain(
      `(order ${number}, placed by Cole League, who has left your team), is due in 7 days`,
    );
  });
});
