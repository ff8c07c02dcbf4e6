import { PDFDocument } from '@cantoo/pdf-lib';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnswer, UserData } from '../../contract/auth';
import { attachmentsOf } from '../../server/data/outbox';
import { outbox, users } from '../../server/db/schema';
import { composeEvent } from '../../server/mail/compose';
import { type MailEvent, queueMail } from '../../server/mail/events';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * The e-mails of what happens (issue 30, point 9): a `mail.compose` job per event writes one e-mail per
 * person, once however often it runs, and leaves out those who turned that e-mail off (point 11).
 */
describe.each(DRIVERS)('e-mails of events on %s', (_name, open) => {
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

  const mailsTo = (to: string, kind: string) =>
    h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, to), eq(outbox.kind, kind)));
  const compose = (e: MailEvent) =>
    composeEvent({ db: h.database.db, config: h.config, clock: clock.now, transport: null, jobs: h.jobs }, e);
  const patchMe = async (token: string, body: Record<string, unknown>) => {
    const response = await h.app.request('/api/v1/me', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: UserData } };
  };
  const queue = async (e: MailEvent) => {
    await h.jobs.inTransaction(h.database.db, (_tx, send) => queueMail(send, e));
    await h.background.settled();
  };

  it('tells the placer what to send by when, and sends the billing contact the invoice as a PDF, once', async () => {
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const number = placed.orders[0]?.number ?? '';
    await queue({ event: 'order.placed', cartUuid: placed.cart.uuid });
    // The job tried again (it failed after writing, its lease ran out): nothing is written twice.
    await compose({ event: 'order.placed', cartUuid: placed.cart.uuid });

    const confirmation = await mailsTo(buyer.email, 'order-placed');
    expect(confirmation).toHaveLength(1);
    const [mail] = confirmation;
    expect(mail?.subject).toBe(`Order ${number} is placed`);
    expect(mail?.body).toContain(number);
    expect(mail?.body).toContain('March 2027 issue');
    expect(mail?.body).toContain('March 2027 issue: ad due Friday, January 29');
    expect(mail?.html).toContain(`/orders/${number}`);
    expect(mail?.html).toMatch(/\/specs\/[a-z0-9-]+/);

    const invoices = await h.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'invoice-issued'), like(outbox.dedupeKey, `order.placed:${placed.cart.uuid}:%`)),
      );
    expect(invoices).toHaveLength(1);
    const [issued] = invoices;
    expect(issued?.toEmail).toBe('billing@bakery.example');
    const files = await attachmentsOf(h.database.db, issued?.id ?? 0);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [expect.stringMatching(/^INV-\d{2}-\d{6}\.pdf$/), 'application/pdf'],
    ]);
    const invoiceNumber = files[0]?.filename.replace(/\.pdf$/, '') ?? '';
    expect(issued?.subject).toContain(invoiceNumber);
    const pdf = new Uint8Array(files[0]?.content ?? []);
    await PDFDocument.load(pdf);
    expect((await pdfText(pdf)).join(' ')).toContain(invoiceNumber);
  });

  it('tells the placer an order is cancelled', async () => {
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const number = placed.orders[0]?.number ?? '';
    expect((await call('POST', `/orders/${number}/cancel`, { token: buyer.token })).status).toBe(200);
    const [order] = placed.orders;
    await queue({ event: 'order.cancelled', orderId: order?.id ?? 0 });
    const cancelled = await mailsTo(buyer.email, 'order-cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.subject).toBe(`Order ${number} is cancelled`);
  });

  it('tells the owner a colleague joined, unless the owner turned team news off', async () => {
    const owner = await customer(call);
    await colleagueOf(h, call, owner, 'joins');
    await h.background.settled();
    const told = await mailsTo(owner.email, 'colleague-joined');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('Cole League accepted');

    const quiet = await customer(call);
    const off = await patchMe(quiet.token, { team_news: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.team_news).toBe(false);
    await colleagueOf(h, call, quiet, 'quiet');
    await h.background.settled();
    expect(await mailsTo(quiet.email, 'colleague-joined')).toEqual([]);
  });

  it('tells a person their role changed and that they were removed', async () => {
    const owner = await customer(call);
    const colleague = await colleagueOf(h, call, owner, 'roles');
    const team = await call<TeamAnswer>('GET', '/team', { token: owner.token });
    const member = team.body.data.members.find((m) => m.email === colleague.email);
    const made = await call('POST', `/team/members/${member?.uuid}/role`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await h.background.settled();
    const changed = await mailsTo(colleague.email, 'role-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.body).toContain('made you an admin');

    const removed = await call('POST', `/team/members/${member?.uuid}/remove`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await h.background.settled();
    expect(await mailsTo(colleague.email, 'removed')).toHaveLength(1);
  });

  it('tells the old address once an address change is confirmed', async () => {
    const buyer = await customer(call);
    const next = `moved.${Date.now().toString(36)}@shop.example`;
    const asked = await call('POST', '/me/email', {
      token: buyer.token,
      body: { email: next, current_password: 'correct horse battery' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await h.background.settled();
    const [change] = await mailsTo(next, 'email-change');
    const code = new URL(change?.link ?? 'http://x/').searchParams.get('code') ?? '';
    expect((await call('POST', '/me/email/confirm', { body: { code } })).status).toBe(200);
    await h.background.settled();
    const told = await mailsTo(buyer.email, 'email-changed');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(next);
  });

  it('keeps the e-mail preferences a person sets on the profile', async () => {
    const buyer = await customer(call);
    const token = await signIn(call, buyer.email);
    const set = await patchMe(token, { receipt_copies: true, team_news: false });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ receipt_copies: true, team_news: false, ad_reminders: true });
    const [row] = await h.database.db
      .select({ teamNews: users.teamNews, receiptCopies: users.receiptCopies })
      .from(users)
      .where(eq(users.email, buyer.email));
    expect(row).toEqual({ teamNews: false, receiptCopies: true });
  });
});
