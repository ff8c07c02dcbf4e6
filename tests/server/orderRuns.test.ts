import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesList } from '../../contract/adFiles';
import { isoDay } from '../../contract/schedule';
import { adReminders, orderRuns, orders } from '../../server/db/schema';
import { syncOrderRuns } from '../../server/db/seed/orderRuns';
import { planReminders } from '../../server/files/reminders';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, onlyNumber, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * An order keeps its runs when it is placed (issue 31): one order_runs row per run with its days and
 * its ad-due instant, frozen there, so the customer's page and the back office read the kept deadline
 * even when the computed one would move. Orders from before are given theirs at start, once. Chicago's
 * first magazine (PM508-01) sells monthly issues, each running its whole month; the seed's CU-01 is
 * design work, one undated run.
 */
describe.each(DRIVERS)('the runs an order keeps, on %s', (_name, open) => {
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

  const keptOf = async (number: string) => {
    const [order] = await h.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, number));
    const rows = await h.database.db
      .select()
      .from(orderRuns)
      .where(eq(orderRuns.orderId, order?.id ?? 0))
      .orderBy(orderRuns.startsAt);
    return { id: order?.id ?? 0, rows };
  };

  it('writes one row per run when an order is placed, with the deadlines its page shows', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [
        { mediacode: magazine, dates: ['2027/04', '2027/03'], quantity: 1 },
      ]),
    );
    const { rows } = await keptOf(number);
    expect(rows.map((r) => [r.run, r.label, r.bookingRef, r.deliveredAt])).toEqual([
      ['2027/03', 'March 2027 issue', null, null],
      ['2027/04', 'April 2027 issue', null, null],
    ]);
    const detail = await detailOf(call, buyer.token, number);
    expect(rows.map((r) => r.adDueAt.getTime())).toEqual(
      detail.runs.map((r) => new Date(`${r.ad_due?.date}T23:59:59.999`).getTime()),
    );
    expect(rows.map((r) => [r.startsAt.getTime(), r.endsAt.getTime()])).toEqual([
      [new Date('2027-03-01T00:00:00').getTime(), new Date('2027-03-31T23:59:59.999').getTime()],
      [new Date('2027-04-01T00:00:00').getTime(), new Date('2027-04-30T23:59:59.999').getTime()],
    ]);
    expect(detail.runs.map((r) => r.booking)).toEqual([
      { state: 'pending', reference: null, at: null },
      { state: 'pending', reference: null, at: null },
    ]);
  });

  it('keeps design work as one run named design', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: 'CU-01', dates: [], quantity: 1 }]),
    );
    const { rows } = await keptOf(number);
    expect(rows.map((r) => [r.run, r.label])).toEqual([['design', 'Design work']]);
  });

  it('shows the kept ad-due day, not the one computed today', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    const { id } = await keptOf(number);
    // As a lead-time edit after placing would have left it: the order keeps what it was sold with.
    await h.database.db
      .update(orderRuns)
      .set({ adDueAt: new Date('2027-02-05T23:59:59.999') })
      .where(and(eq(orderRuns.orderId, id), eq(orderRuns.run, '2027/03')));
    const detail = await detailOf(call, buyer.token, number);
    expect(detail.runs[0]?.ad_due?.date).toBe('2027-02-05');
  });

  it('reminds of the ad and offers the run to files by the kept ad-due day', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    const { id } = await keptOf(number);
    await h.database.db
      .update(orderRuns)
      .set({ adDueAt: new Date('2027-02-05T23:59:59.999') })
      .where(and(eq(orderRuns.orderId, id), eq(orderRuns.run, '2027/03')));
    await planReminders(h.database.db, clock.now());
    const planned = await h.database.db
      .select({ sendAt: adReminders.sendAt })
      .from(adReminders)
      .where(eq(adReminders.orderId, id))
      .orderBy(adReminders.sendAt);
    // 7 and 2 days before Feb 5, not before the Jan 29 the lead time gives today.
    expect(planned.map((r) => isoDay(r.sendAt))).toEqual(['2027-01-29', '2027-02-03']);
    const files = await call<FilesList>('GET', '/files', { token: buyer.token });
    expect(files.body.data.runs.find((r) => r.order === number)?.ad_due?.date).toBe('2027-02-05');
  });

  it('gives an order from before kept runs its runs at start, once', async () => {
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [
        { mediacode: magazine, dates: ['2027/03', '2027/05'], quantity: 1 },
      ]),
    );
    const { id, rows: placed } = await keptOf(number);
    await h.database.db.delete(orderRuns).where(eq(orderRuns.orderId, id));
    expect(await syncOrderRuns(h.database.db)).toBe(1);
    expect((await keptOf(number)).rows).toEqual(placed);
    expect(await syncOrderRuns(h.database.db)).toBe(0);
  });
});
