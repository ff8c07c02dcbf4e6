import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnswer } from '../../contract/auth';
import { designProofs, orderRuns, orders, outbox, runProofs, staff, users } from '../../server/db/schema';
import { composeEvent } from '../../server/mail/compose';
import { type MailEvent, queueMail } from '../../server/mail/events';
import { insertRunFile } from '../support/fileRows';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * The e-mails of what the back office does for a customer (issue 31): the events are queued by the
 * staff routes (parts 3 and 4); here their rows are written directly, so the e-mails are tested on
 * their own. Each goes to whoever placed the order (a returned file: whoever uploaded it), once.
 */
describe.each(DRIVERS)('e-mails of the back office on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  let design: string;
  let staffId: string;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    design = (await placement(h, 'custom')).mediacode;
    const [member] = await h.database.db
      .insert(staff)
      .values({
        email: `studio.${Date.now().toString(36)}@adlane.example`,
        name: 'Pat Studio',
        role: 'production',
        passwordHash: 'not used here',
        totpSecret: 'not used here',
      })
      .returning({ id: staff.id });
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.database.db;
  const mailsTo = (to: string, kind: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, to), eq(outbox.kind, kind)));
  const compose = (e: MailEvent) =>
    composeEvent({ db: db(), config: h.config, clock: clock.now, transport: null, jobs: h.jobs }, e);
  const queue = async (e: MailEvent) => {
    await h.jobs.inTransaction(db(), (_tx, send) => queueMail(send, e));
    await h.background.settled();
  };
  const userId = async (email: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? '';
  };
  /** A magazine order of the March and April 2027 issues; placing it stores its runs (order_runs). */
  const magazineOrder = async (token: string) => {
    const placed = await placeOrders(call, token, [
      { mediacode: magazine, dates: ['2027/03', '2027/04'], quantity: 1 },
    ]);
    const order = placed.orders[0];
    if (!order) throw new Error('No order placed');
    return order;
  };

  it('tells the placer the runs a booking confirmed and the reference, once per booking', async () => {
    const buyer = await customer(call);
    const order = await magazineOrder(buyer.token);
    const first = new Date('2027-01-12T10:00:00Z');
    await db()
      .update(orderRuns)
      .set({ bookingRef: 'CW-0318', bookedAt: first, bookedBy: staffId })
      .where(and(eq(orderRuns.orderId, order.id), eq(orderRuns.run, '2027/03')));
    const booked: MailEvent = { event: 'order.booked', orderId: order.id, at: first.toISOString() };
    await queue(booked);
    await compose(booked);

    const [mail, ...more] = await mailsTo(buyer.email, 'booking-confirmed');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Order ${order.number} is booked with the publisher`);
    expect(mail?.body).toContain('March 2027 issue. Their reference is CW-0318.');
    expect(mail?.body).not.toContain('April');
    expect(mail?.html).toContain(`/orders/${order.number}`);

    // The April issue is booked later under another reference: its own e-mail, about it alone.
    const second = new Date('2027-01-20T10:00:00Z');
    await db()
      .update(orderRuns)
      .set({ bookingRef: 'CW-0422', bookedAt: second, bookedBy: staffId })
      .where(and(eq(orderRuns.orderId, order.id), eq(orderRuns.run, '2027/04')));
    await queue({ event: 'order.booked', orderId: order.id, at: second.toISOString() });
    const both = await mailsTo(buyer.email, 'booking-confirmed');
    expect(both.map((m) => m.body.includes('April 2027 issue. Their reference is CW-0422.'))).toEqual([
      false,
      true,
    ]);
  });

  it('tells the placer a run was delivered, with its proof and what the proof counts', async () => {
    const buyer = await customer(call);
    const order = await magazineOrder(buyer.token);
    const proofOf = async (run: string, kind: 'tear-sheet' | 'delivery-report', details = {}) => {
      const id = randomUUID();
      await db()
        .update(orderRuns)
        .set({ deliveredAt: new Date('2027-03-31T12:00:00') })
        .where(and(eq(orderRuns.orderId, order.id), eq(orderRuns.run, run)));
      await db()
        .insert(runProofs)
        .values({
          id,
          orderId: order.id,
          run,
          kind,
          storageKey: `proof-${id}`,
          fileName: 'page-14.pdf',
          contentType: 'application/pdf',
          size: 1234,
          details,
          uploadedBy: staffId,
          uploadedAt: new Date('2027-03-31T12:00:00'),
        });
      return id;
    };
    const tearSheet = await proofOf('2027/03', 'tear-sheet');
    await queue({ event: 'run.delivered', orderId: order.id, run: '2027/03', proofId: tearSheet });
    await compose({ event: 'run.delivered', orderId: order.id, run: '2027/03', proofId: tearSheet });
    const [mail, ...more] = await mailsTo(buyer.email, 'run-delivered');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your ad ran: March 2027 issue of order ${order.number}`);
    expect(mail?.body).toContain('was delivered on Wednesday, March 31.');
    expect(mail?.body).toContain('a tear sheet of the printed page');

    // The composer says what a stored proof counts, whatever the channel's route accepted.
    const report = await proofOf('2027/04', 'delivery-report', { impressions: 48210, rows: 30 });
    await queue({ event: 'run.delivered', orderId: order.id, run: '2027/04', proofId: report });
    const reports = await mailsTo(buyer.email, 'run-delivered');
    expect(reports[1]?.body).toContain(': 48,210 impressions.');
  });

  it("tells whoever uploaded a file that production sent it back, with the note and the run's due date", async () => {
    const owner = await customer(call);
    const colleague = await colleagueOf(h, call, owner, 'returned');
    const placed = await placeOrders(call, owner.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const order = placed.orders[0];
    const [placedOrder] = await db()
      .select({ companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.id, order?.id ?? 0));
    const fileOf = async (review: 'returned' | 'accepted') => {
      const id = randomUUID();
      await insertRunFile(db(), {
        id,
        companyId: placedOrder?.companyId ?? 0,
        uploadedBy: await userId(colleague.email),
        name: 'spring-sale.pdf',
        declaredType: 'application/pdf',
        size: 2048,
        status: 'attention',
        orderId: order?.id ?? 0,
        runValue: '2027/03',
        review,
        reviewNote: 'The logo is blurred: send it at 300 dpi.',
        reviewedBy: staffId,
        reviewedAt: clock.now(),
      });
      return id;
    };
    // This order has no stored runs (placed before they were kept): its run comes from its dates.
    const returned = await fileOf('returned');
    await queue({ event: 'file.returned', fileId: returned, at: clock.now().toISOString() });
    const [mail, ...more] = await mailsTo(colleague.email, 'file-returned');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Please send a new ad file for order ${order?.number}`);
    expect(mail?.body).toContain('sent back spring-sale.pdf for');
    expect(mail?.body).toContain('March 2027 issue');
    expect(mail?.body).toContain('Their note: The logo is blurred: send it at 300 dpi.');
    expect(mail?.body).toContain('Please send a new file by Friday, January 29');
    expect(await mailsTo(owner.email, 'file-returned')).toEqual([]);

    // Accepted in the meantime: nothing to ask for.
    const accepted = await fileOf('accepted');
    await queue({ event: 'file.returned', fileId: accepted, at: clock.now().toISOString() });
    expect(await mailsTo(colleague.email, 'file-returned')).toHaveLength(1);
  });

  it("tells the placer of a design order that the studio's proof is ready", async () => {
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [{ mediacode: design, dates: [], quantity: 1 }]);
    const order = placed.orders[0];
    const id = randomUUID();
    await db()
      .insert(designProofs)
      .values({
        id,
        orderId: order?.id ?? 0,
        number: 1,
        storageKey: `design-${id}`,
        fileName: 'proof-1.pdf',
        contentType: 'application/pdf',
        size: 4096,
        studioNote: 'Two layouts on one page: tell us which.',
        uploadedBy: staffId,
        uploadedAt: clock.now(),
      });
    await queue({ event: 'design.proofReady', proofId: id });
    await compose({ event: 'design.proofReady', proofId: id });
    const [mail, ...more] = await mailsTo(buyer.email, 'design-proof-ready');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Proof 1 of your ad for order ${order?.number} is ready`);
    expect(mail?.body).toContain("The studio's note: Two layouts on one page: tell us which.");
    expect(mail?.html).toContain(`/orders/${order?.number}`);
  });

  it('says our team cancelled an order, to its owner once the colleague who placed it has left', async () => {
    const owner = await customer(call);
    const colleague = await colleagueOf(h, call, owner, 'leaves');
    const placed = await placeOrders(call, colleague.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const order = placed.orders[0];
    const team = await call<TeamAnswer>('GET', '/team', { token: owner.token });
    const member = team.body.data.members.find((m) => m.email === colleague.email);
    expect((await call('POST', `/team/members/${member?.uuid}/remove`, { token: owner.token })).status).toBe(
      200,
    );
    await db()
      .update(orders)
      .set({ cancelledAt: clock.now(), cancelledBy: null, cancelledByStaff: staffId })
      .where(eq(orders.id, order?.id ?? 0));
    await queue({ event: 'order.cancelled', orderId: order?.id ?? 0 });

    const [mail, ...more] = await mailsTo(owner.email, 'order-cancelled');
    expect(more).toEqual([]);
    expect(mail?.body).toContain(`order ${order?.number} for`);
    expect(mail?.body).toContain('is cancelled by our team.');
    expect(await mailsTo(colleague.email, 'order-cancelled')).toEqual([]);
  });
});
