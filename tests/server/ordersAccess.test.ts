import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TABS, type OrderDetail, type OrdersPage } from '../../contract/orders';
import { media, users } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import {
  colleagueOf,
  customer,
  detailOf,
  onlyNumber,
  placeOrders,
  rawGet,
  settableClock,
  signIn,
} from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * An order's page and who may see it (issue 15): the price per run and the discount as bought, and an
 * order shown to its company only. Chicago's first TV station (TV508-01) sells 5 spots a week at
 * $4,620 from the week of 25 January 2027, on the clock's first day, Monday 11 January 2027.
 */
describe.each(DRIVERS)('an order’s page and its company on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock();
  const call = caller(() => h);
  const PLACED = '2027-01-11T09:00:00';

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  /** A new customer who orders TV508-01 for the week of 25 January, at the placing instant. */
  const tvOrder = async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
    ]);
    return { buyer, number: onlyNumber(placed) };
  };

  it('shows each run’s share of the price and the volume discount as bought, whatever the catalogue says since', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const weeks = ['2027-01-25', '2027-02-01', '2027-02-08', '2027-02-15'];
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: tv, dates: weeks, quantity: 5 }]),
    );
    const [row] = await h.database.db.select().from(media).where(eq(media.mediacode, tv));
    await h.database.db
      .update(media)
      .set({ unitPriceCents: (row?.unitPriceCents ?? 0) * 2 })
      .where(eq(media.mediacode, tv));
    try {
      // 5 spots × $4,620 × 4 weeks = $92,400, less 5% from four weeks ($4,620): $87,780, $21,945 a week.
      const detail = await detailOf(call, buyer.token, number);
      expect(detail).toMatchObject({
        subtotal: 92_400,
        discount: 4_620,
        discount_formatted: '$4,620',
        total: 87_780,
      });
      expect(detail.lines).toEqual([
        { label: expect.stringMatching(/^5 spots per week × 4 weeks at \$4,620 /), amount: 92_400 },
        { label: 'Volume discount (5%)', amount: -4_620 },
      ]);
      expect(detail.runs.map((r) => [r.label, r.price, r.ad_due?.date])).toEqual([
        ['Week of Jan 25, 2027', 21_945, '2027-01-22'],
        ['Week of Feb 1, 2027', 21_945, '2027-01-29'],
        ['Week of Feb 8, 2027', 21_945, '2027-02-05'],
        ['Week of Feb 15, 2027', 21_945, '2027-02-12'],
      ]);
      expect(detail.timeline.map((s) => [s.step, s.label, s.at])).toEqual([
        ['placed', 'Order placed', new Date(PLACED).toISOString()],
        ['ad-due', 'First ad due', '2027-01-22'],
        ['running', 'Running', '2027-01-25'],
        ['completed', 'Completed', '2027-02-21'],
      ]);
    } finally {
      await h.database.db
        .update(media)
        .set({ unitPriceCents: row?.unitPriceCents })
        .where(eq(media.mediacode, tv));
    }
    // In its second week the row shows that week as the next run, and the third week's ad as due next.
    clock.set('2027-02-02T10:00:00');
    const token = await signIn(call, buyer.email);
    const [listed] = (await call<OrdersPage>('GET', '/orders?status=running', { token })).body.data.orders;
    expect(listed).toMatchObject({
      number,
      run: { label: 'Week of Feb 1, 2027', starts: '2027-02-01', ends: '2027-02-07' },
      run_is_next: true,
      next_ad_due: { date: '2027-02-05', days_left: 3 },
    });
  });

  it('shows an order to its company only: a colleague sees and may cancel it, another company gets 404', async () => {
    const { buyer, number } = await tvOrder();
    const colleague = await colleagueOf(h, call, buyer, 'isolation');
    const stranger = await customer(call);
    const missing = `There is no order ${number} among your company's orders. Check the number, or find the order in your orders list.`;

    for (const [method, path] of [
      ['GET', `/orders/${number}`],
      ['POST', `/orders/${number}/cancel`],
      ['POST', `/orders/${number}/again`],
    ] as const) {
      const answer = await call(method, path, { token: stranger.token });
      expect([path, answer.status, answer.body.success, answer.body.message]).toEqual([
        path,
        404,
        false,
        missing,
      ]);
    }
    for (const tab of ORDER_TABS) {
      const page = await call<OrdersPage>('GET', `/orders?status=${tab}&q=${number}`, {
        token: stranger.token,
      });
      expect(page.body.data).toEqual({ orders: [], counts: { upcoming: 0, running: 0, past: 0 } });
    }
    expect((await call('GET', '/orders/stats', { token: stranger.token })).body.data).toEqual({
      upcoming: 0,
      running: 0,
      completed: 0,
      cancelled: 0,
    });
    const csv = await rawGet(h, '/orders.csv', stranger.token);
    expect(csv.text).toBe('\uFEFFOrder number,Title,Market,Runs,Ad due,Run prices,Price,Status\r\n');
    expect((await rawGet(h, '/orders', stranger.token)).text).not.toContain(number);

    // The colleague sees the order everywhere and may cancel it; the order says who did.
    const seen = await call<OrdersPage>('GET', '/orders?status=upcoming', { token: colleague.token });
    expect(seen.body.data.orders.map((o) => o.number)).toEqual([number]);
    expect((await rawGet(h, '/orders.csv', colleague.token)).text).toContain(number);
    const cancelled = await call<OrderDetail>('POST', `/orders/${number}/cancel`, { token: colleague.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      placed_by: { name: 'Sam Shopper', email: buyer.email, former: false },
      cancelled: { by: { name: colleague.name, email: colleague.email, former: false } },
    });

    // Once the colleague's account is gone, the order no longer names them.
    const [account] = await h.database.db.select().from(users).where(eq(users.email, colleague.email));
    await h.database.db.delete(users).where(eq(users.id, account?.id ?? ''));
    const after = await detailOf(call, buyer.token, number);
    expect(after.cancelled?.by).toBeNull();
    expect(after.placed_by).toEqual({ name: 'Sam Shopper', email: buyer.email, former: false });
  });

  it('answers 404 with a message for an unknown or malformed number, and 401 without a sign-in', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const unknown = await call('GET', '/orders/AD-27-999999999', { token: buyer.token });
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      "There is no order AD-27-999999999 among your company's orders. Check the number, or find the order in your orders list.",
    ]);
    for (const bad of [
      'nope',
      'AD-27-12',
      'AD-2027-000001',
      '%00',
      'AD-27-000001x',
      `AD-27-${'1'.repeat(40)}`,
    ]) {
      for (const [method, path] of [
        ['GET', `/orders/${bad}`],
        ['POST', `/orders/${bad}/cancel`],
        ['POST', `/orders/${bad}/again`],
      ] as const) {
        const answer = await call(method, path, { token: buyer.token });
        expect([path, answer.status, answer.body.message]).toEqual([
          path,
          404,
          'There is no such order: an order number looks like AD-27-000123. Find the order in your orders list.',
        ]);
      }
    }
    for (const [method, path] of [
      ['GET', '/orders/AD-27-000001'],
      ['POST', '/orders/AD-27-000001/cancel'],
      ['POST', '/orders/AD-27-000001/again'],
      ['GET', '/orders/due'],
      ['GET', '/orders.csv'],
    ] as const) {
      const answer = await call(method, path);
      expect([path, answer.status, answer.body.message]).toEqual([path, 401, 'Unauthenticated.']);
    }
  });
});
