import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BookedAgain, OrderDetail } from '../../contract/orders';
import { type OrdersApi, orderPageLogic } from '../../src/system/orders';
import { customer, emptyCart, fakeApp, flush } from './fakeApp';

const NUMBER = 'AD-27-000042';
const ACCOUNT_CART = '0b7e4c2a-9d13-4f6e-8a25-7c9d1e3f5b40';
const NEW_CART = '5a1e0c3b-2f4d-4e6a-9b7c-8d0e1f2a3b4c';

function orderOf(fields: Partial<OrderDetail>): OrderDetail {
  return {
    number: NUMBER,
    title: 'Chicago Magazine',
    market: 'Chicago',
    image: '',
    mediacode: 'PM501-01',
    media_type: 'printmag',
    status: 'upcoming',
    run: null,
    run_is_next: true,
    next_ad_due: null,
    total: 1200,
    total_formatted: '$1,200',
    placed_at: '2027-01-11T09:00:00.000Z',
    awaiting_payment: false,
    placement: { name: 'Chicago Magazine', path: '/shop/magazines/PM501-01' },
    quantity: 1,
    quantity_label: '1 full-page ad per issue',
    runs: [],
    lines: [],
    subtotal: 1200,
    discount: 0,
    discount_formatted: '$0',
    billing: {
      name: 'Dana Reyes',
      email: 'dana@bakery.example',
      phone: '(312) 555-0100',
      company: 'Reyes Bakery',
      address: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
    },
    placed_by: { name: 'Dana Reyes', email: 'dana@bakery.example', former: false },
    cancelled: null,
    cancel_until: { date: '2027-02-26', days_left: 46 },
    can_book_again: false,
    timeline: [],
    invoice: null,
    design: null,
    bought_routes: [],
    ...fields,
  };
}

const cancelledOrder = orderOf({
  status: 'cancelled',
  cancel_until: null,
  can_book_again: true,
  cancelled: { at: '2027-01-11T10:00:00.000Z', by: null },
});

/** The order page's API, answering from what the test says; each call is recorded. */
function fakeOrdersApi(order: OrderDetail, calls: string[], booked?: BookedAgain): OrdersApi {
  return {
    fetchOrdersPage: async () => {
      throw new Error('Not in this test.');
    },
    fetchOrder: async (number) => {
      calls.push(`load ${number}`);
      return order;
    },
    cancelOrder: async (number) => {
      calls.push(`cancel ${number}`);
      return cancelledOrder;
    },
    bookOrderAgain: async (number) => {
      calls.push(`again ${number}`);
      if (!booked) throw new Error('Not in this test.');
      return booked;
    },
    downloadOrdersCsv: async () => ({ ok: false, status: 503, message: 'Not in this test.' }),
  };
}

const toastMessages = (harness: ReturnType<typeof fakeApp>) =>
  harness.app.toasts.getSnapshot().context.toasts.map((t) => t.message);

describe("an order's page as the app provides it (src/system/orders.ts)", () => {
  it('a cancel reloads the menu’s order counts and says so in a toast', async () => {
    let statsAsked = 0;
    const harness = fakeApp({
      services: {
        fetchOrdersStats: async () => {
          statsAsked += 1;
          return statsAsked === 1
            ? { upcoming: 1, running: 0, completed: 0, cancelled: 0 }
            : { upcoming: 0, running: 0, completed: 0, cancelled: 1 };
        },
      },
    });
    harness.app.acceptSignIn(customer());
    await flush();
    expect(harness.app.session.getSnapshot().context.ordersStats?.upcoming).toBe(1);

    const calls: string[] = [];
    const opened: string[] = [];
    const page = createActor(
      orderPageLogic(harness.app, { openCart: (id) => opened.push(id) }, fakeOrdersApi(orderOf({}), calls)),
      { ...harness.app.actorOptions, input: { number: NUMBER, productName: 'Adlane' } },
    ).start();
    await flush();
    page.send({ type: 'order.cancel' });
    page.send({ type: 'order.cancelConfirmed' });
    await flush();

    expect(calls).toEqual([`load ${NUMBER}`, `cancel ${NUMBER}`]);
    expect(toastMessages(harness)).toContain(`Order ${NUMBER} is cancelled.`);
    expect(harness.app.session.getSnapshot().context.ordersStats).toEqual({
      upcoming: 0,
      running: 0,
      completed: 0,
      cancelled: 1,
    });
    harness.app.stop();
  });

  it('a book-again hands the answered cart to the app (the session holds it) and opens its checkout', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: ACCOUNT_CART },
      services: { loadCart: async (id) => emptyCart(id) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: ACCOUNT_CART }));
    await flush();

    const bookedCart = { ...emptyCart(NEW_CART), total: 1200, total_formatted: '$1,200' };
    const calls: string[] = [];
    const opened: string[] = [];
    const page = createActor(
      orderPageLogic(
        harness.app,
        { openCart: (id) => opened.push(id) },
        fakeOrdersApi(cancelledOrder, calls, { cart: bookedCart, dates: ['March 2027 issue'] }),
      ),
      { ...harness.app.actorOptions, input: { number: NUMBER, productName: 'Adlane' } },
    ).start();
    await flush();
    page.send({ type: 'order.bookAgain' });
    await flush();

    expect(calls).toEqual([`load ${NUMBER}`, `again ${NUMBER}`]);
    expect(opened).toEqual([NEW_CART]);
    const session = harness.app.session.getSnapshot().context;
    expect(session.cartId).toBe(NEW_CART);
    expect(session.cart?.total_formatted).toBe('$1,200');
    // The cart cookie is the API's to set (meta.drop_cookies, applied by the API client).
    harness.app.stop();
  });
});
