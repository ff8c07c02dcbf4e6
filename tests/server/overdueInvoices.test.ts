import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicesAnswer } from '../../contract/billing';
import { formatCentsExact } from '../../contract/money';
import { remindOverdueInvoices } from '../../server/billing/overdue';
import { invoiceReminders, invoices, outbox } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';

/*
 * Overdue reminders (issue 29, point 3; in steps since issue 32, point 4): the `invoices.overdue` job
 * e-mails an invoice's billing contact at 1, 7 and 30 days past its due date (30 days after the
 * checkout), each step once and logged on the invoice, while something is left to pay. Chicago's first
 * TV station sells weeks from 25 January 2027; the clock starts on 11 January 2027 at 09:00 UTC, so an
 * invoice of that day is due on 10 February at 09:00 UTC.
 */
describe.each(DRIVERS)('overdue invoices on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  const run = () =>
    remindOverdueInvoices({
      db: h.database.db,
      config: h.config,
      clock: clock.now,
      transport: null,
      jobs: h.jobs,
    });
  const overdueMails = () =>
    h.database.db.select().from(outbox).where(eq(outbox.kind, 'invoice-overdue')).orderBy(asc(outbox.id));
  const mailsOf = async (number: string) => (await overdueMails()).filter((m) => m.body.includes(number));
  const stepsOf = async (number: string) =>
    h.database.db
      .select({
        step: invoiceReminders.step,
        sentTo: invoiceReminders.sentTo,
        sentAt: invoiceReminders.sentAt,
      })
      .from(invoiceReminders)
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .where(eq(invoices.number, number))
      .orderBy(asc(invoiceReminders.step));
  /** A run at `instant`: how many e-mails it sent. */
  const runAt = async (instant: string) => {
    clock.set(instant);
    return run();
  };

  /** A new customer's checkout of one week: its invoice number. */
  const checkout = async (week: string) => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [{ mediacode: tv, dates: [week], quantity: 5 }]);
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: buyer.token });
    const [invoice] = list.body.data.invoices;
    if (!invoice) throw new Error('No invoice was issued.');
    return { buyer, invoice, order: placed.orders[0]?.number ?? '' };
  };

  it('e-mails at 1, 7 and 30 days past due, each step once and logged, and none for one fully credited', async () => {
    const owed = await checkout('2027-01-25');
    const credited = await checkout('2027-02-01');
    expect(
      (await call('POST', `/orders/${credited.order}/cancel`, { token: credited.buyer.token })).status,
    ).toBe(200);
    const number = owed.invoice.number;

    // Due on 10 February: the due day itself is day 0, not yet a step.
    await runAt('2027-02-10T14:00:00.000Z');
    expect(await mailsOf(number)).toEqual([]);

    // Day 1: step 1, once however often the job runs that day or the next.
    await runAt('2027-02-11T14:00:00.000Z');
    await runAt('2027-02-11T20:00:00.000Z');
    await runAt('2027-02-12T14:00:00.000Z');
    const first = await mailsOf(number);
    expect(first).toHaveLength(1);
    expect(first[0]?.toEmail).toBe(BILLING.email);
    expect(first[0]?.subject).toBe(`Invoice ${number} is overdue`);
    expect(first[0]?.body).toContain(owed.invoice.balance_formatted);
    expect(first[0]?.body).toContain('1 day ago');

    // Day 6 sends nothing; day 7 the second step, once.
    await runAt('2027-02-16T14:00:00.000Z');
    expect(await mailsOf(number)).toHaveLength(1);
    await runAt('2027-02-17T14:00:00.000Z');
    await runAt('2027-02-18T14:00:00.000Z');
    const second = await mailsOf(number);
    expect(second).toHaveLength(2);
    expect(second[1]?.body).toContain('7 days ago');

    // Day 30 the third, once.
    await runAt('2027-03-12T14:00:00.000Z');
    await runAt('2027-03-13T14:00:00.000Z');
    const third = await mailsOf(number);
    expect(third).toHaveLength(3);
    expect(third[2]?.body).toContain('30 days ago');

    expect(await stepsOf(number)).toEqual([
      { step: 1, sentTo: BILLING.email, sentAt: new Date('2027-02-11T14:00:00.000Z') },
      { step: 7, sentTo: BILLING.email, sentAt: new Date('2027-02-17T14:00:00.000Z') },
      { step: 30, sentTo: BILLING.email, sentAt: new Date('2027-03-12T14:00:00.000Z') },
    ]);
    expect(await mailsOf(credited.invoice.number)).toEqual([]);
    expect(await stepsOf(credited.invoice.number)).toEqual([]);
  });

  it('sends a step once when two runs go at the same time (two replicas)', async () => {
    const owed = await checkout('2027-01-25');
    clock.set('2027-02-11T15:00:00.000Z');
    const sent = await Promise.all([run(), run()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailsOf(owed.invoice.number)).toHaveLength(1);
    expect((await stepsOf(owed.invoice.number)).map((r) => r.step)).toEqual([1]);
  });

  it('reminds of what is left after a part payment, and not of an invoice paid in full (issue 30)', async () => {
    const part = await checkout('2027-01-25');
    const paid = await checkout('2027-01-25');
    const cents = Math.round(part.invoice.total * 100);
    await h.database.db
      .update(invoices)
      .set({ paidCents: 10_000, paidAt: clock.now() })
      .where(eq(invoices.number, part.invoice.number));
    await h.database.db
      .update(invoices)
      .set({ paidCents: Math.round(paid.invoice.total * 100), paidAt: clock.now() })
      .where(eq(invoices.number, paid.invoice.number));
    await runAt('2027-02-11T15:00:00.000Z');
    await runAt('2027-02-17T15:00:00.000Z');
    const partMails = await mailsOf(part.invoice.number);
    expect(partMails).toHaveLength(2);
    expect(partMails[0]?.body).toContain(formatCentsExact(cents - 10_000));
    expect(await mailsOf(paid.invoice.number)).toEqual([]);
    expect(await stepsOf(paid.invoice.number)).toEqual([]);
  });

  it('after a long stop sends only the latest step due, and none of the missed ones late', async () => {
    const late = await checkout('2027-01-25');
    const number = late.invoice.number;
    // Due on 10 February; the job first runs on the 25th (day 15): step 7 only.
    await runAt('2027-02-25T14:00:00.000Z');
    const mails = await mailsOf(number);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('15 days ago');
    expect((await stepsOf(number)).map((r) => r.step)).toEqual([7]);
    // Step 1 is never sent after it; step 30 comes on its day.
    await runAt('2027-02-26T14:00:00.000Z');
    await runAt('2027-03-12T14:00:00.000Z');
    expect((await stepsOf(number)).map((r) => r.step)).toEqual([7, 30]);
  });

  it('leaves an invoice past every step (an upgrade, a stop of months)', async () => {
    const old = await checkout('2027-01-25');
    // Due on 10 February; 60 days later (11 April) it is past the last step's days.
    await runAt('2027-04-11T14:00:00.000Z');
    expect(await mailsOf(old.invoice.number)).toEqual([]);
  });

  it('counts a reminder sent before the steps existed as step 1, and goes on at step 7', async () => {
    const reminded = await checkout('2027-01-25');
    const number = reminded.invoice.number;
    await h.database.db
      .update(invoices)
      .set({ overdueRemindedAt: new Date('2027-02-11T14:00:00.000Z') })
      .where(and(eq(invoices.number, number)));
    await runAt('2027-02-12T14:00:00.000Z');
    expect(await mailsOf(number)).toEqual([]);
    await runAt('2027-02-17T14:00:00.000Z');
    expect((await stepsOf(number)).map((r) => r.step)).toEqual([7]);
    expect(await mailsOf(number)).toHaveLength(1);
  });
});
