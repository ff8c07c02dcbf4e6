import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, PlacedOrders } from '../../contract/cart';
import type { OrderDetail } from '../../contract/orders';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { NOT_MATCHED, RELEASED } from '../../server/checkout/pay';
import { adReminders, invoices, orders, outbox, payments } from '../../server/db/schema';
import { planReminders } from '../../server/files/reminders';
import type { PaymentGateway } from '../../server/payments/gateway';
import { readStripeSettings } from '../../server/payments/settings';
import { stripeGateway } from '../../server/payments/stripeClient';
import { type LocalStripe, startLocalStripe } from '../support/localStripe';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';
import { otherAmount, postWebhook } from './withStripe';

/*
 * Paying at checkout (issue 30, acceptance 2): a card checkout's orders wait for Stripe's hosted page,
 * stand once it is paid (the confirmation and the receipt e-mails go then), and are released when
 * its time runs out; the invoice checkout is as before, and now e-mails its confirmation.
 */
const SECRET = 'sk_test_checkout';
const WEBHOOK = 'whsec_checkout';

describe.each(DRIVERS)('paying at checkout on %s', (_name, open) => {
  let h: Harness;
  let standIn: LocalStripe;
  let gateway: PaymentGateway;
  let magazine: string;
  /** Stripe not answering the making of pages, as long as it is set. */
  let stripeDown = false;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);
  let keys = 0;

  beforeAll(async () => {
    standIn = await startLocalStripe({
      secretKey: SECRET,
      webhookSecret: WEBHOOK,
      clock: clock.now,
      deliver: async (body, signature) => ({ status: (await postWebhook(h, body, signature)).status }),
    });
    const env = {
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK,
      STRIPE_API_BASE: standIn.apiBase,
    };
    const settings = readStripeSettings(env);
    if (!settings) throw new Error('Stripe is not configured.');
    gateway = stripeGateway(settings);
    const flaky: PaymentGateway = {
      ...gateway,
      createCheckout: (i) =>
        stripeDown
          ? Promise.reject(new Error('Stripe is down (a test asked for it).'))
          : gateway.createCheckout(i),
    };
    h = await open({ clock: clock.now, env, payments: flaky });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
    await standIn.close();
  });

  const db = () => h.database.db;

  /** A new customer's cart with the March issue of a magazine (ad due January 29). */
  const cartOf = async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    const added = await call<Cart>('POST', '/checkout/item/create', {
      token: buyer.token,
      body: { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    keys += 1;
    return { buyer, cart: added.body.data, key: `card-checkout-${keys}`.padEnd(20, 'x') };
  };
  const place = (token: string, cart: Cart, key: string, payment?: string) =>
    call<PaymentRedirect | PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
      token,
      body: {
        billing: BILLING,
        idempotency_key: key,
        item_ids: cart.contents.items.map((i) => i.id),
        ...(payment ? { payment } : {}),
      },
    });
  /** A card checkout placed, and where its customer is sent to pay. */
  const placedByCard = async () => {
    const { buyer, cart, key } = await cartOf();
    const placed = await place(buyer.token, cart, key, 'card');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { url } = placed.body.data as PaymentRedirect;
    const sessionId = url.split('/').at(-1) ?? '';
    return { buyer, cart, key, url, sessionId };
  };
  const paymentOf = (token: string, cart: Cart) =>
    call<CheckoutPayment>('GET', `/checkout/${cart.uuid}/payment`, { token });
  const ordersOf = (cart: Cart) => db().select().from(orders).where(eq(orders.cartUuid, cart.uuid));
  const invoiceOf = async (cart: Cart) => {
    const [row] = await db().select().from(invoices).where(eq(invoices.cartUuid, cart.uuid));
    return row;
  };
  const mailsTo = (to: string, kind: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, to), eq(outbox.kind, kind)));
  const release = async () => {
    await h.jobs.send('payments.release', {});
    await h.background.settled();
  };

  it('holds the orders of a card checkout for its payment, and sends the customer to Stripe’s page', async () => {
    const { buyer, cart, url, sessionId } = await placedByCard();
    expect(url).toBe(`${standIn.apiBase}/c/pay/${sessionId}`);
    const [order] = await ordersOf(cart);
    const invoice = await invoiceOf(cart);
    expect(invoice).toMatchObject({ paymentMethod: 'card', paidAt: null });
    expect(invoice?.payBy).toEqual(new Date('2027-01-11T09:30:00.000Z'));
    const detail = await call<OrderDetail>('GET', `/orders/${order?.number}`, { token: buyer.token });
    expect(detail.body.data.awaiting_payment).toBe(true);
    const waiting = await paymentOf(buyer.token, cart);
    expect(waiting.body.data).toMatchObject({
      state: 'pending',
      placed: null,
      pay_by: '2027-01-11T09:30:00.000Z',
    });
    await h.background.settled();
    expect(await mailsTo(buyer.email, 'order-placed')).toHaveLength(0);
  });

  it('confirms the orders once Stripe says the page was paid, and e-mails the confirmation', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    clock.set('2027-01-11T09:10:00.000Z');
    expect((await standIn.pay(sessionId)).location).toContain(
      `/checkout/${cart.uuid}/payment?session_id=${sessionId}`,
    );
    const paid = await paymentOf(buyer.token, cart);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ state: 'paid', message: null });
    expect(paid.body.data.placed?.orders.map((o) => o.number)).toEqual(
      (await ordersOf(cart)).map((o) => o.number),
    );
    expect(await invoiceOf(cart)).toMatchObject({ paidAt: new Date('2027-01-11T09:10:00.000Z') });
    const [order] = await ordersOf(cart);
    const detail = await call<OrderDetail>('GET', `/orders/${order?.number}`, { token: buyer.token });
    expect(detail.body.data.awaiting_payment).toBe(false);
    await h.background.settled();
    // The receipt is queued beside it (payment.succeeded); no invoice to pay in 30 days goes out.
    expect(await mailsTo(buyer.email, 'order-placed')).toHaveLength(1);
    const invoice = await invoiceOf(cart);
    const issued = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'invoice-issued'), like(outbox.subject, `%${invoice?.number}%`)));
    expect(issued).toEqual([]);
    // Paid: there is nothing more to pay.
    const again = await call('POST', `/checkout/${cart.uuid}/pay`, { token: buyer.token });
    expect(again.status).toBe(409);
  });

  it('answers a repeated place with the same page, made once', async () => {
    const { buyer, cart, key, url } = await placedByCard();
    const repeated = await place(buyer.token, cart, key, 'card');
    expect(repeated.status).toBe(200);
    expect(repeated.body.data).toEqual({ url });
    const invoice = await invoiceOf(cart);
    const rows = await db()
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice?.id ?? 0));
    expect(rows.map((row) => [row.purpose, row.status, row.sessionUrl])).toEqual([
      ['checkout', 'pending', url],
    ]);
    // Paying again from the confirmation page offers the same page, still open.
    expect((await call('POST', `/checkout/${cart.uuid}/pay`, { token: buyer.token })).body.data).toEqual({
      url,
    });
  });

  it('says so when Stripe does not answer, keeps the orders, and makes the page when asked again', async () => {
    const { buyer, cart, key } = await cartOf();
    stripeDown = true;
    let placed: Awaited<ReturnType<typeof place>>;
    try {
      placed = await place(buyer.token, cart, key, 'card');
    } finally {
      stripeDown = false;
    }
    expect(placed.status).toBe(503);
    expect(placed.body.message).toBe(
      'Card payment is not answering right now. Your order is held for 30 minutes: try again in a moment.',
    );
    expect(await ordersOf(cart)).toHaveLength(1);
    const again = await call<PaymentRedirect>('POST', `/checkout/${cart.uuid}/pay`, { token: buyer.token });
    expect(again.status).toBe(200);
    expect(again.body.data.url).toMatch(new RegExp(`^${standIn.apiBase}/c/pay/cs_`));
  });

  it('releases the orders of a page not paid in time, and expires the page at Stripe', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    clock.set('2027-01-11T09:34:00.000Z');
    await release();
    expect((await ordersOf(cart)).every((o) => o.cancelledAt === null)).toBe(true);
    clock.set('2027-01-11T09:36:00.000Z');
    await release();
    expect((await gateway.retrieveCheckout(sessionId)).status).toBe('expired');
    expect((await ordersOf(cart)).map((o) => [o.cancelReason, o.cancelledBy])).toEqual([['unpaid', null]]);
    const [order] = await ordersOf(cart);
    const detail = await call<OrderDetail>('GET', `/orders/${order?.number}`, { token: buyer.token });
    expect(detail.body.data).toMatchObject({ status: 'cancelled', awaiting_payment: false });
    const released = await paymentOf(buyer.token, cart);
    expect(released.body.data).toMatchObject({ state: 'expired', message: RELEASED });
    const pay = await call('POST', `/checkout/${cart.uuid}/pay`, { token: buyer.token });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(RELEASED);
  });

  it('refuses to cancel an order waiting for its card payment, and leaves its page and orders as they were', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    const [order] = await ordersOf(cart);
    clock.set('2027-01-11T09:10:00.000Z');
    const refused = await call('POST', `/orders/${order?.number}/cancel`, { token: buyer.token });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'This order waits for its card payment: pay it, or it is released at 09:35 UTC if it is not paid.',
    ]);
    expect((await ordersOf(cart)).map((o) => o.cancelledAt)).toEqual([null]);
    const detail = await call<OrderDetail>('GET', `/orders/${order?.number}`, { token: buyer.token });
    expect(detail.body.data).toMatchObject({ awaiting_payment: true, cancel_until: null });
    // Paid afterwards, the page's amount is what the invoice owes: the orders stand, nothing is rejected.
    expect((await standIn.pay(sessionId)).status).toBe(303);
    expect((await paymentOf(buyer.token, cart)).body.data.state).toBe('paid');
    const paid = await call<OrderDetail>('GET', `/orders/${order?.number}`, { token: buyer.token });
    expect(paid.body.data.cancel_until).not.toBeNull();
  });

  it('releases the orders of a checkout whose payment was rejected, so they do not wait for ever', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    // Stripe reports another amount than the page asked: the payment is rejected, for an operator.
    standIn.tamper(otherAmount);
    try {
      expect((await standIn.pay(sessionId)).status).toBe(303);
    } finally {
      standIn.tamper(null);
    }
    const invoice = await invoiceOf(cart);
    const rows = () =>
      db()
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, invoice?.id ?? 0));
    expect((await rows()).map((p) => p.status)).toEqual(['rejected']);
    expect((await ordersOf(cart)).map((o) => o.cancelledAt)).toEqual([null]);
    clock.set('2027-01-11T09:36:00.000Z');
    await release();
    expect((await ordersOf(cart)).map((o) => [o.cancelReason, o.cancelledBy])).toEqual([['unpaid', null]]);
    expect((await rows()).map((p) => p.status)).toEqual(['rejected']);
    // The customer is still told Stripe's report is being looked into, not that nothing was charged.
    expect((await paymentOf(buyer.token, cart)).body.data).toMatchObject({
      state: 'failed',
      message: NOT_MATCHED,
    });
  });

  it('releases the orders when Stripe alone says the page expired', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    await standIn.expire(sessionId);
    expect((await ordersOf(cart)).map((o) => o.cancelReason)).toEqual(['unpaid']);
    expect((await paymentOf(buyer.token, cart)).body.data.state).toBe('expired');
  });

  it('applies a page paid at the last moment, its webhook not yet in, instead of releasing it', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    standIn.hold();
    clock.set('2027-01-11T09:29:00.000Z');
    await standIn.pay(sessionId);
    clock.set('2027-01-11T09:40:00.000Z');
    await release();
    // The job found it paid at Stripe (no webhook yet) and applied it, releasing nothing.
    expect((await ordersOf(cart)).map((o) => o.cancelledAt)).toEqual([null]);
    expect(await invoiceOf(cart)).toMatchObject({ paidAt: new Date('2027-01-11T09:40:00.000Z') });
    await standIn.release();
    expect((await paymentOf(buyer.token, cart)).body.data.state).toBe('paid');
  });

  it('asks Stripe when the customer is back before the webhook', async () => {
    const { buyer, cart, sessionId } = await placedByCard();
    standIn.hold();
    await standIn.pay(sessionId);
    expect((await paymentOf(buyer.token, cart)).body.data.state).toBe('paid');
    await standIn.release();
  });

  it('plans no ad reminders for orders waiting for their payment, and plans them once paid', async () => {
    const { cart, sessionId } = await placedByCard();
    const [order] = await ordersOf(cart);
    const remindersOf = () =>
      db()
        .select()
        .from(adReminders)
        .where(eq(adReminders.orderId, order?.id ?? 0));
    await planReminders(db(), clock.now());
    expect(await remindersOf()).toHaveLength(0);
    await standIn.pay(sessionId);
    await planReminders(db(), clock.now());
    expect((await remindersOf()).map((r) => r.daysBefore).sort()).toEqual([2, 7]);
  });

  it('e-mails the confirmation of an invoice checkout as it is placed', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    await h.background.settled();
    const [mail] = await mailsTo(buyer.email, 'order-placed');
    expect(mail?.subject).toBe(`Order ${placed.orders[0]?.number} is placed`);
    const number = (await invoiceOf(placed.cart))?.number ?? '';
    const issued = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'invoice-issued'), like(outbox.subject, `%${number}%`)));
    expect(issued).toHaveLength(1);
    expect((await invoiceOf(placed.cart))?.paymentMethod).toBe('invoice');
  });
});

describe.each(DRIVERS)('checkout without Stripe on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h.close());

  it('refuses a card checkout, placing nothing', async () => {
    const buyer = await customer(call);
    const magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const added = await call<Cart>('POST', '/checkout/item/create', {
      token: buyer.token,
      body: { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    });
    const cart = added.body.data;
    const placed = await call('POST', `/checkout/${cart.uuid}/place`, {
      token: buyer.token,
      body: {
        billing: BILLING,
        idempotency_key: 'no-stripe-checkout-key',
        item_ids: cart.contents.items.map((i) => i.id),
        payment: 'card',
      },
    });
    expect(placed.status).toBe(422);
    expect(placed.body.message).toBe('Card payment is not available here; choose Invoice.');
    expect(await h.database.db.select().from(orders).where(eq(orders.cartUuid, cart.uuid))).toHaveLength(0);
  });
});
