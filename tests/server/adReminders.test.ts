import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adReminders, outbox } from '../../server/db/schema';
import { planReminders, sendDueReminders } from '../../server/files/reminders';
import type { MailDeps } from '../../server/mail/send';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';
import { uploadWhole } from './tusClient';

/*
 * Reminders that a run has no approved ad (issue 16, point 8). Chicago's first magazine's March 2027
 * issue is due 29 January 2027; its reminders go out at 9 am on 22 January (7 days before) and 27
 * January (2 days before). Two workers (two replicas) run each round at once: each reminder is
 * e-mailed once.
 */
describe.each(DRIVERS)('ad reminders on %s', (_name, open) => {
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

  const worker = (): MailDeps => ({
    db: h.database.db,
    config: h.config,
    clock: clock.now,
    transport: null,
    jobs: h.jobs,
  });
  /** Two replicas' rounds at the same instant. */
  const bothWorkersRun = async () => {
    await Promise.all([planReminders(h.database.db, clock.now()), planReminders(h.database.db, clock.now())]);
    return Promise.all([sendDueReminders(worker()), sendDueReminders(worker())]);
  };
  const remindersTo = (email: string) =>
    h.database.db
      .select({ subject: outbox.subject, body: outbox.body, link: outbox.link })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'ad-reminder')));

  it('e-mails the buyer 7 and 2 days before the ad is due, once each, with what the checks said', async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    await bothWorkersRun();
    expect(await remindersTo(buyer.email)).toEqual([]);

    clock.set('2027-01-22T08:59:00');
    await bothWorkersRun();
    expect(await remindersTo(buyer.email)).toEqual([]);

    clock.set('2027-01-22T09:00:00');
    const [a, b] = await bothWorkersRun();
    const first = await remindersTo(buyer.email);
    expect(first).toHaveLength(1);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBeGreaterThanOrEqual(1);
    expect(first[0]?.subject).toMatch(/is due in 7 days, on 2027-01-29$/);
    expect(first[0]?.body).toContain('March 2027 issue');
    expect(first[0]?.body).toContain(number);
    expect(first[0]?.body).toContain('No file has been sent for it yet.');
    expect(first[0]?.link).toMatch(new RegExp(`/orders/${number}$`));

    // A file that fails its checks is named in the next reminder, with the checks' own sentences.
    const png = await rgbPng();
    const token = await signIn(call, buyer.email);
    await uploadWhole(h, token, png, { filename: 'cover.png', filetype: 'image/png', order: number });
    await h.background.settled();
    clock.set('2027-01-27T10:00:00');
    await bothWorkersRun();
    const both = await remindersTo(buyer.email);
    expect(both).toHaveLength(2);
    const second = both.find((mail) => mail.subject.includes('in 2 days'));
    expect(second?.body).toContain('Your latest file, cover.png, needs attention:');
    expect(second?.body).toContain('print needs 300 ppi');

    clock.set('2027-01-29T10:00:00');
    await bothWorkersRun();
    expect(await remindersTo(buyer.email)).toHaveLength(2);
  });

  it('reminds of a flight’s later week after its first week’s ad was due', async () => {
    clock.set('2027-01-11T09:00:00');
    const tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const weeks = await availableDates(call, tv, 2);
    const buyer = await customer(call);
    await placeOrders(call, buyer.token, [{ mediacode: tv, dates: weeks, quantity: 5 }]);
    // The first look comes after the first week's ad was due: the second week still gets its reminder.
    const second = new Date(`${weeks[1]}T00:00:00`);
    const twoDaysBefore = new Date(second.getTime() - 5 * 86_400_000);
    twoDaysBefore.setHours(9, 0, 0, 0);
    clock.set(twoDaysBefore);
    await bothWorkersRun();
    const mails = await remindersTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/is due in 2 days/);
  });

  it('sends none for a run with an approved ad or a cancelled order', async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const [approvedOrder, cancelledOrder] = (
      await placeOrders(call, buyer.token, [
        { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
        { mediacode: magazine, dates: ['2027/04'], quantity: 1 },
      ])
    ).orders.map((o) => o.number);
    const jpeg = await cmykJpeg();
    const id = await uploadWhole(h, buyer.token, jpeg, {
      filename: 'ok.jpg',
      filetype: 'image/jpeg',
      order: approvedOrder ?? '',
    });
    await h.background.settled();
    expect((await call('POST', `/files/${id}/approve`, { token: buyer.token })).status).toBe(200);
    expect((await call('POST', `/orders/${cancelledOrder}/cancel`, { token: buyer.token })).status).toBe(200);
    await bothWorkersRun();
    for (const instant of [
      '2027-01-22T09:00:00',
      '2027-01-27T09:00:00',
      '2027-02-24T09:00:00',
      '2027-03-01T09:00:00',
    ]) {
      clock.set(instant);
      await bothWorkersRun();
    }
    expect(await remindersTo(buyer.email)).toEqual([]);
    const closed = await h.database.db.select({ outcome: adReminders.outcome }).from(adReminders);
    expect(closed.map((r) => r.outcome)).toEqual(expect.arrayContaining(['approved']));
  });
});
