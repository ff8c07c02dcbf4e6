import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import {
  ORDER_TABS,
  type OrderCounts,
  type OrderDetail,
  type OrdersDue,
  type OrdersPage,
  orderDetail,
} from '../../contract/orders';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';

/*
 * An order's life on the server's clock (issue 15): its status follows its runs' dates at every
 * instant, and it can be cancelled until its ad is due, once. Instants are local
 * times (no zone), as the server reads days. Chicago's first TV station (TV508-01) sells 5 spots a
 * week at $4,620; its first open week from Monday 11 January 2027 is 25 January (18 January is sold
 * out), which runs 25–31 January, its creative due Friday 22 January. Its first magazine (PM508-01)
 * sells March 2027's issue, due 29 January (31 days before 1 March).
 */
describe.each(DRIVERS)('an order’s life on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  let magazine: string;
  const clock = settableClock();
  const call = caller(() => h);
  const PLACED = '2027-01-11T09:00:00';
  const WEEK = '2027-01-25';

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    tv = (await placement(h, 'tv', { prodcode: chicago })).mediacode;
    magazine = (await placement(h, 'printmag', { prodcode: chicago })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  /** A new customer who orders TV508-01 for the week of 25 January, at the placing instant. */
  const tvOrder = async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [{ mediacode: tv, dates: [WEEK], quantity: 5 }]);
    return { buyer, number: onlyNumber(placed), placed };
  };

  /** The customer's view of the order at an instant: its status everywhere it shows. */
  const seenAt = async (instant: string, email: string, number: string) => {
    clock.set(instant);
    const token = await signIn(call, email);
    const detail = await detailOf(call, token, number);
    const stats = (await call<OrderCounts>('GET', '/orders/stats', { token })).body.data;
    const tabs: Record<string, string[]> = {};
    for (const tab of ORDER_TABS) {
      const page = await call<OrdersPage>('GET', `/orders?status=${tab}`, { token });
      tabs[tab] = page.body.data.orders.map((o) => o.number);
    }
    return { token, detail, stats, tabs };
  };

  it('moves from upcoming to running to completed with the clock, at the exact first and last instants', async () => {
    const { buyer, number, placed } = await tvOrder();
    expect(placed.orders[0]?.status).toBe('upcoming');

    const start = await seenAt(PLACED, buyer.email, number);
    expect(start.detail).toMatchObject({
      number,
      status: 'upcoming',
      title: 'WYJH-TV 62 (CBS)',
      market: 'Chicago, IL',
      media_type: 'tv',
      mediacode: tv,
      placement: { name: 'WYJH-TV 62 (CBS)', path: `/shop/tv/${tv}` },
      quantity: 5,
      quantity_label: '5 spots per week',
      run: { label: 'Week of Jan 25, 2027', starts: WEEK, ends: '2027-01-31' },
      run_is_next: true,
      next_ad_due: { date: '2027-01-22', days_left: 11 },
      cancel_until: { date: '2027-01-22', days_left: 11 },
      can_book_again: false,
      total: 23_100,
      total_formatted: '$23,100',
      subtotal: 23_100,
      discount: 0,
      discount_formatted: '$0',
      billing: BILLING,
      placed_by: { name: 'Sam Shopper', email: buyer.email, former: false },
      cancelled: null,
      // The checkout's invoice, numbered by the clock's year.
      invoice: { number: expect.stringMatching(/^INV-27-\d{6,}$/) },
      placed_at: new Date(PLACED).toISOString(),
    });
    expect(start.detail.runs).toEqual([
      {
        label: 'Week of Jan 25, 2027',
        value: WEEK,
        starts: WEEK,
        ends: '2027-01-31',
        ad_due: { date: '2027-01-22', days_left: 11 },
        price: 23_100,
        price_formatted: '$23,100',
        status: 'upcoming',
        ad_file: { state: 'missing', file: null, problems: [], note: null, approval: null },
        // Issue 31: nothing booked or delivered yet.
        booking: { state: 'pending', reference: null, at: null },
        delivery: { state: 'pending', at: null, proofs: [] },
      },
    ]);
    expect(start.detail.lines).toEqual([
      { label: expect.stringMatching(/^5 spots per week × 1 week at \$4,620 /), amount: 23_100 },
    ]);
    expect(start.detail.timeline).toEqual([
      { step: 'placed', label: 'Order placed', at: new Date(PLACED).toISOString(), state: 'done' },
      { step: 'ad-due', label: 'Ad due', at: '2027-01-22', state: 'current' },
      { step: 'running', label: 'Running', at: WEEK, state: 'next' },
      { step: 'completed', label: 'Completed', at: '2027-01-31', state: 'next' },
    ]);
    expect(start.stats).toEqual({ upcoming: 1, running: 0, completed: 0, cancelled: 0 });
    expect(start.tabs).toEqual({ upcoming: [number], running: [], past: [] });

    // One millisecond before its first day: still upcoming; the day its ad was due is two days behind.
    const before = await seenAt('2027-01-24T23:59:59.999', buyer.email, number);
    expect(before.detail).toMatchObject({
      status: 'upcoming',
      next_ad_due: { date: '2027-01-22', days_left: -2 },
    });
    expect(before.detail.cancel_until).toBeNull();
    expect(before.detail.timeline.map((s) => s.state)).toEqual(['done', 'done', 'current', 'next']);
    expect(before.tabs).toEqual({ upcoming: [number], running: [], past: [] });
    expect(before.stats).toEqual({ upcoming: 1, running: 0, completed: 0, cancelled: 0 });

    for (const instant of [`${WEEK}T00:00:00`, '2027-01-31T23:59:59.999']) {
      const running = await seenAt(instant, buyer.email, number);
      expect(running.detail).toMatchObject({ status: 'running', run_is_next: true, next_ad_due: null });
      expect(running.detail.runs[0]?.status).toBe('running');
      expect(running.detail.timeline.map((s) => s.state)).toEqual(['done', 'done', 'current', 'next']);
      expect(running.tabs).toEqual({ upcoming: [], running: [number], past: [] });
      expect(running.stats).toEqual({ upcoming: 0, running: 1, completed: 0, cancelled: 0 });
    }

    // One millisecond after its last instant: completed, and it can be booked again.
    const after = await seenAt('2027-02-01T00:00:00', buyer.email, number);
    expect(after.detail).toMatchObject({
      status: 'completed',
      run: { label: 'Week of Jan 25, 2027' },
      run_is_next: false,
      next_ad_due: null,
      cancel_until: null,
      can_book_again: true,
    });
    expect(after.detail.runs[0]?.status).toBe('completed');
    expect(after.detail.timeline.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(after.tabs).toEqual({ upcoming: [], running: [], past: [number] });
    expect(after.stats).toEqual({ upcoming: 0, running: 0, completed: 1, cancelled: 0 });
  });

  it('cancels until the last instant of the ad-due day: the order moves to past and never counts as running', async () => {
    const { buyer, number } = await tvOrder();
    clock.set('2027-01-22T23:59:59.999');
    const token = await signIn(call, buyer.email);
    const cancelled = await call<OrderDetail>('POST', `/orders/${number}/cancel`, { token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toBe(`Order ${number} is cancelled.`);
    const detail = envelope(orderDetail).parse(cancelled.body).data;
    expect(detail).toMatchObject({
      status: 'cancelled',
      cancelled: {
        at: new Date('2027-01-22T23:59:59.999').toISOString(),
        by: { name: 'Sam Shopper', email: buyer.email },
      },
      cancel_until: null,
      next_ad_due: null,
      run_is_next: false,
      can_book_again: true,
    });
    // Nothing is due for a cancelled order, on its page or in a list (issue 28, point 3).
    expect(detail.runs.map((r) => [r.status, r.ad_due])).toEqual([['cancelled', null]]);
    expect((await detailOf(call, token, number)).runs.map((r) => r.ad_due)).toEqual([null]);
    expect(detail.timeline).toEqual([
      { step: 'placed', label: 'Order placed', at: new Date(PLACED).toISOString(), state: 'done' },
      {
        step: 'cancelled',
        label: 'Cancelled',
        at: new Date('2027-01-22T23:59:59.999').toISOString(),
        state: 'done',
      },
    ]);
    const page = await call<OrdersPage>('GET', '/orders?status=past', { token });
    expect(page.body.data.orders.map((o) => [o.number, o.status, o.next_ad_due])).toEqual([
      [number, 'cancelled', null],
    ]);
    expect(page.body.data.counts).toEqual({ upcoming: 0, running: 0, past: 1 });
    expect((await call<OrdersDue>('GET', '/orders/due', { token })).body.data).toEqual({
      orders: [],
      total: 0,
    });

    const again = await call('POST', `/orders/${number}/cancel`, { token });
    expect([again.status, again.body.message]).toEqual([
      409,
      `Order ${number} was already cancelled on Jan 22, 2027.`,
    ]);

    // During the week it would have run, it is still cancelled and past, not running.
    const during = await seenAt('2027-01-27T12:00:00', buyer.email, number);
    expect(during.detail.status).toBe('cancelled');
    expect(during.stats).toEqual({ upcoming: 0, running: 0, completed: 0, cancelled: 1 });
    expect(during.tabs).toEqual({ upcoming: [], running: [], past: [number] });
  });

  it('refuses a cancel after the ad-due day, naming the deadline that passed, and leaves the order as it was', async () => {
    const { buyer, number } = await tvOrder();
    clock.set('2027-01-23T00:00:00');
    const token = await signIn(call, buyer.email);
    const late = await call('POST', `/orders/${number}/cancel`, { token });
    expect([late.status, late.body.success, late.body.message]).toEqual([
      409,
      false,
      'The ad for the week of Jan 25, 2027 was due on Jan 22, 2027; after that date the order can no longer be cancelled.',
    ]);
    expect((await detailOf(call, token, number)).status).toBe('upcoming');

    clock.set(PLACED);
    const reader = await signIn(call, buyer.email);
    const issue = onlyNumber(
      await placeOrders(call, reader, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    const refusals: [string, string][] = [
      [
        '2027-01-30T00:00:00',
        'The ad for the March 2027 issue was due on Jan 29, 2027; after that date the order can no longer be cancelled.',
      ],
      [
        '2027-03-10T12:00:00',
        `Order ${issue} is running since Mar 1, 2027: a running order can no longer be cancelled.`,
      ],
      [
        '2027-04-01T00:00:00',
        `Order ${issue} was completed on Mar 31, 2027: there is nothing left to cancel.`,
      ],
    ];
    for (const [instant, message] of refusals) {
      clock.set(instant);
      const answer = await call('POST', `/orders/${issue}/cancel`, {
        token: await signIn(call, buyer.email),
      });
      expect([answer.status, answer.body.message]).toEqual([409, message]);
    }
  });

  it('lets one of two cancels at the same moment through and answers the other 409', async () => {
    const { buyer, number } = await tvOrder();
    const token = await signIn(call, buyer.email);
    const answers = await Promise.all(
      [1, 2].map(() => call<OrderDetail>('POST', `/orders/${number}/cancel`, { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toContain('was already cancelled');
  });
});
