import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyDetail,
  type CompanyRow,
  companyDetail,
  companyRow,
} from '../../contract/adminCompanies';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import type { CheckoutTerms } from '../../contract/checkoutTerms';
import { envelope } from '../../contract/envelope';
import { type StaffList, staffCan } from '../../contract/staff';
import { ADMIN_ROUTES } from '../../contract/staffRoutes';
import { auditLog, companies, invoices, orders, outbox, staff, users } from '../../server/db/schema';
import { insertRunFile } from '../support/fileRows';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';
import { adminCall, staffSession } from './staffFixtures';

/*
 * The back office's customers (issue 32, points 1, 2 and 5): companies with search and paging, a
 * company's page, its terms and rep (audited), resending an invitation, disabling and enabling a
 * person, the rep a registration is attributed to, what a rep may see, and the checkout obeying the
 * terms. Chicago's first TV station sells the week of Jan 25, 2027.
 */
const PLACED = '2027-01-11T09:00:00Z';
const WEEK = '2027-01-25';
const PASSWORD = 'correct horse battery';

describe.each(DRIVERS)('the back office’s customers on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock(PLACED);
  const call = caller(() => h);
  const tokens: Record<'admin' | 'production' | 'repA' | 'repB', string> = {
    admin: '',
    production: '',
    repA: '',
    repB: '',
  };
  const ids: Record<'repA' | 'repB', string> = { repA: '', repB: '' };

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const now = clock.now();
    tokens.admin = (await staffSession(h, 'admin', { now })).token;
    tokens.production = (await staffSession(h, 'production', { now })).token;
    for (const [key, code] of [
      ['repA', 'alice'],
      ['repB', 'bob'],
    ] as const) {
      const made = await staffSession(h, 'rep', { now });
      tokens[key] = made.token;
      ids[key] = made.staff.id;
      await h.database.db.update(staff).set({ repCode: code }).where(eq(staff.id, made.staff.id));
    }
  });
  afterAll(async () => {
    await h.close();
  });

  const admin = <T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    as: keyof typeof tokens = 'admin',
    body?: unknown,
  ) => adminCall<T>(h, method, path, { token: tokens[as], body });

  /** A new company registered with `repCode` carried, its owner signed in. */
  const registerWith = async (name: string, repCode?: string) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 6)}@shop.example`;
    const answer = await call<UserData>('POST', '/register', {
      body: {
        email,
        password: PASSWORD,
        firstname: 'Owen',
        lastname: 'Owner',
        company: name,
        ...(repCode ? { rep_name: repCode } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await h.database.db
      .select({ coid: companies.coid, id: companies.id })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .where(eq(users.email, email));
    return { token: answer.body.data.token, email, coid: row?.coid ?? '', companyId: row?.id ?? 0 };
  };

  const detail = async (coid: string, as: keyof typeof tokens = 'admin'): Promise<CompanyDetail> => {
    const answer = await admin<CompanyDetail>('GET', `/companies/${coid}`, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(companyDetail).parse(answer.body).data;
  };

  const list = async (query: string, as: keyof typeof tokens = 'admin') => {
    const answer = await admin<CompanyRow[]>('GET', `/companies?${query}`, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(companyRow.array()).parse(answer.body);
  };

  it('attributes a new company to the enabled rep whose code the visitor carried, in any case, and keeps an unknown code', async () => {
    const alices = await registerWith('Attributed Alpha', 'ALICE');
    const unknown = await registerWith('Attributed Unknown', 'nobody.here');
    const none = await registerWith('Attributed None');
    const [a, u, n] = await Promise.all([detail(alices.coid), detail(unknown.coid), detail(none.coid)]);
    expect([a.rep?.id, a.rep_code]).toEqual([ids.repA, 'ALICE']);
    expect([u.rep, u.rep_code]).toEqual([null, 'nobody.here']);
    expect([n.rep, n.rep_code]).toEqual([null, null]);
    // New companies start on the operator's default (net 30 without a limit here).
    expect([a.payment_terms, a.credit_limit]).toEqual(['net30', null]);
  });

  it('lets an admin give a rep a code, kept lower-cased and unique, audited', async () => {
    const rep = await staffSession(h, 'rep', { now: clock.now() });
    const set = await admin<StaffList[number]>('PATCH', `/staff/${rep.staff.id}`, 'admin', {
      rep_code: ' J.Smith ',
    });
    expect([set.status, set.body.data?.rep_code]).toEqual([200, 'j.smith']);
    const company = await registerWith('Coded Co', 'J.SMITH');
    expect((await detail(company.coid)).rep?.id).toBe(rep.staff.id);
    const taken = await admin('PATCH', `/staff/${ids.repA}`, 'admin', { rep_code: 'j.smith' });
    expect([taken.status, taken.body.message]).toEqual([
      409,
      'The rep code j.smith is another rep’s already: choose another.',
    ]);
    const production = await staffSession(h, 'production', { now: clock.now() });
    expect(
      (await admin('PATCH', `/staff/${production.staff.id}`, 'admin', { rep_code: 'prod' })).status,
    ).toBe(422);
    const bad = await admin('PATCH', `/staff/${rep.staff.id}`, 'admin', { rep_code: 'no spaces' });
    expect(bad.status).toBe(422);
    expect(bad.body.data?.errors?.rep_code).toMatch(/letters, digits/);
    const cleared = await admin<StaffList[number]>('PATCH', `/staff/${rep.staff.id}`, 'admin', {
      rep_code: '',
    });
    expect(cleared.body.data?.rep_code).toBeNull();
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'staff'), eq(auditLog.recordId, rep.staff.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect([entry?.before, entry?.after]).toMatchObject([{ rep_code: 'j.smith' }, { rep_code: null }]);
  });

  it('joining an existing company changes nothing of it', async () => {
    const company = await registerWith('Joined Co', 'bob');
    await colleagueOf(h, call, company, 'joined');
    const seen = await detail(company.coid);
    expect(seen.rep?.id).toBe(ids.repB);
    expect(seen.people.map((p) => p.role).sort()).toEqual(['member', 'owner']);
  });

  it('lists companies by name, a person’s e-mail or the coid, a page at a time', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = [];
    for (let i = 0; i < 27; i += 1)
      made.push(await registerWith(`Paged ${tag} ${String(i).padStart(2, '0')}`));
    const first = await list(`q=${encodeURIComponent(`Paged ${tag}`)}`);
    expect(first.meta).toMatchObject({ page: 1, pages: 2, total: 27 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0]?.name).toBe(`Paged ${tag} 00`);
    const second = await list(`q=${encodeURIComponent(`Paged ${tag}`)}&page=2`);
    expect(second.data.map((r) => r.name)).toEqual([`Paged ${tag} 25`, `Paged ${tag} 26`]);
    expect((await list(`q=${encodeURIComponent(made[3]?.email ?? '')}`)).data.map((r) => r.coid)).toEqual([
      made[3]?.coid,
    ]);
    expect((await list(`q=${made[4]?.coid}`)).data.map((r) => r.name)).toEqual([`Paged ${tag} 04`]);
    expect((await list('q=%25%25')).data).toEqual([]);
    expect((await admin('GET', '/companies?page=0')).status).toBe(400);
  });

  it('shows a company’s people with their last sign-in, its orders, invoices, files and what it owes', async () => {
    clock.set(PLACED);
    const company = await registerWith('Detail Co');
    await placeOrders(call, company.token, [{ mediacode: tv, dates: [WEEK], quantity: 5 }]);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.companyId, company.companyId));
    await insertRunFile(h.database.db, {
      id: randomUUID(),
      companyId: company.companyId,
      name: 'spot.mp4',
      declaredType: 'video/mp4',
      size: 1000,
      status: 'passed',
      orderId: order?.id ?? 0,
      runValue: WEEK,
    });
    const seen = await detail(company.coid);
    expect(seen.people).toEqual([
      expect.objectContaining({
        name: 'Owen Owner',
        email: company.email,
        role: 'owner',
        last_sign_in: new Date(PLACED).toISOString(),
        disabled: false,
        removed: false,
      }),
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/password|hash/i);
    expect(seen.orders).toEqual([
      expect.objectContaining({
        number: order?.number,
        status: 'upcoming',
        placed_at: new Date(PLACED).toISOString(),
      }),
    ]);
    const total = (order?.totalCents ?? 0) / 100;
    expect(seen.invoices).toEqual([
      expect.objectContaining({ status: 'open', total: expect.objectContaining({ amount: total }) }),
    ]);
    expect(seen.owed.amount).toBe(total);
    expect(seen.available_credit.amount).toBe(0);
    expect(seen.files).toEqual([
      expect.objectContaining({ name: 'spot.mp4', status: 'passed', order: order?.number, run: WEEK }),
    ]);
    expect((await admin('GET', `/companies/${randomUUID()}`)).status).toBe(404);
    expect((await admin('GET', '/companies/not-a-uuid')).status).toBe(400);
  });

  it('lets an admin set the terms, the limit and the rep, audited with before and after', async () => {
    const company = await registerWith('Terms Co');
    const changed = await admin<CompanyDetail>('PATCH', `/companies/${company.coid}`, 'admin', {
      payment_terms: 'net15',
      credit_limit: 5000,
      rep: ids.repB,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe('Terms Co is on invoice, net 15 terms now.');
    const seen = envelope(companyDetail).parse(changed.body).data;
    expect([seen.payment_terms, seen.credit_limit, seen.rep?.id]).toEqual([
      'net15',
      { amount: 5000, formatted: '$5,000.00' },
      ids.repB,
    ]);
    // The log keeps JSON, whose keys come back in its own order.
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    expect(seen.audit.map((e) => [e.action, [...e.changes].sort(byField)])).toEqual([
      [
        'company.updated',
        [
          { field: 'credit_limit_cents', before: null, after: 500000 },
          { field: 'payment_terms', before: 'net30', after: 'net15' },
          { field: 'rep', before: null, after: ids.repB },
        ],
      ],
    ]);
    // No limit again, and no rep; a production member reads the page and is refused the change.
    const cleared = await admin<CompanyDetail>('PATCH', `/companies/${company.coid}`, 'admin', {
      credit_limit: null,
      rep: null,
    });
    expect(envelope(companyDetail).parse(cleared.body).data).toMatchObject({ credit_limit: null, rep: null });
    expect((await admin('PATCH', `/companies/${company.coid}`, 'production', { rep: null })).status).toBe(
      403,
    );
    expect((await detail(company.coid, 'production')).reps).toEqual([]);
    // Refusals say what to fix and change nothing.
    const bad = await admin('PATCH', `/companies/${company.coid}`, 'admin', { payment_terms: 'net90' });
    expect(bad.status).toBe(422);
    expect(bad.body.data?.errors?.payment_terms).toBe('Choose the terms: card, net15, net30, net60.');
    const notRep = await admin('PATCH', `/companies/${company.coid}`, 'admin', { rep: randomUUID() });
    expect(notRep.body.data?.errors?.rep).toBe('Choose an enabled rep from the list, or none.');
    expect((await admin('PATCH', `/companies/${company.coid}`, 'admin', {})).status).toBe(422);
    expect((await admin('PATCH', `/companies/${randomUUID()}`, 'admin', { rep: null })).status).toBe(404);
  });

  it('takes a credit limit up to $20,000,000.00 in whole cents, which fits the database column', async () => {
    const company = await registerWith('Big Co');
    const patch = (credit_limit: number) =>
      admin<CompanyDetail>('PATCH', `/companies/${company.coid}`, 'admin', { credit_limit });
    const over = await patch(20_000_000.01);
    expect(over.status).toBe(422);
    expect(over.body.data?.errors?.credit_limit).toBe('The credit limit is $20,000,000.00 at most.');
    const fraction = await patch(5000.005);
    expect(fraction.status).toBe(422);
    expect(fraction.body.data?.errors?.credit_limit).toBe(
      'The credit limit is in whole cents, such as 5000 or 5000.50.',
    );
    expect((await detail(company.coid)).credit_limit).toBeNull();
    const cents = await patch(5000.1);
    expect(envelope(companyDetail).parse(cents.body).data.credit_limit).toEqual({
      amount: 5000.1,
      formatted: '$5,000.10',
    });
    const atCap = await patch(20_000_000);
    expect(atCap.status, JSON.stringify(atCap.body)).toBe(200);
    expect(envelope(companyDetail).parse(atCap.body).data.credit_limit).toEqual({
      amount: 20_000_000,
      formatted: '$20,000,000.00',
    });
  });

  it('sends a pending invitation again, e-mailed and audited', async () => {
    const company = await registerWith('Invites Co');
    const invited = await call<{ id: string }>('POST', '/team/invite', {
      token: company.token,
      body: { email: 'new.hire@invites.example', role: 'member' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    await h.background.settled();
    const before = await detail(company.coid);
    const [invitation] = before.invitations;
    expect(invitation?.email).toBe('new.hire@invites.example');
    clock.set('2027-01-11T10:00:00Z');
    const resent = await admin(
      'POST',
      `/companies/${company.coid}/invitations/${invitation?.id}/resend`,
      'repA',
    );
    // Not repA's company: as unknown as none.
    expect(resent.status).toBe(404);
    const sent = await admin<CompanyDetail>(
      'POST',
      `/companies/${company.coid}/invitations/${invitation?.id}/resend`,
      'admin',
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(
      'The invitation is sent again to new.hire@invites.example; its link works for 14 more days.',
    );
    await h.background.settled();
    const mails = await h.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.toEmail, 'new.hire@invites.example'));
    expect(mails.map((m) => m.kind)).toEqual(['colleague-invite', 'colleague-invite']);
    const after = envelope(companyDetail).parse(sent.body).data;
    expect(after.invitations[0]?.expires_at).toBe('2027-01-25T10:00:00.000Z');
    expect(after.audit[0]?.action).toBe('company.invitationResent');
    expect(
      (await admin('POST', `/companies/${company.coid}/invitations/${randomUUID()}/resend`)).status,
    ).toBe(404);
    clock.set(PLACED);
  });

  it('disables a person: their tokens end at once, sign-in and refresh say why; enabling lets them in again', async () => {
    clock.set(PLACED);
    const company = await registerWith('Disable Co');
    const colleague = await colleagueOf(h, call, company, 'disable');
    expect((await call('GET', '/me', { token: colleague.token })).status).toBe(200);
    const disabled = await admin<CompanyDetail>(
      'PATCH',
      `/companies/${company.coid}/people/${colleague.user.uuid}`,
      'admin',
      { disabled: true },
    );
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.message).toBe(
      'Cole League is disabled: every sign-in of theirs has ended, and they cannot sign in until enabled.',
    );
    const seen = envelope(companyDetail).parse(disabled.body).data;
    expect(seen.people.find((p) => p.email === colleague.email)?.disabled).toBe(true);
    expect((await call('GET', '/me', { token: colleague.token })).status).toBe(401);
    const refused = await call('POST', '/login', { body: { email: colleague.email, password: PASSWORD } });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Your access to Disable Co is disabled by our staff, so you cannot sign in. Contact us to have it enabled again.',
    ]);
    const refresh = await h.app.request('/api/v1/login/refresh', {
      headers: { authorization: `Bearer ${colleague.refresh}` },
    });
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { message: string }).message).toMatch(/is disabled by our staff/);
    // The owner works on.
    expect((await call('GET', '/me', { token: company.token })).status).toBe(200);
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, `${company.coid}/${colleague.user.uuid}`))
      .orderBy(desc(auditLog.id));
    expect([entry?.action, entry?.recordType, entry?.after]).toEqual([
      'person.disabled',
      'person',
      { email: colleague.email, disabled: true },
    ]);

    const enabled = await admin(
      'PATCH',
      `/companies/${company.coid}/people/${colleague.user.uuid}`,
      'admin',
      {
        disabled: false,
      },
    );
    expect([enabled.status, enabled.body.message]).toEqual([
      200,
      'Cole League is enabled: they can sign in again.',
    ]);
    const back = await call<UserData>('POST', '/login', {
      body: { email: colleague.email, password: PASSWORD },
    });
    expect(back.status).toBe(200);
    expect(
      (await admin('PATCH', `/companies/${company.coid}/people/${randomUUID()}`, 'admin', { disabled: true }))
        .status,
    ).toBe(404);
    // Production reads people but does not disable them.
    expect(
      (
        await admin('PATCH', `/companies/${company.coid}/people/${colleague.user.uuid}`, 'production', {
          disabled: true,
        })
      ).status,
    ).toBe(403);
  });

  describe('checkout on the company’s terms', () => {
    /** A cart of one TV week for the customer, and what it costs in cents. */
    const cartOf = async (token: string) => {
      const added = await call<Cart>('POST', '/checkout/item/create', {
        token,
        body: { mediacode: tv, dates: [WEEK], quantity: 5 },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return added.body.data;
    };
    const place = (token: string, cart: Cart) =>
      call('POST', `/checkout/${cart.uuid}/place`, {
        token,
        body: {
          billing: BILLING,
          idempotency_key: `terms-test-${randomUUID()}`,
          item_ids: cart.contents.items.map((i) => i.id),
        },
      });
    const termsOf = async (token: string, cart: Cart) => {
      const answer = await call<CheckoutTerms>('GET', `/checkout/${cart.uuid}/terms`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.invoice;
    };

    it('refuses an invoice on card-only terms, with the reason, and places nothing', async () => {
      clock.set(PLACED);
      const company = await registerWith('Card Only Co');
      await admin('PATCH', `/companies/${company.coid}`, 'admin', { payment_terms: 'card' });
      const cart = await cartOf(company.token);
      const reason =
        'Card Only Co pays by card: invoices are not offered. Pay by card, or ask us about invoice terms.';
      expect(await termsOf(company.token, cart)).toEqual({
        offered: false,
        label: 'Card only',
        days: null,
        refusal: reason,
      });
      const refused = await place(company.token, cart);
      expect([refused.status, refused.body.message]).toEqual([422, `Nothing was ordered. ${reason}`]);
      expect(
        await h.database.db.select().from(orders).where(eq(orders.companyId, company.companyId)),
      ).toEqual([]);
    });

    it('refuses an invoice over the credit limit, naming it and what is owed; within it, due on net 15', async () => {
      clock.set(PLACED);
      const company = await registerWith('Limited Co');
      const first = await cartOf(company.token);
      const cents = Math.round(first.total * 100);
      // The limit takes one order and not two.
      const limit = Math.ceil((cents * 1.5) / 100);
      await admin('PATCH', `/companies/${company.coid}`, 'admin', {
        payment_terms: 'net15',
        credit_limit: limit,
      });
      expect(await termsOf(company.token, first)).toEqual({
        offered: true,
        label: 'Invoice, net 15',
        days: 15,
        refusal: null,
      });
      expect((await place(company.token, first)).status).toBe(200);
      const [invoice] = await h.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.companyId, company.companyId));
      expect(invoice?.dueAt.toISOString()).toBe('2027-01-26T09:00:00.000Z');

      const second = await cartOf(company.token);
      const owed = (cents * 2) / 100;
      const money = (dollars: number) =>
        `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const reason = `This order would bring what Limited Co owes on invoices to ${money(owed)}, over its credit limit of ${money(limit)}. Pay by card, or ask us to raise the limit.`;
      expect((await termsOf(company.token, second)).refusal).toBe(reason);
      const refused = await place(company.token, second);
      expect([refused.status, refused.body.message]).toEqual([422, `Nothing was ordered. ${reason}`]);
      const placed = await h.database.db.select().from(orders).where(eq(orders.companyId, company.companyId));
      expect(placed).toHaveLength(1);
      // The orders placed carry the company's rep at that moment (none here).
      expect(placed[0]?.repStaffId).toBeNull();
    });

    it('stamps an order with the company’s rep when it is placed', async () => {
      clock.set(PLACED);
      const company = await registerWith('Stamped Co', 'alice');
      await placeOrders(call, company.token, [{ mediacode: tv, dates: [WEEK], quantity: 5 }]);
      const [row] = await h.database.db.select().from(orders).where(eq(orders.companyId, company.companyId));
      expect(row?.repStaffId).toBe(ids.repA);
    });
  });

  describe('a rep sees only their companies (IDOR)', () => {
    interface Owned {
      coid: string;
      order: string;
      file: string;
      invoice: string;
    }
    const owned: Partial<Record<'repA' | 'repB', Owned>> = {};

    beforeAll(async () => {
      clock.set(PLACED);
      for (const [key, code] of [
        ['repA', 'alice'],
        ['repB', 'bob'],
      ] as const) {
        const company = await registerWith(`Scoped ${key} ${randomUUID().slice(0, 6)}`, code);
        const placed = await placeOrders(call, company.token, [
          { mediacode: tv, dates: [WEEK], quantity: 5 },
        ]);
        const number = placed.orders[0]?.number ?? '';
        const [order] = await h.database.db.select().from(orders).where(eq(orders.number, number));
        const file = randomUUID();
        await insertRunFile(h.database.db, {
          id: file,
          companyId: company.companyId,
          name: 'spot.mp4',
          declaredType: 'video/mp4',
          size: 4,
          status: 'attention',
          checks: [{ name: 'duration', result: 'failed', message: 'Too long.' }],
          orderId: order?.id ?? 0,
          runValue: WEEK,
        });
        await h.storage.putBytes(file, new Uint8Array([1, 2, 3, 4]), 'video/mp4');
        const [invoice] = await h.database.db
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, order?.invoiceId ?? 0));
        owned[key] = { coid: company.coid, order: number, file, invoice: invoice?.number ?? '' };
      }
    });

    /**
     * Every admin GET a rep may call, with the address it is called at for a company, order or file
     * and what the rep's own record answers (a route that is about a kind of order the fixture's is
     * not answers that reason, a 404 that is not the scope's).
     */
    const REP_ROUTES: Record<
      string,
      { url: (o: Owned) => string; own: number; list?: boolean; ownReason?: boolean }
    > = {
      '/companies': { url: (o) => `/companies?q=${o.coid}`, own: 200, list: true },
      '/companies/:coid': { url: (o) => `/companies/${o.coid}`, own: 200 },
      '/orders': { url: (o) => `/orders?q=${o.order}`, own: 200, list: true },
      '/orders/:number': { url: (o) => `/orders/${o.order}`, own: 200 },
      '/orders/:number/runs/:run/proofs/:id': {
        url: (o) => `/orders/${o.order}/runs/${WEEK}/proofs/${randomUUID()}`,
        own: 404,
      },
      '/files': { url: () => '/files?state=all', own: 200, list: true },
      '/files/:id/download': { url: (o) => `/files/${o.file}/download`, own: 200 },
      '/orders/:number/design': { url: (o) => `/orders/${o.order}/design`, own: 404, ownReason: true },
      '/orders/:number/design/files/:id': {
        url: (o) => `/orders/${o.order}/design/files/${randomUUID()}`,
        own: 404,
        ownReason: true,
      },
      '/orders/:number/design/proofs/:n/file': {
        url: (o) => `/orders/${o.order}/design/proofs/1/file`,
        own: 404,
        ownReason: true,
      },
      '/invoices/:number': { url: (o) => `/invoices/${o.invoice}`, own: 200 },
      // The fixture's invoice is owed and not yet due: its company is in the current bucket.
      '/reports/receivables': { url: () => '/reports/receivables', own: 200, list: true },
    };
    /**
     * Routes a rep may call that are about no company (the catalogue and the staff member themself),
     * and the reports whose rows are sums rather than records: tests/server/adminReports.test.ts
     * checks that a rep's sales, files at risk and conversion count only their own.
     */
    const ABOUT_NO_COMPANY = new Set([
      '/me',
      '/placements',
      '/placements/:mediacode',
      '/markets',
      '/join',
      '/reports/sales',
      '/reports/files-at-risk',
      '/reports/conversion',
    ]);

    it('has a row for every admin GET route a rep’s role permits', () => {
      const reachable = ADMIN_ROUTES.filter(
        (r) =>
          r.method === 'GET' &&
          r.permission !== 'public' &&
          staffCan('rep', r.permission) &&
          !ABOUT_NO_COMPANY.has(r.path),
      ).map((r) => r.path);
      expect(reachable.filter((path) => !(path in REP_ROUTES))).toEqual([]);
    });

    it.each(Object.entries(REP_ROUTES))('GET %s answers a rep only their own', async (_path, route) => {
      const mine = owned.repA as Owned;
      const theirs = owned.repB as Owned;
      const other = await admin<unknown[]>('GET', route.url(theirs), 'repA');
      if (route.list) {
        expect(other.status).toBe(200);
        expect(JSON.stringify(other.body.data)).not.toContain(theirs.coid);
        expect(JSON.stringify(other.body.data)).not.toContain(theirs.order);
        expect(JSON.stringify(other.body.data)).not.toContain(theirs.file);
      } else expect(other.status).toBe(404);
      const own = await admin<unknown>('GET', route.url(mine), 'repA');
      expect(own.status).toBe(route.own);
      if (route.list) {
        const shown = JSON.stringify(own.body.data);
        expect(shown.includes(mine.coid) || shown.includes(mine.order) || shown.includes(mine.file)).toBe(
          true,
        );
      }
      // Where the own order is refused for its own reason (not a design order), the other rep's is
      // refused as a missing order: the reason would tell that it exists.
      if (route.ownReason) expect(other.body.message).not.toBe(own.body.message);
      // An admin sees both.
      expect((await admin('GET', route.url(theirs), 'admin')).status).toBe(route.own);
    });

    it('a rep’s companies list holds only theirs', async () => {
      const rows = (await list('page=1', 'repA')).data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.rep?.id === ids.repA)).toBe(true);
      const [row] = await h.database.db
        .select({ n: companies.id })
        .from(companies)
        .where(and(eq(companies.coid, owned.repB?.coid ?? '')));
      expect(row).toBeDefined();
    });
  });
});
