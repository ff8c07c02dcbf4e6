import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { type OrdersPage, ordersPage } from '../../contract/orders';
import { media } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, rawGet, settableClock, signIn } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';

/*
 * The orders lists, their search and the CSV export (issue 15). Chicago's first TV station (TV508-01,
 * WYJH-TV 62 (CBS)) sells 5 spots a week at $4,620, from the week of 25 January 2027 on the clock's
 * first day, Monday 11 January 2027.
 */
describe.each(DRIVERS)('orders lists on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  let magazine: string;
  const clock = settableClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    tv = (await placement(h, 'tv', { prodcode: chicago })).mediacode;
    magazine = (await placement(h, 'printmag', { prodcode: chicago })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  const pageOf = async (token: string, query: string) => {
    const answer = await call<OrdersPage>('GET', `/orders?${query}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(ordersPage).parse(answer.body);
  };

  it('pages a tab 20 at a time, soonest first, and past the last page answers an empty page', async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    // 21 orders, one for each of the first 21 open weeks.
    const weeks = await availableDates(call, tv, 21);
    const placed = await placeOrders(
      call,
      buyer.token,
      weeks.map((week) => ({ mediacode: tv, dates: [week], quantity: 5 })),
    );
    const byWeek = new Map(placed.orders.map((o) => [o.item.dates[0], o.number]));
    const soonestFirst = weeks.map((week) => byWeek.get(week));

    const first = await pageOf(buyer.token, 'status=upcoming');
    expect(first.data.orders.map((o) => o.number)).toEqual(soonestFirst.slice(0, 20));
    expect(first.meta).toMatchObject({ page: 1, per_page: 20, pages: 2, total: 21 });
    expect(first.data.counts).toEqual({ upcoming: 21, running: 0, past: 0 });
    const second = await pageOf(buyer.token, 'status=upcoming&page=2');
    expect(second.data.orders.map((o) => o.number)).toEqual(soonestFirst.slice(20));
    expect(second.meta).toMatchObject({ page: 2, pages: 2, total: 21 });
    const beyond = await pageOf(buyer.token, 'status=upcoming&page=3');
    expect(beyond.data.orders).toEqual([]);
    expect(beyond.meta).toMatchObject({ page: 3, pages: 2, total: 21 });
    expect(beyond.data.counts).toEqual({ upcoming: 21, running: 0, past: 0 });

    // Once the first three weeks have ended (and the fourth runs), past lists the newest-ended first.
    const fourth = weeks[3] ?? '';
    clock.set(`${fourth}T12:00:00`);
    const later = await signIn(call, buyer.email);
    const past = await pageOf(later, 'status=past');
    expect(past.data.orders.map((o) => o.number)).toEqual(soonestFirst.slice(0, 3).reverse());
    expect(past.data.counts).toEqual({ upcoming: 17, running: 1, past: 3 });
    expect((await pageOf(later, 'status=running')).data.orders.map((o) => o.number)).toEqual([
      soonestFirst[3],
    ]);

    const refusals: [string, string][] = [
      ['page=0', 'The first page is page 1.'],
      ['page=two', 'The page is a whole number.'],
      ['page=1.5', 'The page is a whole number.'],
      [`q=${'x'.repeat(101)}`, 'Search with at most 100 characters.'],
    ];
    for (const [query, message] of refusals) {
      const bad = await call('GET', `/orders?${query}`, { token: later });
      expect([query, bad.status, bad.body.message]).toEqual([query, 400, expect.stringContaining(message)]);
    }
  });

  it('searches by order number, whole or in part and in any case, and by the words of the title', async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const [tvOrder, magazineOrder] = placed.orders.map((o) => o.number);
    const found = async (q: string) =>
      (await pageOf(buyer.token, `status=upcoming&q=${encodeURIComponent(q)}`)).data.orders.map(
        (o) => o.number,
      );

    expect(await found(tvOrder ?? '')).toEqual([tvOrder]);
    expect(await found((tvOrder ?? '').toLowerCase())).toEqual([tvOrder]);
    // The digits alone, as a customer reads them off a page (AD-27-001234: "001234").
    expect(await found((magazineOrder ?? '').slice(-6))).toEqual([magazineOrder]);
    expect(await found('wyjh-tv')).toEqual([tvOrder]);
    expect(await found('  golf   CHICAGO ')).toEqual([magazineOrder]);
    expect(await found('golf cbs')).toEqual([]);
    // % and _ are letters here, not wildcards.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('AD-__-')).toEqual([]);
    const searched = await pageOf(buyer.token, 'status=upcoming&q=golf');
    expect(searched.meta).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(searched.data.counts).toEqual({ upcoming: 2, running: 0, past: 0 });
    const nothing = await pageOf(buyer.token, 'status=upcoming&q=nothing-like-this');
    expect(nothing.meta).toMatchObject({ page: 1, pages: 0, total: 0 });
  });

  it('exports a tab or every order as CSV: runs and ad-due days joined, quoted, formulas kept as text', async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25', '2027-02-01'], quantity: 5 },
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const [tvOrder, magazineOrder] = placed.orders.map((o) => o.number);
    const [before] = await h.database.db.select().from(media).where(eq(media.mediacode, tv));
    await h.database.db
      .update(media)
      .set({ name: '=HYPERLINK("http://evil.example"), "Prime", time' })
      .where(eq(media.mediacode, tv));
    try {
      const upcoming = await rawGet(h, '/orders.csv?status=upcoming', buyer.token);
      expect(upcoming.status).toBe(200);
      expect(upcoming.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(upcoming.headers.get('content-disposition')).toBe(
        'attachment; filename="adlane-orders-upcoming-2027-01-11.csv"',
      );
      // Soonest first: the TV weeks start on 25 January, before March's issue.
      expect(upcoming.text).toBe(
        '\uFEFF' +
          'Order number,Title,Market,Runs,Ad due,Run prices,Price,Status\r\n' +
          `${tvOrder},"'=HYPERLINK(""http://evil.example""), ""Prime"", time","Chicago, IL","Week of Jan 25, 2027; Week of Feb 1, 2027",2027-01-22; 2027-01-29,23100.00; 23100.00,46200.00,upcoming\r\n` +
          `${magazineOrder},Golf Digest: Chicago edition,"Chicago, IL",March 2027 issue,2027-01-29,8025.00,8025.00,upcoming\r\n`,
      );
      const all = await rawGet(h, '/orders.csv', buyer.token);
      expect(all.headers.get('content-disposition')).toBe(
        'attachment; filename="adlane-orders-all-2027-01-11.csv"',
      );
      expect(all.text.split('\r\n')).toHaveLength(4);
      const past = await rawGet(h, '/orders.csv?status=past', buyer.token);
      expect(past.text).toBe('\uFEFFOrder number,Title,Market,Runs,Ad due,Run prices,Price,Status\r\n');
      const bad = await call('GET', '/orders.csv?status=shipped', { token: buyer.token });
      expect([bad.status, bad.body.message]).toEqual([
        400,
        expect.stringContaining('Unknown order list "shipped"'),
      ]);
      // A cancelled order has nothing due in the export either (issue 28, point 3).
      expect((await call('POST', `/orders/${magazineOrder}/cancel`, { token: buyer.token })).status).toBe(
        200,
      );
      const afterCancel = (await rawGet(h, '/orders.csv', buyer.token)).text.split('\r\n');
      expect(afterCancel.find((row) => row.startsWith(`${magazineOrder},`))).toBe(
        `${magazineOrder},Golf Digest: Chicago edition,"Chicago, IL",March 2027 issue,,8025.00,8025.00,cancelled`,
      );
    } finally {
      await h.database.db
        .update(media)
        .set({ name: before?.name ?? '' })
        .where(eq(media.mediacode, tv));
    }
  });
});
