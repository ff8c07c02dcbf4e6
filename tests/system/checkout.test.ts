import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Cart, PlacedOrders, PlaceOrderBody } from '../../contract/cart';
import type { CheckoutEvent } from '../../machines/checkout/checkout.machine';
import type { Result } from '../../src/api/result';
import { type CheckoutApi, checkoutInput, checkoutLogic } from '../../src/system/checkout';
import { stopWhenSettled } from '../../src/system/hooks/useFlowActor';
import { customer, emptyCart, fakeApp, flush, T0 } from './fakeApp';

const CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
const ACCOUNT_CART = '0b7e4c2a-9d13-4f6e-8a25-7c9d1e3f5b40';

const withItem = (uuid: string): Cart => ({
  ...emptyCart(uuid),
  total: 1200,
  total_formatted: '$1,200',
  contents: {
    items: [
      {
        id: 7,
        image: '/i.svg',
        price_formatted: '$1,200',
        order: null,
        summary: { summary_title: 'Chicago Magazine', summary_line_1: '', summary_line_2: '' },
        mediacode: 'PM501-01',
        media_type: 'printmag',
        market: 'Chicago, IL',
        price: 1200,
        unit_price: 1200,
        qty: 1,
        dates: ['2027/03'],
        issue: '2027/03',
        date_start: null,
        created_at: '2027-01-01T00:00:00Z',
      },
    ],
  },
});

const BILLING = {
  phone: '(312) 555-0100',
  address: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
};

/** What the customer types into the billing form (name, e-mail and company come from the account). */
function typeBilling(checkout: { send(event: CheckoutEvent): void }) {
  for (const [field, value] of [
    ['phone', BILLING.phone],
    ['address', BILLING.address],
    ['city', BILLING.city],
    ['state', BILLING.state],
    ['zip', BILLING.zip],
  ] as const)
    checkout.send({ type: 'checkout.fieldChanged', field, value });
}

const notInThisTest = async (): Promise<Result<PlacedOrders>> => ({
  ok: false,
  status: 503,
  message: 'Not in this test.',
  fieldErrors: {},
});

/** The checkout of a page, created as the page creates it, on a whole fake app, with a fake API. */
function openCheckout(
  harness: ReturnType<typeof fakeApp>,
  cart: Cart,
  placeOrder: CheckoutApi['placeOrder'] = notInThisTest,
  fetchBillingContact: CheckoutApi['fetchBillingContact'] = async () => null,
  fetchStandingPo: CheckoutApi['fetchStandingPo'] = async () => null,
) {
  const opened: string[] = [];
  const checkout = createActor(
    checkoutLogic(
      harness.app,
      { openCart: (cartId) => opened.push(cartId), goToPayment: (url) => opened.push(url) },
      {
        placeOrder,
        fetchBillingContact,
        fetchStandingPo,
        fetchCardsOffered: async () => false,
        fetchInvoiceTerms: async () => ({ offered: true, label: 'Invoice, net 30', days: 30, refusal: null }),
      },
    ),
    { input: checkoutInput(cart.uuid, cart), ...harness.app.actorOptions },
  ).start();
  return { checkout, opened };
}

/** What the API answers for an order of the cart: its one item ordered as AD-27-000001. */
function placedOf(cart: Cart): Result<PlacedOrders> {
  const [item] = cart.contents.items;
  if (!item) throw new Error('The test cart has an item.');
  return {
    ok: true,
    message: 'Placed.',
    data: {
      cart: { ...cart, status: 'placed' },
      orders: [
        {
          id: 1,
          number: 'AD-27-000001',
          status: 'upcoming',
          item,
          billing: { ...BILLING, name: 'Dana Reyes', email: 'dana@bakery.example', company: 'Reyes Bakery' },
          placed_at: '2027-01-11T09:00:00Z',
        },
      ],
    },
  };
}

const toastMessages = (harness: ReturnType<typeof fakeApp>) =>
  harness.app.toasts.getSnapshot().context.toasts.map((t) => t.message);

describe('the checkout as the app provides it (src/system/checkout.ts)', () => {
  it('makes a key the API takes, new for each checkout', () => {
    const first = checkoutInput(CART, null).idempotencyKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(checkoutInput(CART, null).idempotencyKey).not.toBe(first);
  });

  it("follows the session: the sign-in check, a visitor's sign-in here, and the account's cart it leads to", async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: {
        loadCart: async (cartId) => (cartId === CART ? withItem(CART) : emptyCart(cartId)),
        fetchMe: async () => customer({ cart_uuid: ACCOUNT_CART }),
      },
    });
    const { checkout, opened } = openCheckout(harness, withItem(CART));
    await flush();
    expect(checkout.getSnapshot().hasTag('checkingSignIn')).toBe(true);

    harness.clock.increment(900);
    harness.clock.increment(100);
    await flush();
    expect(checkout.getSnapshot().hasTag('needsAccount')).toBe(true);
    expect(harness.record.filter((line) => line === 'analytics begin_checkout')).toHaveLength(1);

    harness.app.acceptSignIn(customer({ cart_uuid: ACCOUNT_CART }));
    await flush();
    expect(opened).toEqual([ACCOUNT_CART]);
    expect(checkout.getSnapshot().context.billing.name).toBe('Dana Reyes');
    checkout.stop();
    harness.app.stop();
  });

  it('placed: the app forgets the cart and reloads the order counts; a toast with the numbers; purchase analytics', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    const cart = withItem(CART);
    const sent: PlaceOrderBody[] = [];
    const { checkout } = openCheckout(harness, cart, async (_, body) => {
      sent.push(body);
      return placedOf(cart);
    });
    await flush();
    typeBilling(checkout);
    checkout.send({ type: 'checkout.submit' });
    await flush();

    expect(sent.map((body) => body.item_ids)).toEqual([[7]]);
    expect(checkout.getSnapshot().value).toBe('placed');
    expect(harness.app.session.getSnapshot().context.cartId).toBeNull();
    expect(harness.cookies.get('adlane_cart_id')).toBeUndefined();
    expect(toastMessages(harness)).toContain('Order placed: AD-27-000001.');
    expect(harness.record).toContain('analytics purchase');
    harness.app.stop();
  });

  it("a 409 loads the cart again, and the app's own copy too when it is this cart", async () => {
    const loads: string[] = [];
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: {
        loadCart: async (cartId) => {
          loads.push(cartId);
          return withItem(cartId);
        },
      },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    loads.length = 0;
    const { checkout } = openCheckout(harness, withItem(CART), async () => ({
      ok: false,
      status: 409,
      message: 'Your cart changed since this page was opened.',
      fieldErrors: {},
    }));
    await flush();
    typeBilling(checkout);
    checkout.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.getSnapshot().matches({ checkingOut: { cartChanged: 'shown' } })).toBe(true);
    expect(checkout.getSnapshot().context.alert).toBe('Your cart changed since this page was opened.');
    // One load for the page, one for the mini-cart (the app's cart actor).
    expect(loads).toEqual([CART, CART]);
    checkout.stop();
    harness.app.stop();
  });

  it("a customer signed in on this browser who opens a cart their account took in is taken to the account's cart", async () => {
    // /checkout/CART reloaded after CART was merged into the account's cart: the cookie names the account's.
    const harness = fakeApp({
      stored: { token: 'access-1', tokenCreatedAt: T0 - 60_000 },
      cookies: { adlane_cart_id: ACCOUNT_CART, adlane_dashboard_token: 'refresh-1' },
      services: {
        loadCart: async (cartId) => withItem(cartId),
        fetchMe: async () => customer({ cart_uuid: ACCOUNT_CART }),
      },
    });
    const { checkout, opened } = openCheckout(harness, withItem(CART));
    await flush();
    harness.clock.increment(900);
    harness.clock.increment(100);
    await flush();
    expect(harness.app.session.getSnapshot().context.userData?.uuid).toBe('u-1');
    expect(opened).toEqual([ACCOUNT_CART]);
    expect(checkout.getSnapshot().hasTag('moving')).toBe(true);
    // The page goes to the account cart's checkout, whose own actor tracks begin_checkout: once in all.
    expect(harness.record).not.toContain('analytics begin_checkout');
    const { checkout: accountCheckout } = openCheckout(harness, withItem(ACCOUNT_CART));
    await flush();
    expect(accountCheckout.getSnapshot().hasTag('checkingSignIn')).toBe(false);
    expect(harness.record.filter((line) => line === 'analytics begin_checkout')).toHaveLength(1);
    harness.app.stop();
  });

  it('the page closing while the order is on its way: the answer still reaches the app, then the checkout stops', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    const cart = withItem(CART);
    let answer: (placed: Result<PlacedOrders>) => void = () => {};
    const { checkout, opened } = openCheckout(
      harness,
      cart,
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await flush();
    typeBilling(checkout);
    checkout.send({ type: 'checkout.submit' });
    // The customer goes elsewhere: the page unmounts, and its actor is stopped the way useFlowActor does.
    stopWhenSettled(checkout);
    await flush();
    expect(checkout.getSnapshot().status).toBe('active');

    answer(placedOf(cart));
    await flush();
    expect(harness.app.session.getSnapshot().context.cartId).toBeNull();
    expect(harness.cookies.get('adlane_cart_id')).toBeUndefined();
    expect(toastMessages(harness)).toContain('Order placed: AD-27-000001.');
    expect(harness.record).toContain('analytics purchase');
    expect(opened).toEqual([]);
    expect(checkout.getSnapshot().status).toBe('done');
    harness.app.stop();
  });

  it('the page closing while an order gets no answer: the checkout stops once the 30 s for it are up', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    const { checkout } = openCheckout(harness, withItem(CART), () => new Promise(() => {}));
    await flush();
    typeBilling(checkout);
    checkout.send({ type: 'checkout.submit' });
    expect(checkout.getSnapshot().hasTag('committing')).toBe(true);
    stopWhenSettled(checkout);
    harness.clock.increment(29_999);
    expect(checkout.getSnapshot().status).toBe('active');
    harness.clock.increment(1);
    expect(checkout.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });

  it('the page closing while nothing is on its way stops the checkout at once', async () => {
    const harness = fakeApp({ cookies: { adlane_cart_id: CART } });
    const { checkout } = openCheckout(harness, withItem(CART));
    await flush();
    stopWhenSettled(checkout);
    expect(checkout.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });

  it("signed out, then another customer signs in: the billing form is the new customer's, nothing of the first one's", async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    const { checkout } = openCheckout(harness, withItem(CART));
    await flush();
    typeBilling(checkout);
    harness.app.session.send({ type: 'session.signOut' });
    await flush();
    expect(checkout.getSnapshot().hasTag('needsAccount')).toBe(true);

    const lee = customer({
      uuid: 'u-2',
      fullname: 'Lee Park',
      firstname: 'Lee',
      lastname: 'Park',
      email: 'lee@florist.example',
      company: 'Park Florist',
      cart_uuid: CART,
    });
    harness.app.acceptSignIn(lee);
    await flush();
    expect(checkout.getSnapshot().context.billing).toEqual({
      name: 'Lee Park',
      company: 'Park Florist',
      email: 'lee@florist.example',
      phone: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      po_number: '',
    });
    checkout.stop();
    harness.app.stop();
  });

  it('a member checks out with the standing PO, and is never sent to the billing contact they may not read', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART, role: 'member' }));
    await flush();
    const asked: string[] = [];
    const { checkout } = openCheckout(
      harness,
      withItem(CART),
      notInThisTest,
      async () => {
        asked.push('contact');
        throw new Error('Only the owner or an admin of your company can see billing.');
      },
      async () => {
        asked.push('standing PO');
        return 'PO-2027-14';
      },
    );
    await flush();
    expect(asked).toEqual(['standing PO']);
    expect(checkout.getSnapshot().context.billing.po_number).toBe('PO-2027-14');
    expect(checkout.getSnapshot().context.standingPo).toBe('PO-2027-14');
    checkout.stop();
    harness.app.stop();
  });

  it('an owner starts from the saved contact and the standing PO, either read alone when the other fails', async () => {
    const harness = fakeApp({
      cookies: { adlane_cart_id: CART },
      services: { loadCart: async (cartId) => withItem(cartId) },
    });
    harness.app.acceptSignIn(customer({ cart_uuid: CART }));
    await flush();
    const { checkout } = openCheckout(
      harness,
      withItem(CART),
      notInThisTest,
      async () => ({
        ...BILLING,
        name: 'Accounts Payable',
        email: 'ap@bakery.example',
        company: 'Reyes Bakery',
      }),
      async () => {
        throw new Error('Adlane did not answer.');
      },
    );
    await flush();
    expect(checkout.getSnapshot().context.billing).toMatchObject({ name: 'Accounts Payable', po_number: '' });
    expect(checkout.getSnapshot().context.standingPo).toBeNull();
    checkout.stop();
    harness.app.stop();
  });
});
