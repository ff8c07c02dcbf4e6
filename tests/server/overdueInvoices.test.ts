import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicesAnswer } from '../../contract/billing';
import { formatCentsExact } from '../../contract/money';
import { remindOverdueInvoices } from '../../server/billing/overdue';
import { invoices, outbox } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';

/*
 * Overdue reminders (issue 29, point 3): the `invoices.overdue` job e-mails an invoice's billing
 * contact once, after its due date (30 days after the checkout), while something is left to pay.
 * Chicago's first TV station sells weeks from 25 January 2027; the clock starts on 11 January 2027.
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
  const overdueMails = () => h.database.db.select().from(outbox).where(eq(outbox.kind, 'invoice-overdue'));

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

  it('e-mails the billing contact once per overdue invoice, and none for one fully credited', async () => {
    const owed = await checkout('2027-01-25');
    const credited = await checkout('2027-02-01');
    expect(
      (await call('POST', `/orders/${credited.order}/cancel`, { token: credited.buyer.token })).status,
    ).toBe(200);

    // Due on 10 February: not yet overdue the day before.
    clock.set('2027-02-09T14:00:00.000Z');
    await run();
    expect((await overdueMails()).filter((m) => m.body.includes(owed.invoice.number))).toEqual([]);

    clock.set('2027-02-11T14:00:00.000Z');
    await run();
    const mails = await overdueMails();
    const mine = mails.filter((m) => m.body.includes(owed.invoice.number));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.toEmail).toBe(BILLING.email);
    expect(mine[0]?.subject).toBe(`Invoice ${owed.invoice.number} is overdue`);
    expect(mine[0]?.body).toContain(owed.invoice.balance_formatted);
    expect(mails.filter((m) => m.body.includes(credited.invoice.number))).toEqual([]);

    // The next day's run sends nothing more.
    clock.set('2027-02-12T14:00:00.000Z');
    expect(await run()).toBe(0);
    expect(await overdueMails()).toHaveLength(mails.length);
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
    clock.set('2027-02-11T15:00:00.000Z');
    await run();
    const mails = await overdueMails();
    const partMails = mails.filter((m) => m.body.includes(part.invoice.number));
    expect(partMails).toHaveLength(1);
    expect(partMails[0]?.body).toContain(formatCentsExact(cents - 10_000));
    expect(mails.filter((m) => m.body.includes(paid.invoice.number))).toEqual([]);
  });

  it('leaves an invoice that fell due more than a week before the run (an upgrade, a long stop)', async () => {
    const old = await checkout('2027-01-25');
    // Due on 10 February; the job first runs on the 18th.
    clock.set('2027-02-18T14:00:00.000Z');
    await run();
    expect((await overdueMails()).filter((m) => m.body.includes(old.invoice.number))).toEqual([]);
  });
});
