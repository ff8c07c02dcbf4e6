import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import type { EddmZip } from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { type BookedAgain, bookedAgain, type OrdersDue, ordersDue } from '../../contract/orders';
import type { Quote } from '../../contract/quote';
import { cartItems, media } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, onlyNumber, placeCart, placeOrders, settableClock, signIn } from './orderShop';
import { availabilityOf, caller, cartCookie, marketOfZip, placement } from './shop';

/*
 * Booking an order again, undated design work and a mailing's drop week, and the dashboard's ads due
 * (issue 15). From Monday 11 January 2027: Chicago's first TV station (TV508-01) sells 5 to 50 spots
 * a week at $4,620 a spot, its weeks of 18 January and 15 March sold out (one in eight); the first
 * design service (CU-01) is $349 a project; Chicago's every-door placement (ED508-01) mails at $416
 * per 1,000 pieces, its drop week of 1 February sold out (one in seven).
 */
describe.each(DRIVERS)('booking again, design work and mailings on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  let otherTv: string;
  let magazine: string;
  const clock = settableClock();
  const call = caller(() => h);
  const PLACED = '2027-01-11T09:00:00';

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    tv = (await placement(h, 'tv', { prodcode: chicago })).mediacode;
    magazine = (await placement(h, 'printmag', { prodcode: chicago })).mediacode;
    const [, second] = await h.database.db
      .select({ mediacode: media.mediacode })
      .from(media)
      .where(eq(media.prodcode, chicago))
      .orderBy(media.mediacode)
      .then((rows) => rows.filter((r) => r.mediacode.startsWith('TV')));
    otherTv = second?.mediacode ?? '';
  });
  afterAll(async () => {
    await h.close();
  });

  const again = (number: string, token: string) =>
    call<BookedAgain>('POST', `/orders/${number}/again`, { token });

  it('books a completed order again for its next open dates, at the price the cart quotes, into the customer’s cart', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [
        { mediacode: tv, dates: ['2027-01-25', '2027-02-01'], quantity: 10 },
      ]),
    );
    const early = await again(number, buyer.token);
    expect([early.status, early.body.message]).toEqual([
      409,
      `Order ${number} is upcoming: it can be booked again once it has run, or if it is cancelled.`,
    ]);

    // The order ended on Sunday 7 February; on Monday 8 February the next open weeks are 15 and 22
    // February (this week's creative was due last Friday).
    clock.set('2027-02-08T12:00:00');
    const token = await signIn(call, buyer.email);
    const answer = await again(number, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const booked = envelope(bookedAgain).parse(answer.body);
    expect(booked.data.dates).toEqual(['Week of Feb 15, 2027', 'Week of Feb 22, 2027']);
    expect(booked.message).toBe(
      'WYJH-TV 62 (CBS) is in your cart for Week of Feb 15, 2027, Week of Feb 22, 2027.',
    );
    const open = (await availabilityOf(call, tv)).options.filter((o) => o.available).slice(0, 2);
    expect(open.map((o) => o.value)).toEqual(['2027-02-15', '2027-02-22']);
    const quote = await call<Quote>(
      'GET',
      `/media/${tv}/quote?dates[]=2027-02-15&dates[]=2027-02-22&quantity=10`,
    );
    // 10 spots × $4,620 × 2 weeks.
    expect(quote.body.data.total).toBe(92_400);
    expect(booked.data.cart.contents.items).toHaveLength(1);
    expect(booked.data.cart.contents.items[0]).toMatchObject({
      mediacode: tv,
      dates: ['2027-02-15', '2027-02-22'],
      qty: 10,
      price: quote.body.data.total,
    });
    expect(booked.data.cart).toMatchObject({ status: 'open', total: 92_400 });
    expect(cartCookie(booked)?.value).toBe(booked.data.cart.uuid);
    // It is the customer's cart now, which the next add (or book again) goes on with.
    const me = await call<UserData>('GET', '/me', { token });
    expect(me.body.data.cart_uuid).toBe(booked.data.cart.uuid);
    const twice = envelope(bookedAgain).parse((await again(number, token)).body);
    expect(twice.data.cart.uuid).toBe(booked.data.cart.uuid);
    expect(twice.data.cart.contents.items).toHaveLength(2);
  });

  it('books a cancelled order again straight away, and refuses with what to do when no date is open', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: otherTv, dates: ['2027-02-01'], quantity: 5 }]),
    );
    expect((await call('POST', `/orders/${number}/cancel`, { token: buyer.token })).status).toBe(200);
    const [row] = await h.database.db.select().from(media).where(eq(media.mediacode, otherTv));
    const booked = await again(number, buyer.token);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.cart.contents.items[0]?.dates).toHaveLength(1);

    await h.database.db
      .update(media)
      .set({ schedule: { kind: 'weeks', soldOutEvery: 1, soldOutOffset: 0 } })
      .where(eq(media.mediacode, otherTv));
    try {
      const none = await again(number, buyer.token);
      expect([none.status, none.body.message]).toEqual([
        409,
        `${row?.name} has no open dates right now: every date on sale is sold out or past its ad deadline. Find a similar placement in the shop, or try again next week.`,
      ]);
    } finally {
      await h.database.db
        .update(media)
        .set({ schedule: row?.schedule ?? null })
        .where(eq(media.mediacode, otherTv));
    }
  });

  it('runs design work from two days after it was placed for 14 days, its materials due the next day', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const design = await placement(h, 'custom');
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: design.mediacode, dates: [], quantity: 1 }]),
    );
    const detail = await detailOf(call, buyer.token, number);
    expect(detail).toMatchObject({
      status: 'upcoming',
      title: 'Ad design: magazine full page',
      placement: { path: `/shop/design/${design.mediacode}` },
      quantity_label: '1 project',
      cancel_until: { date: '2027-01-12', days_left: 1 },
      next_ad_due: { date: '2027-01-12', days_left: 1 },
      total: 349,
    });
    expect(detail.runs).toEqual([
      {
        label: 'Design work',
        value: null,
        starts: '2027-01-13',
        ends: '2027-01-27',
        ad_due: { date: '2027-01-12', days_left: 1 },
        price: 349,
        price_formatted: '$349',
        status: 'upcoming',
        ad_file: null,
        // Issue 31: nothing booked or delivered yet.
        booking: { state: 'pending', reference: null, at: null },
        delivery: { state: 'pending', at: null, proofs: [] },
      },
    ]);
    clock.set('2027-01-13T00:00:00');
    expect((await detailOf(call, await signIn(call, buyer.email), number)).status).toBe('running');
    clock.set('2027-01-28T00:00:00');
    const token = await signIn(call, buyer.email);
    expect((await detailOf(call, token, number)).status).toBe('completed');
    const booked = envelope(bookedAgain).parse((await again(number, token)).body);
    expect(booked.data.dates).toEqual(['Design work']);
    expect(booked.message).toBe('Ad design: magazine full page is in your cart.');
    expect(booked.data.cart.contents.items[0]).toMatchObject({
      mediacode: design.mediacode,
      dates: [],
      price: 349,
    });
  });

  it('runs a mailing for its drop week’s in-home window, and books it again with the same routes', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const zip = (await call<EddmZip>('GET', '/eddm/zip?zip=60614')).body.data;
    const routes = zip.routes.slice(0, 3).map((r) => r.routecode);
    const selection = await call<{ id: string }>('POST', '/eddm/cart', {
      body: { routes, residential_only: true },
    });
    const created = await call<Cart>('POST', '/eddm/campaign/create', {
      token: buyer.token,
      body: { date_start: '2027-01-18', eddmcartid: selection.body.data.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const number = onlyNumber(await placeCart(call, buyer.token, created.body.data));
    const detail = await detailOf(call, buyer.token, number);
    // C001–C003 of 60614, homes only: 1,404 pieces at $416 per 1,000 = $584.06.
    expect(detail).toMatchObject({
      title: 'Every Door Direct Mail: 60614',
      media_type: 'eddm',
      quantity: 1_404,
      quantity_label: '1,404 postcards per drop',
      total: 584.06,
      lines: [{ label: '1,404 postcards per drop at $416 per 1,000', amount: 584.06 }],
      discount: 0,
    });
    expect(detail.runs).toEqual([
      expect.objectContaining({
        label: 'Drop week of Jan 18, 2027',
        starts: '2027-01-18',
        ends: '2027-01-21',
        ad_due: { date: '2027-01-15', days_left: 4 },
        price: 584.06,
      }),
    ]);
    clock.set('2027-01-21T23:59:59.999');
    expect((await detailOf(call, await signIn(call, buyer.email), number)).status).toBe('running');
    // Friday 22 January: the drop of 25 January is still open (its artwork is due today).
    clock.set('2027-01-22T00:00:00');
    const token = await signIn(call, buyer.email);
    expect((await detailOf(call, token, number)).status).toBe('completed');
    const booked = envelope(bookedAgain).parse((await again(number, token)).body);
    expect(booked.data.dates).toEqual(['Drop week of Jan 25, 2027']);
    const item = booked.data.cart.contents.items[0];
    expect(item).toMatchObject({ dates: ['2027-01-25'], qty: 1_404, price: 584.06 });
    const [stored] = await h.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, item?.id ?? 0));
    // Booked again, the routes keep their pieces as bought this time (369 + 652 + 383 homes = 1,404).
    expect(stored?.details).toEqual({
      kind: 'eddm',
      routes,
      residential_only: true,
      zips: ['60614'],
      route_pieces: { '60614C001': 369, '60614C002': 652, '60614C003': 383 },
    });
  });

  it('lists the ads due soonest first on the dashboard, five of them, with how many there are', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const design = await placement(h, 'custom');
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
      { mediacode: tv, dates: ['2027-02-08'], quantity: 5 },
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
      { mediacode: design.mediacode, dates: [], quantity: 1 },
      { mediacode: tv, dates: ['2027-02-15'], quantity: 5 },
      { mediacode: tv, dates: ['2027-02-01'], quantity: 5 },
    ]);
    const [issue, feb8, jan25, designWork, feb15, feb1] = placed.orders.map((o) => o.number);
    const due = async (token: string) => {
      const answer = await call<OrdersDue>('GET', '/orders/due', { token });
      expect(answer.status).toBe(200);
      return envelope(ordersDue).parse(answer.body).data;
    };
    const first = await due(buyer.token);
    expect(first.total).toBe(6);
    // March's issue and the week of 1 February are both due 29 January: the one that runs sooner first.
    expect(first.orders.map((o) => [o.number, o.next_ad_due?.date])).toEqual([
      [designWork, '2027-01-12'],
      [jan25, '2027-01-22'],
      [feb1, '2027-01-29'],
      [issue, '2027-01-29'],
      [feb8, '2027-02-05'],
    ]);
    expect(feb15).toBeDefined();
    // A cancelled order has nothing due; once a run has started, neither has it.
    expect((await call('POST', `/orders/${designWork}/cancel`, { token: buyer.token })).status).toBe(200);
    clock.set('2027-01-26T09:00:00');
    const later = await due(await signIn(call, buyer.email));
    expect(later.orders.map((o) => o.number)).toEqual([feb1, issue, feb8, feb15]);
    expect(later.orders[0]?.next_ad_due).toEqual({ date: '2027-01-29', days_left: 3 });
  });
});
