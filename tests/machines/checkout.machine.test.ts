import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { BillingContact, Cart, PlacedOrders, PlaceOrderBody } from '../../contract/cart';
import type { InvoiceTerms } from '../../contract/checkoutTerms';
import type { PlaceAnswer } from '../../contract/payments';
import { CartNotFound } from '../../machines/cart/cart.types';
import {
  BILLING_FIELDS,
  type BillingField,
  type CheckoutInput,
  checkoutMachine,
  OrderRefused,
  type SavedBilling,
  type SessionView,
} from '../../machines/checkout/checkout.machine';
import { DEFAULT_INVOICE_REFUSAL, invoiceRefusalOf } from '../../machines/checkout/checkout.rules';
import { flush } from './sessionHarness';

const CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
const ACCOUNT_CART = '0b7e4c2a-9d13-4f6e-8a25-7c9d1e3f5b40';
const OTHER_CART = '5c2a8e71-3f4d-4b9a-8e06-1d7f2c9b4a58';
const KEY = 'k3y-0f-th1s-ch3ck0ut';

const cartOf = (uuid: string, ids: number[], price = 100): Cart => ({
  uuid,
  total: price * ids.length,
  total_formatted: `$${price * ids.length}`,
  status: 'open',
  contents: {
    items: ids.map((id) => ({
      id,
      image: '/i.svg',
      price_formatted: `$${price}`,
      order: null,
      summary: { summary_title: `Item ${id}`, summary_line_1: '', summary_line_2: '' },
      mediacode: 'PM501-01',
      media_type: 'printmag',
      market: 'Chicago, IL',
      price,
      unit_price: price,
      qty: 1,
      dates: [],
      issue: '2027/03',
      date_start: null,
      created_at: '2027-01-01T00:00:00Z',
    })),
  },
});

const placedFor = (cart: Cart): PlacedOrders => ({
  cart: { ...cart, status: 'placed' },
  orders: cart.contents.items.map((item, i) => ({
    id: i + 1,
    number: `AD-27-00000${i + 1}`,
    status: 'upcoming',
    item,
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
    placed_at: '2027-01-11T09:00:00Z',
  })),
});

const DANA = {
  uuid: 'u-dana',
  fullname: 'Dana Reyes',
  email: 'dana@bakery.example',
  company: 'Reyes Bakery',
};
const LEE = { uuid: 'u-lee', fullname: 'Lee Park', email: 'lee@florist.example', company: 'Park Florist' };

const signedIn = (overrides: Partial<SessionView> = {}): SessionView => ({
  status: 'signedIn',
  cartId: CART,
  cart: null,
  customer: DANA,
  ...overrides,
});
const pending = (overrides: Partial<SessionView> = {}): SessionView => ({
  status: 'pending',
  cartId: CART,
  cart: null,
  customer: null,
  ...overrides,
});
const signedOut = (overrides: Partial<SessionView> = {}): SessionView => ({
  status: 'signedOut',
  cartId: CART,
  cart: null,
  customer: null,
  ...overrides,
});

const COMPLETE: Partial<Record<BillingField, string>> = {
  phone: '(312) 555-0100',
  address: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
};

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  placeOrder?: (input: { cartId: string; body: PlaceOrderBody }) => Promise<PlaceAnswer>;
  /** GET /ui/payments: whether the server takes cards (not asked: it does not). */
  cardsOffered?: boolean;
  loadCart?: (input: { cartId: string }) => Promise<Cart>;
  loadSavedBilling?: (input: { uuid: string }) => Promise<SavedBilling>;
  /** GET /checkout/{cartId}/terms (issue 32; not asked: the invoice is offered on net 30). */
  invoiceTerms?: InvoiceTerms;
  /** GET /checkout/{cartId}/terms answered as the test wants (a held or failed answer). */
  loadInvoiceTerms?: () => Promise<InvoiceTerms>;
}

/** The real checkout machine with recorders for its effects, a session the test moves, and a simulated clock. */
function start(input: Partial<CheckoutInput> = {}, fakes: Fakes = {}) {
  const calls: string[] = [];
  const bodies: PlaceOrderBody[] = [];
  /** The terms asked, as the customer and cart total they were asked for (in order). */
  const termsAsked: string[] = [];
  let tellSession: (session: SessionView) => void = () => {
    throw new Error('The checkout is not following the session.');
  };
  const cart = input.cart === undefined ? cartOf(CART, [1, 2]) : input.cart;
  const machine = checkoutMachine.provide({
    actors: {
      followSession: fromCallback(({ sendBack }) => {
        tellSession = (session) => sendBack({ type: 'checkout.sessionChanged', session });
        return () => {
          tellSession = () => calls.push('session event after the checkout stopped following');
        };
      }),
      placeOrder: fromPromise(({ input: order }) => {
        bodies.push(order.body);
        calls.push(`place ${order.cartId} [${order.body.item_ids.join(',')}]`);
        return (fakes.placeOrder ?? (async () => placedFor(cart ?? cartOf(CART, []))))(order);
      }),
      loadCart: fromPromise(({ input: load }) => {
        calls.push(`load ${load.cartId}`);
        return (fakes.loadCart ?? (async () => cartOf(load.cartId, [1, 2, 3])))(load);
      }),
      loadSavedBilling: fromPromise(({ input: who }) =>
        (fakes.loadSavedBilling ?? (async () => ({ contact: null, standingPo: null })))(who),
      ),
      loadCardsOffered: fromPromise(async () => fakes.cardsOffered ?? false),
      loadInvoiceTerms: fromPromise(async () => {
        const { customer } = actor.getSnapshot().context.session;
        termsAsked.push(`${customer?.uuid ?? '-'} ${actor.getSnapshot().context.cart?.total ?? '-'}`);
        if (fakes.loadInvoiceTerms) return fakes.loadInvoiceTerms();
        return fakes.invoiceTerms ?? { offered: true, label: 'Invoice, net 30', days: 30, refusal: null };
      }),
    },
    actions: {
      openCart: (_, { cartId }) => calls.push(`open cart ${cartId}`),
      refreshSharedCart: (_, { cartId }) => calls.push(`refresh shared cart ${cartId}`),
      announcePlaced: () => calls.push('cart.placed'),
      toastSuccess: (_, { message }) => calls.push(`toast ok: ${message}`),
      trackBeginCheckout: (_, { cart: shown }) =>
        calls.push(`analytics begin_checkout ${shown.contents.items.length} items`),
      trackPurchase: (_, { placed }) =>
        calls.push(`analytics purchase ${placed.orders.map((o) => o.number).join(',')}`),
      logError: (_, { message }) => calls.push(`log: ${message}`),
      goToPayment: (_, { url }) => calls.push(`go to ${url}`),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: { cartId: CART, idempotencyKey: KEY, productName: 'Adlane', ...input, cart },
    clock,
  });
  actor.start();
  const fill = (fields: Partial<Record<BillingField, string>> = COMPLETE) => {
    for (const field of BILLING_FIELDS) {
      const value = fields[field];
      if (value !== undefined) actor.send({ type: 'checkout.fieldChanged', field, value });
    }
  };
  return {
    actor,
    clock,
    calls,
    bodies,
    termsAsked,
    session: (view: SessionView) => tellSession(view),
    fill,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** A customer signed in, on the billing form, with every field complete and the company's terms in. */
async function readyToPlace(fakes: Fakes = {}, input: Partial<CheckoutInput> = {}) {
  const checkout = start(input, fakes);
  checkout.session(signedIn());
  checkout.fill();
  await flush();
  checkout.calls.length = 0;
  return checkout;
}

describe('checkout: reviewing the cart', () => {
  it('tracks begin_checkout once the sign-in check keeps it here, and only once; an empty cart or no cart tracks nothing', () => {
    const visitor = start();
    visitor.session(pending());
    expect(visitor.calls).toEqual([]);
    visitor.session(signedOut());
    visitor.session(signedIn());
    visitor.session(signedOut());
    visitor.session(signedIn());
    expect(visitor.calls.filter((c) => c.startsWith('analytics'))).toEqual([
      'analytics begin_checkout 2 items',
    ]);
    const emptyCart = start({ cart: cartOf(CART, []) });
    emptyCart.session(signedIn());
    const noCart = start({ cart: null });
    noCart.session(signedOut());
    expect([...emptyCart.calls, ...noCart.calls]).toEqual([]);
  });

  it('a customer whose checkout moves to the account’s cart tracks begin_checkout once, for that cart', () => {
    // /checkout/CART opened by a customer whose account's cart took CART in: it moves at once.
    const leaving = start();
    leaving.session(pending({ cartId: ACCOUNT_CART }));
    leaving.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(leaving.state()).toBe('moved');
    // The account cart's checkout (a new actor for /checkout/ACCOUNT_CART) stays.
    const arrived = start({ cartId: ACCOUNT_CART, cart: cartOf(ACCOUNT_CART, [1, 2, 7]) });
    arrived.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(arrived.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect([...leaving.calls, ...arrived.calls].filter((c) => c.startsWith('analytics'))).toEqual([
      'analytics begin_checkout 3 items',
    ]);
  });

  it('tracks begin_checkout once across failures that send the checkout back to the sign-in check', async () => {
    const checkout = start(
      {},
      {
        placeOrder: async () => Promise.reject(new OrderRefused(503, 'Adlane is having trouble right now.')),
      },
    );
    checkout.session(signedIn());
    checkout.fill();
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    checkout.session(pending());
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'checkingSignIn' } });
    checkout.session(signedIn());
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.calls.filter((c) => c.startsWith('analytics'))).toEqual([
      'analytics begin_checkout 2 items',
    ]);
  });

  it('waits for the sign-in check, then offers an account to a visitor and the billing form to a customer', () => {
    const checkout = start();
    expect(checkout.state()).toEqual({ checkingOut: 'opening' });
    expect(checkout.actor.getSnapshot().hasTag('checkingSignIn')).toBe(true);
    checkout.session(signedOut());
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'needsAccount' } });
    checkout.session({ ...signedOut(), status: 'pending' });
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'needsAccount' } });
    checkout.session(signedIn());
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
  });

  it("starts the billing contact from the customer's account, without overwriting what was typed", () => {
    const checkout = start();
    checkout.fill({ company: 'Reyes Bakery & Café', phone: '(312) 555-0100' });
    checkout.session(signedIn());
    expect(checkout.context().billing).toEqual({
      name: 'Dana Reyes',
      company: 'Reyes Bakery & Café',
      email: 'dana@bakery.example',
      phone: '(312) 555-0100',
      address: '',
      city: '',
      state: '',
      zip: '',
      po_number: '',
    });
  });

  it('another customer signing in starts from their own account: nothing the previous one typed is kept', () => {
    const checkout = start();
    checkout.session(signedIn());
    checkout.fill({ ...COMPLETE, po_number: 'PO-7' });
    checkout.session(signedOut());
    // What was typed stays while nobody is signed in (the same person may sign in again).
    expect(checkout.context().billing.address).toBe('233 S Wacker Dr');
    checkout.session(signedIn({ customer: LEE }));
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect(checkout.context().billing).toEqual({
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
  });

  it('another customer in place of the signed-in one (no sign-out between): the form is theirs, without the errors shown', async () => {
    const checkout = start();
    checkout.session(signedIn());
    checkout.fill({ phone: '(312) 555-0100', state: 'Illinois' });
    await flush();
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.context().fieldErrors.state).toBe('Use the two-letter state code, like IL.');
    checkout.session(signedIn({ customer: LEE }));
    expect(checkout.context().billing.phone).toBe('');
    expect(checkout.context().billing.name).toBe('Lee Park');
    expect(checkout.context().fieldErrors).toEqual({});
  });

  it('the same customer signing out and in again finds everything typed, the fields changed from the account included', () => {
    const checkout = start();
    checkout.session(signedIn());
    checkout.fill({ ...COMPLETE, company: 'Reyes Bakery & Café' });
    const typed = checkout.context().billing;
    checkout.session(signedOut());
    checkout.session(signedIn());
    expect(checkout.context().billing).toEqual(typed);
    expect(checkout.context().billing.company).toBe('Reyes Bakery & Café');
  });

  it("after a sign-in here, goes to the account's cart when the account's is another one (it took this cart's items in)", () => {
    const checkout = start();
    checkout.session(signedOut());
    // The guard's first answers, and a sign-in keeping this cart (an account without one of its own).
    checkout.session(signedIn());
    expect(checkout.calls.filter((c) => c.startsWith('open'))).toEqual([]);
    // The profile arrives with the account's own cart: the checkout moves to it, once.
    checkout.session(signedIn({ cartId: ACCOUNT_CART }));
    checkout.session(signedIn({ cartId: ACCOUNT_CART, cart: cartOf(ACCOUNT_CART, [1, 2, 7]) }));
    expect(checkout.calls.filter((c) => c.startsWith('open'))).toEqual([`open cart ${ACCOUNT_CART}`]);
    // The other cart is never shown here: this page is for its own cart.
    expect(checkout.context().cart?.uuid).toBe(CART);
  });

  it("a visitor's cart id changing is not a reason to move: only a signed-in account's cart is", () => {
    const checkout = start();
    // A visitor on this cart's checkout whose cookie names another cart (a new tab, an add elsewhere).
    checkout.session(signedOut({ cartId: ACCOUNT_CART }));
    checkout.session(signedOut({ cartId: OTHER_CART }));
    checkout.session(signedOut({ cartId: null }));
    expect(checkout.calls.filter((c) => c.startsWith('open'))).toEqual([]);
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'needsAccount' } });
  });

  it("opened or reloaded by a customer whose account's cart took this one in: goes to the account's cart", () => {
    // /checkout/CART after CART was merged into the account's cart: the cookie names the account's
    // cart from the start, and the guard's first answer is "signed in" with that same cart id.
    const checkout = start();
    checkout.session(pending({ cartId: ACCOUNT_CART }));
    expect(checkout.calls.filter((c) => c.startsWith('open'))).toEqual([]);
    checkout.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(checkout.calls.filter((c) => c.startsWith('open'))).toEqual([`open cart ${ACCOUNT_CART}`]);
    expect(checkout.state()).toBe('moved');
    expect(checkout.actor.getSnapshot().hasTag('moving')).toBe(true);
  });

  it('a customer signed in with this cart, or with no cart, stays', () => {
    const withThisCart = start();
    withThisCart.session(pending());
    withThisCart.session(signedIn());
    const withNoCart = start();
    withNoCart.session(signedIn({ cartId: null }));
    expect([...withThisCart.calls, ...withNoCart.calls].filter((c) => c.startsWith('open'))).toEqual([]);
    expect(withThisCart.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect(withNoCart.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
  });

  it("shows the session's copy of this cart as it changes (a remove in the mini-cart), never another cart", () => {
    const checkout = start();
    const afterRemove = cartOf(CART, [2]);
    checkout.session(signedIn({ cart: afterRemove }));
    expect(checkout.context().cart).toBe(afterRemove);
    checkout.session(signedIn({ cartId: ACCOUNT_CART, cart: cartOf(ACCOUNT_CART, [9]) }));
    expect(checkout.context().cart).toBe(afterRemove);
  });

  it('marks each incomplete field, asks to move the focus there, and sends nothing', async () => {
    const checkout = start();
    checkout.session(signedIn());
    checkout.fill({ state: 'Illinois' });
    await flush();
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.calls.filter((c) => c.startsWith('place'))).toEqual([]);
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect(checkout.context().fieldErrors).toEqual({
      phone: 'Enter a phone number like (312) 555-0100.',
      address: 'Enter the street address.',
      city: 'Enter the city.',
      state: 'Use the two-letter state code, like IL.',
      zip: 'A zip code is five digits, like 60601.',
    });
    expect(checkout.context().errorsShown).toBe(1);
    // Fixing a field takes its message away; the others stay until they are fixed.
    checkout.fill({ phone: '(312) 555-0100' });
    expect(checkout.context().fieldErrors.phone).toBeUndefined();
    expect(checkout.context().fieldErrors.city).toBe('Enter the city.');
  });

  it('offers nothing to place for an empty cart', () => {
    const checkout = start({ cart: cartOf(CART, []) });
    checkout.session(signedIn());
    checkout.fill();
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.calls).toEqual([]);
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
  });
});

describe('checkout: placing the order', () => {
  it('sends the billing fields, the items shown and the key; a second submit while placing sends nothing', async () => {
    const answer = deferred<PlacedOrders>();
    const checkout = await readyToPlace({ placeOrder: () => answer.promise });
    checkout.fill({ po_number: '' });
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.state()).toEqual({ checkingOut: 'placing' });
    expect(checkout.actor.getSnapshot().hasTag('placing')).toBe(true);
    // A double click, Enter in a field: the same order is on its way already.
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.bodies).toEqual([
      {
        billing: {
          name: 'Dana Reyes',
          company: 'Reyes Bakery',
          email: 'dana@bakery.example',
          phone: '(312) 555-0100',
          address: '233 S Wacker Dr',
          city: 'Chicago',
          state: 'IL',
          zip: '60606',
          po_number: undefined,
        },
        idempotency_key: KEY,
        item_ids: [1, 2],
      },
    ]);
    answer.resolve(placedFor(cartOf(CART, [1, 2])));
    await flush();
    expect(checkout.calls.filter((c) => c.startsWith('place'))).toHaveLength(1);
    expect(checkout.state()).toBe('placed');
  });

  it('placed: the confirmation with the order numbers; the cart is told, a toast and purchase analytics', async () => {
    const checkout = await readyToPlace();
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.actor.getSnapshot().status).toBe('done');
    expect(checkout.context().placed?.orders.map((o) => o.number)).toEqual(['AD-27-000001', 'AD-27-000002']);
    expect(checkout.calls).toEqual([
      `place ${CART} [1,2]`,
      'cart.placed',
      'toast ok: Order placed: AD-27-000001, AD-27-000002.',
      'analytics purchase AD-27-000001,AD-27-000002',
    ]);
    // The session forgets the cart next: the confirmation stays, and nobody is sent elsewhere.
    checkout.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(checkout.calls.at(-1)).toBe('session event after the checkout stopped following');
    expect(checkout.calls).not.toContain(`open cart ${ACCOUNT_CART}`);
  });

  it('keeps what is typed while the order is on its way', async () => {
    const checkout = await readyToPlace({ placeOrder: () => new Promise(() => {}) });
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.fill({ po_number: 'PO-7' });
    expect(checkout.context().billing.po_number).toBe('PO-7');
  });
});

describe('checkout: an order not placed', () => {
  const changed = new OrderRefused(
    409,
    'Your cart changed since this page was opened (an item was added or removed elsewhere). Check the items and the total, then place the order again.',
  );

  it('409 cart changed: the cart is loaded again and shown, the typed fields are kept, and placing again orders what is shown', async () => {
    let attempt = 0;
    const checkout = await readyToPlace({
      placeOrder: async ({ body }) => {
        attempt += 1;
        if (attempt === 1) throw changed;
        return placedFor(cartOf(CART, body.item_ids.map(Number)));
      },
    });
    checkout.fill({ po_number: 'PO-7' });
    const typed = checkout.context().billing;
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: { cartChanged: 'shown' } });
    expect(checkout.context().alert).toBe(changed.message);
    expect(checkout.context().cart?.contents.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(checkout.context().billing).toEqual(typed);
    expect(checkout.calls).toEqual([`place ${CART} [1,2]`, `refresh shared cart ${CART}`, `load ${CART}`]);

    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.bodies.map((b) => b.item_ids)).toEqual([
      [1, 2],
      [1, 2, 3],
    ]);
    expect(new Set(checkout.bodies.map((b) => b.idempotency_key))).toEqual(new Set([KEY]));
  });

  it('409 after a price changed on the re-quote: the cart is shown at its new price before anything is ordered', async () => {
    const stale = new OrderRefused(
      409,
      'Nothing was ordered. The price of Item 1 is now $150 (it was $100). Check your cart, then place the order again.',
    );
    const checkout = await readyToPlace({
      placeOrder: async () => Promise.reject(stale),
      loadCart: async () => cartOf(CART, [1, 2], 150),
    });
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.actor.getSnapshot().hasTag('placing')).toBe(true);
    await flush();
    expect(checkout.context().alert).toBe(stale.message);
    expect(checkout.context().cart?.total_formatted).toBe('$300');
    expect(checkout.calls.filter((c) => c.startsWith('place'))).toHaveLength(1);
  });

  it('does not place again while the changed cart is being loaded', async () => {
    const reload = deferred<Cart>();
    const checkout = await readyToPlace({
      placeOrder: async () => Promise.reject(changed),
      loadCart: () => reload.promise,
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: { cartChanged: 'reloading' } });
    expect(checkout.actor.getSnapshot().hasTag('reloading')).toBe(true);
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.calls.filter((c) => c.startsWith('place'))).toHaveLength(1);
    reload.resolve(cartOf(CART, [1, 2, 3]));
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: { cartChanged: 'shown' } });
  });

  it('409 for a cart ordered meanwhile (in another tab): the cart is gone, and the page says so', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () =>
        Promise.reject(new OrderRefused(409, 'This cart was already ordered. See it in your orders.')),
      loadCart: async () => Promise.reject(new CartNotFound('Cart not found.')),
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.context().cart).toBeNull();
    expect(checkout.context().alert).toBe('This cart was already ordered. See it in your orders.');
  });

  it('409 and the cart cannot be loaded again: the cart shown stays, the failure is logged', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () => Promise.reject(changed),
      loadCart: async () => Promise.reject(new Error('Error loading the cart')),
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: { cartChanged: 'shown' } });
    expect(checkout.context().cart?.contents.items.map((i) => i.id)).toEqual([1, 2]);
    expect(checkout.calls).toContain('log: Error loading the cart');
  });

  it('4xx with field errors: a message next to each field, the focus moved to the first, and a form alert', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () =>
        Promise.reject(
          new OrderRefused(422, 'Please check the highlighted fields.', {
            'billing.zip': 'A zip code is five digits, like 60601.',
            'billing.phone': 'Enter a phone number like (312) 555-0100.',
          }),
        ),
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: 'refused' });
    expect(checkout.context().fieldErrors).toEqual({
      zip: 'A zip code is five digits, like 60601.',
      phone: 'Enter a phone number like (312) 555-0100.',
    });
    expect(checkout.context().alert).toBe('Please check the highlighted fields.');
    expect(checkout.context().errorsShown).toBe(1);
    expect(checkout.context().billing.address).toBe('233 S Wacker Dr');
  });

  it('4xx about something not on the form (the items, the key): said in the alert, never silent', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () =>
        Promise.reject(
          new OrderRefused(422, 'Please check the highlighted fields.', {
            item_ids: 'List the ids of the items being ordered.',
          }),
        ),
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.context().fieldErrors).toEqual({});
    expect(checkout.context().alert).toBe('List the ids of the items being ordered.');
  });

  it('refused: placing again once fixed is a new attempt with the same key', async () => {
    let attempt = 0;
    const checkout = await readyToPlace({
      placeOrder: async () => {
        attempt += 1;
        if (attempt === 1) throw new OrderRefused(422, 'Please check the highlighted fields.', {});
        return placedFor(cartOf(CART, [1, 2]));
      },
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: 'refused' });
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.context().alert).toBeNull();
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.bodies.map((b) => b.idempotency_key)).toEqual([KEY, KEY]);
  });

  it('5xx: a message a person can act on, with everything typed kept', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () =>
        Promise.reject(
          new OrderRefused(503, 'Adlane is having trouble right now. Please try again shortly.'),
        ),
    });
    const typed = checkout.context().billing;
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: 'failed' });
    expect(checkout.context().alert).toMatch(
      /^Adlane is having trouble right now\. Please try again shortly\. What you typed is kept, and placing the order again never orders twice/,
    );
    expect(checkout.context().billing).toEqual(typed);
    expect(checkout.context().cart?.contents.items).toHaveLength(2);
  });

  it('a network failure: the retry sends the same idempotency key, so a lost answer never makes two orders', async () => {
    let attempt = 0;
    const checkout = await readyToPlace({
      placeOrder: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('We could not reach Adlane. Check your connection and try again.');
        return placedFor(cartOf(CART, [1, 2]));
      },
    });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: 'failed' });
    expect(checkout.context().alert).toMatch(
      /^We could not reach Adlane\. Check your connection and try again\. /,
    );
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.bodies).toHaveLength(2);
    expect(checkout.bodies[1]).toEqual(checkout.bodies[0]);
    expect(checkout.bodies[1]?.idempotency_key).toBe(KEY);
  });

  it('signed out while the order is on its way: its answer is still taken, then back to signing in, nothing typed lost', async () => {
    const answer = deferred<PlacedOrders>();
    const checkout = await readyToPlace({ placeOrder: () => answer.promise });
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.session(signedOut());
    expect(checkout.state()).toEqual({ checkingOut: 'placing' });
    answer.reject(new Error('We could not reach Adlane. Check your connection and try again.'));
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'needsAccount' } });
    expect(checkout.context().billing.address).toBe('233 S Wacker Dr');
    checkout.session(signedIn());
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect(checkout.context().billing.city).toBe('Chicago');
  });
});

describe('checkout: placing is a commit (the API may order whatever happens on the page)', () => {
  it('is tagged committing until the answer is in, and only then', async () => {
    const answer = deferred<PlacedOrders>();
    const checkout = await readyToPlace({ placeOrder: () => answer.promise });
    expect(checkout.actor.getSnapshot().hasTag('committing')).toBe(false);
    checkout.actor.send({ type: 'checkout.submit' });
    expect(checkout.actor.getSnapshot().hasTag('committing')).toBe(true);
    answer.resolve(placedFor(cartOf(CART, [1, 2])));
    await flush();
    expect(checkout.actor.getSnapshot().hasTag('committing')).toBe(false);
  });

  it('no answer in 30 s: failed, with what to do (the same key makes placing again safe), and no longer committing', async () => {
    const answer = deferred<PlacedOrders>();
    const checkout = await readyToPlace({ placeOrder: () => answer.promise });
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.clock.increment(29_999);
    expect(checkout.state()).toEqual({ checkingOut: 'placing' });
    checkout.clock.increment(1);
    expect(checkout.state()).toEqual({ checkingOut: 'failed' });
    expect(checkout.actor.getSnapshot().hasTag('committing')).toBe(false);
    expect(checkout.context().alert).toBe(
      'Adlane did not answer in time. What you typed is kept, and placing the order again never orders twice.',
    );
    expect(checkout.context().billing.address).toBe('233 S Wacker Dr');
    // The late answer is not this attempt's any more: placing again asks with the same key.
    answer.resolve(placedFor(cartOf(CART, [1, 2])));
    await flush();
    expect(checkout.state()).toEqual({ checkingOut: 'failed' });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.bodies.map((body) => body.idempotency_key)).toEqual([KEY, KEY]);
    expect(checkout.calls.filter((c) => c === 'cart.placed')).toHaveLength(1);
  });

  it("no answer in 30 s says so in the configured product's name", async () => {
    const checkout = await readyToPlace(
      { placeOrder: () => new Promise(() => {}) },
      { productName: 'Mailbox Media' },
    );
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.clock.increment(30_000);
    expect(checkout.context().alert).toBe(
      'Mailbox Media did not answer in time. What you typed is kept, and placing the order again never orders twice.',
    );
  });

  it('signed out (the token expired) while placing, and the order was made: the cart is told all the same', async () => {
    const answer = deferred<PlacedOrders>();
    const checkout = await readyToPlace({ placeOrder: () => answer.promise });
    checkout.actor.send({ type: 'checkout.submit' });
    checkout.session(signedOut());
    checkout.session(pending());
    answer.resolve(placedFor(cartOf(CART, [1, 2])));
    await flush();
    expect(checkout.state()).toBe('placed');
    expect(checkout.calls).toEqual([
      `place ${CART} [1,2]`,
      'cart.placed',
      'toast ok: Order placed: AD-27-000001, AD-27-000002.',
      'analytics purchase AD-27-000001,AD-27-000002',
    ]);
  });

  it("the account's cart elsewhere while placing: placed, nobody moves; refused, the checkout moves once the answer is in", async () => {
    const placedAnswer = deferred<PlacedOrders>();
    const placed = await readyToPlace({ placeOrder: () => placedAnswer.promise });
    placed.actor.send({ type: 'checkout.submit' });
    placed.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(placed.calls.filter((c) => c.startsWith('open'))).toEqual([]);
    placedAnswer.resolve(placedFor(cartOf(CART, [1, 2])));
    await flush();
    expect(placed.state()).toBe('placed');
    expect(placed.calls).toContain('cart.placed');
    expect(placed.calls.filter((c) => c.startsWith('open'))).toEqual([]);

    const refusedAnswer = deferred<PlacedOrders>();
    const refused = await readyToPlace({ placeOrder: () => refusedAnswer.promise });
    refused.actor.send({ type: 'checkout.submit' });
    refused.session(signedIn({ cartId: ACCOUNT_CART }));
    expect(refused.state()).toEqual({ checkingOut: 'placing' });
    refusedAnswer.reject(new OrderRefused(409, 'This cart was already ordered. See it in your orders.'));
    await flush();
    expect(refused.calls.filter((c) => c.startsWith('open'))).toEqual([`open cart ${ACCOUNT_CART}`]);
    expect(refused.state()).toBe('moved');
  });
});

describe('checkout: the company’s saved billing contact', () => {
  const SAVED: BillingContact = {
    name: 'Accounts Payable',
    company: 'Reyes Bakery LLC',
    email: 'ap@bakery.example',
    phone: '(312) 555-0199',
    address: '1 Main St',
    city: 'Evanston',
    state: 'IL',
    zip: '60201',
  };
  const savedWith = (contact: BillingContact | null, standingPo: string | null = null): SavedBilling => ({
    contact,
    standingPo,
  });

  it('fills a form nobody typed in with the saved contact, for the customer signed in, and no PO number', async () => {
    const asked: string[] = [];
    const checkout = start(
      {},
      {
        loadSavedBilling: async ({ uuid }) => {
          asked.push(uuid);
          return savedWith(SAVED);
        },
      },
    );
    checkout.session(signedIn());
    await flush();
    expect(asked).toEqual(['u-dana']);
    expect(checkout.context().billing).toEqual({ ...SAVED, po_number: '' });
    expect(checkout.context().standingPo).toBeNull();
  });

  it('fills the PO number with the company’s standing PO, which a member checks out with too', async () => {
    const checkout = start({}, { loadSavedBilling: async () => savedWith(SAVED, 'PO-2027-14') });
    checkout.session(signedIn());
    await flush();
    expect(checkout.context().billing).toEqual({ ...SAVED, po_number: 'PO-2027-14' });
    expect(checkout.context().standingPo).toBe('PO-2027-14');

    const member = start({}, { loadSavedBilling: async () => savedWith(null, 'PO-2027-14') });
    member.session(signedIn());
    await flush();
    expect(member.context().billing).toMatchObject({
      name: 'Dana Reyes',
      address: '',
      po_number: 'PO-2027-14',
    });
    // This purchase's own PO number replaces it, for this purchase only.
    member.fill({ po_number: 'PO-7781' });
    expect(member.context().billing.po_number).toBe('PO-7781');
    expect(member.context().standingPo).toBe('PO-2027-14');
  });

  it('keeps a PO number typed before the standing PO came', async () => {
    const saved = deferred<SavedBilling>();
    const checkout = start({}, { loadSavedBilling: () => saved.promise });
    checkout.session(signedIn());
    checkout.fill({ po_number: 'PO-7781' });
    saved.resolve(savedWith(SAVED, 'PO-2027-14'));
    await flush();
    expect(checkout.context().billing.po_number).toBe('PO-7781');
  });

  it('keeps what was typed and fills only the empty fields', async () => {
    const saved = deferred<SavedBilling>();
    const checkout = start({}, { loadSavedBilling: () => saved.promise });
    checkout.session(signedIn());
    checkout.fill({ phone: '(312) 555-0100' });
    saved.resolve(savedWith(SAVED));
    await flush();
    expect(checkout.context().billing.phone).toBe('(312) 555-0100');
    expect(checkout.context().billing.name).toBe('Dana Reyes');
    expect(checkout.context().billing.address).toBe('1 Main St');
  });

  it('starts from the account, without an error, when nothing saved could be read', async () => {
    const checkout = start(
      {},
      { loadSavedBilling: async () => Promise.reject(new Error('Adlane did not answer.')) },
    );
    checkout.session(signedIn());
    await flush();
    expect(checkout.context().billing.name).toBe('Dana Reyes');
    expect(checkout.context().billing.address).toBe('');
    expect(checkout.context().alert).toBeNull();
  });
});

describe('checkout: paying by card (issue 30)', () => {
  const PAGE = 'https://checkout.stripe.test/c/pay/cs_test_1';

  it('places a card checkout and goes to Stripe’s page once, forgetting the cart', async () => {
    const checkout = await readyToPlace({ cardsOffered: true, placeOrder: async () => ({ url: PAGE }) });
    await flush();
    checkout.actor.send({ type: 'checkout.paymentChosen', payment: 'card' });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies.at(-1)?.payment).toBe('card');
    expect(checkout.state()).toBe('redirecting');
    expect(checkout.calls).toEqual([`place ${CART} [1,2]`, 'cart.placed', `go to ${PAGE}`]);
    expect(checkout.context().placed).toBeNull();
  });

  it('invoices as before: no payment said, the orders confirmed here', async () => {
    const checkout = await readyToPlace({ cardsOffered: true });
    await flush();
    checkout.actor.send({ type: 'checkout.paymentChosen', payment: 'invoice' });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies.at(-1)).not.toHaveProperty('payment');
    expect(checkout.state()).toBe('placed');
  });

  it('never asks for a card where the server takes none', async () => {
    const checkout = await readyToPlace({ cardsOffered: false });
    await flush();
    checkout.actor.send({ type: 'checkout.paymentChosen', payment: 'card' });
    expect(checkout.context().payment).toBe('invoice');
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies.at(-1)).not.toHaveProperty('payment');
  });
});

describe('checkout: the company’s invoice terms (issue 32)', () => {
  const REFUSAL =
    'This order would bring what Acme owes on invoices to $6,000.00, over its credit limit of $5,000.00. Pay by card, or ask us to raise the limit.';
  const refused: InvoiceTerms = { offered: false, label: 'Invoice, net 15', days: 15, refusal: REFUSAL };

  it('asks the terms once signed in, and pays by card where the invoice is refused', async () => {
    const checkout = await readyToPlace({ cardsOffered: true, invoiceTerms: refused });
    expect(checkout.context().invoiceTerms).toEqual(refused);
    expect(checkout.context().payment).toBe('card');
    // Choosing the invoice anyway changes nothing: it is not offered.
    checkout.actor.send({ type: 'checkout.paymentChosen', payment: 'invoice' });
    expect(checkout.context().payment).toBe('card');
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies.at(-1)?.payment).toBe('card');
  });

  it('without cards, sends nothing the terms refuse: the page says why, and Place order does nothing', async () => {
    const checkout = await readyToPlace({ cardsOffered: false, invoiceTerms: refused });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies).toEqual([]);
    expect(checkout.state()).toEqual({ checkingOut: { reviewing: 'ready' } });
    expect(checkout.context().alert).toBe(REFUSAL);
  });

  it('refused without a reason given: refused all the same, with a sentence of its own', async () => {
    const bare: InvoiceTerms = { offered: false, label: 'Invoice, net 30', days: null, refusal: null };
    const checkout = await readyToPlace({ cardsOffered: false, invoiceTerms: bare });
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies).toEqual([]);
    expect(checkout.context().alert).toBe(DEFAULT_INVOICE_REFUSAL);
    expect(invoiceRefusalOf(bare)).toBe(DEFAULT_INVOICE_REFUSAL);
    expect(invoiceRefusalOf(refused)).toBe(REFUSAL);
    expect(invoiceRefusalOf(null)).toBeNull();
  });

  it('waits for the terms before placing: nothing is sent until they are known', async () => {
    const terms = deferred<InvoiceTerms>();
    const checkout = start({}, { loadInvoiceTerms: () => terms.promise });
    checkout.session(signedIn());
    checkout.fill();
    await flush();
    expect(checkout.context().termsPending).toBe(true);
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies).toEqual([]);
    terms.resolve(refused);
    await flush();
    expect(checkout.context().termsPending).toBe(false);
    expect(checkout.context().alert).toBeNull();
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies).toEqual([]);
    expect(checkout.context().alert).toBe(REFUSAL);
  });

  it('terms that cannot be read: forgotten, and the order goes on (the server decides)', async () => {
    const checkout = await readyToPlace({
      loadInvoiceTerms: async () => {
        throw new Error('The payment terms could not be loaded.');
      },
    });
    expect([checkout.context().invoiceTerms, checkout.context().termsPending]).toEqual([null, false]);
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    expect(checkout.bodies).toHaveLength(1);
  });

  it('asks again for another customer, never showing the previous one’s, and forgets them on a sign-out', async () => {
    let answer: InvoiceTerms = refused;
    const checkout = start({}, { cardsOffered: true, loadInvoiceTerms: async () => answer });
    checkout.session(signedIn());
    await flush();
    expect(checkout.context().invoiceTerms).toEqual(refused);
    answer = { offered: true, label: 'Invoice, net 60', days: 60, refusal: null };
    // Another customer without a sign-out between: the first one's terms are gone at once.
    checkout.session(signedIn({ customer: LEE }));
    expect([checkout.context().invoiceTerms, checkout.context().termsPending]).toEqual([null, true]);
    await flush();
    expect(checkout.context().invoiceTerms).toEqual(answer);
    checkout.session(signedOut());
    expect([checkout.context().invoiceTerms, checkout.context().termsPending]).toEqual([null, false]);
    checkout.session(signedIn());
    await flush();
    expect(checkout.termsAsked).toEqual(['u-dana 200', 'u-lee 200', 'u-dana 200']);
  });

  it('asks again when the cart’s total changes, here or after a 409 re-quote', async () => {
    const checkout = await readyToPlace({
      placeOrder: async () => {
        throw new OrderRefused(409, 'Your cart changed since this page was opened.');
      },
    });
    // The session's copy of the cart lost an item: a smaller total may be within the credit limit.
    checkout.session(signedIn({ cart: cartOf(CART, [1]) }));
    await flush();
    checkout.actor.send({ type: 'checkout.submit' });
    await flush();
    // The re-quoted cart (three items) is asked for before anything is placed again.
    expect(checkout.termsAsked).toEqual(['u-dana 200', 'u-dana 100', 'u-dana 300']);
    expect(checkout.context().termsPending).toBe(false);
  });

  it('offers the invoice on the company’s terms when they allow it', async () => {
    const net15: InvoiceTerms = { offered: true, label: 'Invoice, net 15', days: 15, refusal: null };
    const checkout = await readyToPlace({ cardsOffered: true, invoiceTerms: net15 });
    await flush();
    expect([checkout.context().invoiceTerms, checkout.context().payment]).toEqual([net15, 'invoice']);
  });
});
