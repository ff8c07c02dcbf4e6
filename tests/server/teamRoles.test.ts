import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnswer, UserData } from '../../contract/auth';
import type { AssignableRole, Role } from '../../contract/roles';
import { colleagueInvites, companies, invoices, outbox, users } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';

/*
 * The README's permission table (issue 17), cell by cell: one company with an owner, an admin and a
 * member; each row is tried by each of them, on a fresh target where the action changes something.
 */

const PASSWORD = 'correct horse battery';
type Who = Role;
const WHO: readonly Who[] = ['owner', 'admin', 'member'];

describe.each(DRIVERS)('team roles on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock();
  const call = caller(() => h);
  let tokens: Record<Who, string>;
  let ids: Record<Who, string>;
  let invoice = '';
  let joined = 0;

  /** Any method, with a JSON body (the shop's caller has GET and POST only). */
  const send = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await h.app.request(`/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: { message?: string; errors?: Record<string, string>; data?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // A PDF: its status says enough.
    }
    return { status: response.status, body: parsed };
  };

  /** An invitation sent by the owner: its public id and the secret of its link. */
  const invite = async (role: AssignableRole) => {
    joined += 1;
    const email = `team.${role}.${joined}.${Date.now().toString(36)}@shop.example`;
    const sent = await call('POST', '/team/invite', { token: tokens.owner, body: { email, role } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await h.background.settled();
    const [row] = await h.database.db
      .select({ uuid: colleagueInvites.uuid, id: colleagueInvites.publicId })
      .from(colleagueInvites)
      .where(eq(colleagueInvites.email, email));
    if (!row) throw new Error('The invitation was not stored.');
    // The inviter is told its public id, never the secret its link carries.
    expect(sent.body.data).toEqual({ id: row.id });
    return { email, ...row };
  };

  /** Someone who joined from an invitation's e-mailed link, signed in. */
  const join = async (role: AssignableRole, owner = tokens.owner) => {
    joined += 1;
    const email = `joined.${role}.${joined}.${Date.now().toString(36)}@shop.example`;
    const sent = await call('POST', '/team/invite', { token: owner, body: { email, role } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await h.background.settled();
    const [mail] = await h.database.db
      .select({ link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'colleague-invite')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = new URL(mail?.link ?? 'http://x/');
    const created = await call<UserData>('POST', '/colleague/create', {
      body: {
        uuid: link.searchParams.get('uuid'),
        coid: link.searchParams.get('coid'),
        firstname: 'Tess',
        lastname: `Team${joined}`,
        email,
        password: PASSWORD,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.role).toBe(role);
    return { token: created.body.data.token, uuid: created.body.data.uuid, email };
  };

  beforeAll(async () => {
    // The table sends many invitations from one owner: more than a person's hourly allowance.
    h = await open({ clock: clock.now, env: { LIMIT_INVITE_PER_ACCOUNT: '1000/1h' } });
    const owner = await customer(call, 'Roles & Co');
    tokens = { owner: owner.token, admin: '', member: '' };
    const me = await call<UserData>('GET', '/me', { token: owner.token });
    expect(me.body.data.role).toBe('owner');
    ids = { owner: me.body.data.uuid, admin: '', member: '' };
    const admin = await join('admin');
    const member = await join('member');
    tokens.admin = admin.token;
    tokens.member = member.token;
    ids.admin = admin.uuid;
    ids.member = member.uuid;
    const tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const number = onlyNumber(
      await placeOrders(call, tokens.owner, [{ mediacode: tv, dates: ['2027-01-25'], quantity: 5 }]),
    );
    const detail = await call<{ invoice: { number: string } | null }>('GET', `/orders/${number}`, {
      token: tokens.owner,
    });
    invoice = detail.body.data.invoice?.number ?? '';
    expect(invoice).toMatch(/^INV-27-\d{6,}$/);
  });
  afterAll(async () => {
    await h.close();
  });

  /** A row of the table: what the action answers for each role (its setup runs first, per cell). */
  const TABLE: ReadonlyArray<
    [
      action: string,
      allowed: Record<Who, boolean>,
      run: (
        token: string,
      ) => Promise<{ status: number; body: { message?: string; errors?: Record<string, string> } }>,
    ]
  > = [
    ['see the team', { owner: true, admin: true, member: true }, (t) => send('GET', '/team', t)],
    [
      'list orders',
      { owner: true, admin: true, member: true },
      (t) => send('GET', '/orders?status=upcoming', t),
    ],
    [
      'edit their own profile',
      { owner: true, admin: true, member: true },
      (t) => send('PATCH', '/me', t, { phone: '(312) 555-0100' }),
    ],
    ['list invoices', { owner: true, admin: true, member: false }, (t) => send('GET', '/invoices', t)],
    [
      'open an invoice',
      { owner: true, admin: true, member: false },
      (t) => send('GET', `/invoices/${invoice}`, t),
    ],
    [
      'download its PDF',
      { owner: true, admin: true, member: false },
      (t) => send('GET', `/invoices/${invoice}.pdf`, t),
    ],
    [
      'read the billing contact',
      { owner: true, admin: true, member: false },
      (t) => send('GET', '/billing/contact', t),
    ],
    [
      'save the billing contact',
      { owner: true, admin: true, member: false },
      (t) => send('PUT', '/billing/contact', t, BILLING),
    ],
    [
      'invite',
      { owner: true, admin: true, member: false },
      (t) =>
        send('POST', '/team/invite', t, {
          email: `cell.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@shop.example`,
        }),
    ],
    [
      'cancel an invitation',
      { owner: true, admin: true, member: false },
      async (t) => send('POST', `/team/invitations/${(await invite('member')).id}/cancel`, t),
    ],
    [
      'send an invitation again',
      { owner: true, admin: true, member: false },
      async (t) => send('POST', `/team/invitations/${(await invite('member')).id}/resend`, t),
    ],
    [
      'change someone’s role',
      { owner: true, admin: true, member: false },
      async (t) => send('POST', `/team/members/${(await join('member')).uuid}/role`, t, { role: 'admin' }),
    ],
    [
      'remove someone',
      { owner: true, admin: true, member: false },
      async (t) => send('POST', `/team/members/${(await join('member')).uuid}/remove`, t),
    ],
    // Issue 30, part 4: the company's card and automatic payment.
    [
      'read the card and automatic payment',
      { owner: true, admin: true, member: false },
      (t) => send('GET', '/billing/payment', t),
    ],
    [
      'turn automatic payment off',
      { owner: true, admin: true, member: false },
      (t) => send('PUT', '/billing/payment', t, { auto_pay: false }),
    ],
    [
      'remove the saved card',
      { owner: true, admin: true, member: false },
      (t) => send('DELETE', '/billing/card', t),
    ],
  ];

  for (const [action, allowed, run] of TABLE) {
    for (const who of WHO) {
      it(`${who}: ${action} → ${allowed[who] ? 'allowed' : 'refused'}`, async () => {
        const answer = await run(tokens[who]);
        if (allowed[who]) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(403);
          expect(answer.body.message).toMatch(/owner or an admin/);
        }
      });
    }
  }

  it('pay an invoice: the owner and admins, and members only once the owner lets members pay (issue 30)', async () => {
    // This server takes no cards, so those allowed get past the permission to a 409 that says so.
    const paying = async (who: Who) => (await send('POST', `/invoices/${invoice}/pay`, tokens[who])).status;
    expect([await paying('owner'), await paying('admin'), await paying('member')]).toEqual([409, 409, 403]);
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice));
    await h.database.db
      .update(companies)
      .set({ membersMayPay: true })
      .where(eq(companies.id, row?.companyId ?? 0));
    try {
      expect(await paying('member')).toBe(409);
      expect((await send('GET', `/invoices/${invoice}`, tokens.member)).status).toBe(200);
      expect((await send('GET', '/billing/contact', tokens.member)).status).toBe(403);
    } finally {
      await h.database.db
        .update(companies)
        .set({ membersMayPay: false })
        .where(eq(companies.id, row?.companyId ?? 0));
    }
  });

  it.each(WHO)(
    '%s: renaming the company is for the owner and admins (a member is told on the field)',
    async (who) => {
      const answer = await send('PATCH', '/me', tokens[who], { company: `Roles & Co (${who})` });
      if (who === 'member') {
        expect(answer.status).toBe(422);
        expect((answer.body.data as { errors: Record<string, string> }).errors.company).toMatch(
          /Only the owner or an admin can rename/,
        );
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect((answer.body.data as UserData).company).toBe(`Roles & Co (${who})`);
      }
    },
  );

  it('an admin acts on neither the owner nor themselves; nobody changes their own role or removes themselves', async () => {
    for (const [token, target] of [
      [tokens.admin, ids.owner],
      [tokens.admin, ids.admin],
      [tokens.owner, ids.owner],
    ] as const) {
      const role = await send('POST', `/team/members/${target}/role`, token, { role: 'member' });
      expect(role.status, JSON.stringify(role.body)).toBe(409);
      const removed = await send('POST', `/team/members/${target}/remove`, token);
      expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    }
    const [owner] = await h.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, ids.owner));
    expect(owner?.role).toBe('owner');
  });

  it('no role can be set to owner, and another company’s people are not found', async () => {
    const target = await join('member');
    const owner = await send('POST', `/team/members/${target.uuid}/role`, tokens.owner, { role: 'owner' });
    expect(owner.status).toBe(422);
    const stranger = await customer(call, 'Elsewhere Inc');
    // The owner of another company manages a team, but finds nobody of this one.
    const elsewhere = await send('POST', `/team/members/${target.uuid}/remove`, stranger.token);
    expect(elsewhere.status).toBe(404);
    const otherOwner = await send('POST', `/team/members/${target.uuid}/role`, stranger.token, {
      role: 'admin',
    });
    expect(otherOwner.status).toBe(404);
    const theirInvoice = await send('GET', `/invoices/${invoice}`, stranger.token);
    expect(theirInvoice.status).toBe(404);
    const stillThere = await send('GET', '/me', target.token);
    expect((stillThere.body.data as UserData).role).toBe('member');
  });

  it('a removed person is signed out at once and cannot sign in again', async () => {
    const gone = await join('member');
    expect((await send('GET', '/me', gone.token)).status).toBe(200);
    const removed = await send('POST', `/team/members/${gone.uuid}/remove`, tokens.admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await send('GET', '/me', gone.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Unauthenticated.');
    const login = await call('POST', '/login', { body: { email: gone.email, password: PASSWORD } });
    expect(login.status).not.toBe(200);
  });

  it('GET /team gives roles and invitations by an id that is not the secret of their link', async () => {
    const open = await invite('admin');
    const team = await send('GET', '/team', tokens.member);
    const answer = team.body.data as TeamAnswer;
    expect(answer.your_role).toBe('member');
    expect(answer.members.find((m) => m.uuid === ids.owner)?.role).toBe('owner');
    expect(answer.members.find((m) => m.uuid === ids.admin)?.role).toBe('admin');
    const shown = answer.invites.find((i) => i.email === open.email);
    expect(shown?.id).toBe(open.id);
    expect(shown?.role).toBe('admin');
    expect(JSON.stringify(answer)).not.toContain(open.uuid);
  });

  it('a cancelled invitation’s link stops working; one sent again works 14 days from then', async () => {
    const cancelled = await invite('member');
    expect((await send('POST', `/team/invitations/${cancelled.id}/cancel`, tokens.admin)).status).toBe(200);
    const [company] = await h.database.db
      .select({ coid: colleagueInvites.companyId })
      .from(colleagueInvites)
      .where(eq(colleagueInvites.uuid, cancelled.uuid));
    expect(company).toBeDefined();
    const link = await h.database.db
      .select({ link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, cancelled.email), eq(outbox.kind, 'colleague-invite')));
    const coid = new URL(link[0]?.link ?? 'http://x/').searchParams.get('coid');
    const validate = await call('POST', '/colleague/validate', { body: { uuid: cancelled.uuid, coid } });
    expect(validate.status).toBe(410);
    expect(validate.body.message).toMatch(/cancelled/);
    expect((await send('POST', `/team/invitations/${cancelled.id}/resend`, tokens.owner)).status).toBe(404);

    const resent = await invite('member');
    // Half a day on (the sign-ins of the test last a day).
    clock.set('2027-01-11T21:00:00Z');
    try {
      expect((await send('POST', `/team/invitations/${resent.id}/resend`, tokens.owner)).status).toBe(200);
      const team = (await send('GET', '/team', tokens.owner)).body.data as TeamAnswer;
      expect(team.invites.find((i) => i.id === resent.id)?.expires_at).toBe('2027-01-25T21:00:00.000Z');
    } finally {
      clock.set('2027-01-11T09:00:00Z');
    }
  });

  it('only the owner hands the company over; then there is still exactly one owner, and the old one is an admin', async () => {
    const boss = await customer(call, 'Handover LLC');
    const heir = await join('member', boss.token);
    const deputy = await join('admin', boss.token);
    const byAdmin = await send('POST', '/team/owner', deputy.token, { uuid: heir.uuid });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toMatch(/Only the owner/);
    expect((await send('POST', '/team/owner', heir.token, { uuid: heir.uuid })).status).toBe(403);
    const handed = await send('POST', '/team/owner', boss.token, { uuid: heir.uuid });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const team = (await send('GET', '/team', heir.token)).body.data as TeamAnswer;
    expect(team.your_role).toBe('owner');
    expect(team.members.filter((m) => m.role === 'owner').map((m) => m.uuid)).toEqual([heir.uuid]);
    expect(team.members.find((m) => m.email === deputy.email)?.role).toBe('admin');
    const former = (await send('GET', '/me', boss.token)).body.data as UserData;
    expect(former.role).toBe('admin');
    // The former owner may no longer hand it on.
    expect((await send('POST', '/team/owner', boss.token, { uuid: deputy.uuid })).status).toBe(403);
  });
});
