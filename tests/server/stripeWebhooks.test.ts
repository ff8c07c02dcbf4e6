import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiPayments } from '../../contract/ui';
import { settleExpired } from '../../server/data/paymentSettlement';
import { attachSession, createPayment } from '../../server/data/payments';
import { companies, invoices, orders, outbox, payments, stripeEvents } from '../../server/db/schema';
import { silentLogger } from '../../server/log';
import type { PaymentGateway } from '../../server/payments/gateway';
import { stripeKeySpace } from '../../server/payments/keySpace';
import { reconcileCheckout } from '../../server/payments/reconcile';
import { stripeGateway } from '../../server/payments/stripeClient';
import type { LocalStripe } from '../support/localStripe';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { openWithStripe, otherAmount, postWebhook } from './withStripe';

/*
 * Stripe's webhooks (issue 30, acceptance 1, 5, 8): an event is applied only with a valid signature
 * of this server's secret, made less than five minutes ago by our clock; once however often Stripe
 * delivers it; in any order; and never for an amount other than the one we asked for.
 */
const SECRET = 'sk_test_webhooks';
const WEBHOOK = 'whsec_webhooks';
const signer = new Stripe('sk_test_signer', { telemetry: false });

describe.each(DRIVERS)('Stripe webhooks on %s', (_name, open) => {
  let h: Harness;
  let standIn: LocalStripe;
  let gateway: PaymentGateway;
  let close: () => Promise<void>;
  let tv: string;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);

  const post = (body: string, signature?: string) => postWebhook(h, body, signature);

  beforeAll(async () => {
    ({ h, standIn, gateway, close } = await openWithStripe(
      open,
      { secretKey: SECRET, webhookSecret: WEBHOOK },
      { clock: clock.now },
    ));
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(() => close());

  const db = () => h.database.db;

  /** A new customer's placed order, its invoice owed in full, and a hosted page to pay it. */
  const payableInvoice = async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
    ]);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.number, placed.orders[0]?.number ?? ''));
    if (!order?.invoiceId) throw new Error('No invoice was issued.');
    const invoiceId = order.invoiceId;
    const paymentId = await h.jobs.inTransaction(db(), (tx) =>
      createPayment(tx, {
        invoiceId,
        companyId: order.companyId,
        purpose: 'invoice',
        amountCents: order.totalCents,
        createdBy: null,
        now: clock.now(),
      }),
    );
    const session = await gateway.createCheckout({
      paymentId,
      customer: null,
      email: 'pay@acme.test',
      lines: [{ name: order.number, cents: order.totalCents }],
      successUrl: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/billing',
      expiresAt: new Date(clock.now().getTime() + 3_600_000),
      metadata: { invoice: String(invoiceId) },
    });
    await attachSession(db(), paymentId, session);
    return { invoiceId, paymentId, sessionId: session.sessionId, cents: order.totalCents };
  };

  const invoiceOf = async (id: number) => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    return row;
  };
  const paymentOf = async (id: number) => {
    const [row] = await db().select().from(payments).where(eq(payments.id, id));
    return row;
  };
  const eventRow = async (id: string) => {
    const [row] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, id));
    return row;
  };
  const sentOf = (type: string) => standIn.events().filter((event) => event.type === type);

  /** An event Stripe might send, signed with `secret` at `at`. */
  const signed = (event: Record<string, unknown>, secret = WEBHOOK, at = clock.now()) => {
    const body = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: Math.floor(at.getTime() / 1000),
    });
    return { body, signature };
  };
  const customerCreated = () => ({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(clock.now().getTime() / 1000),
    livemode: false,
    data: { object: { id: 'cus_someone', object: 'customer' } },
  });
  const refused = "The Stripe signature is missing or does not match this server's STRIPE_WEBHOOK_SECRET.";

  it('refuses an event without a signature, signed with another secret, changed after signing, or too old', async () => {
    const event = customerCreated();
    const noHeader = await post(JSON.stringify(event));
    expect(noHeader.status).toBe(400);
    expect((await noHeader.json()).message).toBe(refused);

    const otherSecret = signed(event, 'whsec_someone_else');
    expect((await post(otherSecret.body, otherSecret.signature)).status).toBe(400);

    const good = signed(event);
    const changed = good.body.replace('cus_someone', 'cus_someone_else');
    expect((await post(changed, good.signature)).status).toBe(400);

    const old = signed(event, WEBHOOK, new Date(clock.now().getTime() - 10 * 60_000));
    const tooOld = await post(old.body, old.signature);
    expect(tooOld.status).toBe(400);
    expect((await tooOld.json()).message).toBe(refused);
    expect(await eventRow(event.id)).toBeUndefined();
  });

  it('refuses a signature that was fine when made, once the clock is ten minutes on', async () => {
    const event = customerCreated();
    const { body, signature } = signed(event);
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    expect((await post(body, signature)).status).toBe(400);
    expect(await eventRow(event.id)).toBeUndefined();
  });

  it('marks the invoice paid when its hosted page is paid, at the time of the event, for the amount asked', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    clock.set('2027-01-11T09:05:00.000Z');
    expect(await standIn.pay(sessionId)).toMatchObject({ status: 303 });
    const invoice = await invoiceOf(invoiceId);
    expect(invoice?.paidAt).toEqual(new Date('2027-01-11T09:05:00.000Z'));
    expect(invoice?.paidCents).toBe(cents);
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'succeeded',
      intentId: expect.stringMatching(/^pi_/),
      // The card it was paid with, read from Stripe: the event names only the payment intent.
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    const completed = sentOf('checkout.session.completed').at(-1);
    expect(completed?.status).toBe(200);
    expect(await eventRow(completed?.id ?? '')).toMatchObject({ outcome: 'applied', objectId: sessionId });
  });

  it('asks Stripe for pages that take cards only, for a payment and for saving a card', async () => {
    // A bank debit's page completes unpaid and pays days later, after the hold released the orders.
    const { sessionId } = await payableInvoice();
    expect((await gateway.retrieveCheckout(sessionId)).allowed_payment_method_types).toEqual(['card']);
    const customer = await gateway.ensureCustomer({
      coid: 'c-cards-only',
      name: 'Acme',
      email: 'pay@acme.test',
      existing: null,
    });
    const setup = await gateway.createSetup({
      paymentId: 999_001,
      customer,
      successUrl: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/billing',
    });
    expect((await gateway.retrieveCheckout(setup.sessionId)).allowed_payment_method_types).toEqual(['card']);
  });

  it('keeps its idempotency keys apart from another database’s on the same Stripe account', async () => {
    // Row ids start again in every database: two databases' payment 900001 are other requests.
    const settings = h.config.stripe;
    if (!settings) throw new Error('Stripe is not configured.');
    const ask = (space: () => Promise<string>, cents: number) =>
      stripeGateway(settings, space).createCheckout({
        paymentId: 900_001,
        customer: null,
        email: 'pay@acme.test',
        lines: [{ name: 'AD-27-900001', cents }],
        successUrl: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://shop.test/billing',
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
        metadata: {},
      });
    const ours = stripeKeySpace(h.database.db);
    // Made once for the database and read back alike by every process (server_keys).
    expect(await ours()).toMatch(/^[\w-]{16}$/);
    expect(await stripeKeySpace(h.database.db)()).toBe(await ours());
    const first = await ask(ours, 10_000);
    // The same request again (a retry) is the same page.
    expect((await ask(ours, 10_000)).sessionId).toBe(first.sessionId);
    // Another database's key space: its own page, not Stripe's refusal of a reused key.
    const theirs = await ask(async () => 'another-database', 25_000);
    expect(theirs.sessionId).not.toBe(first.sessionId);
    // Without a space, the same ids collide as they did: Stripe refuses the second request.
    await ask(async () => '', 10_000);
    await expect(ask(async () => '', 25_000)).rejects.toThrow(/idempotency|Keys for idempotent requests/i);
  });

  it('applies money Stripe took for a page this server had closed, while the invoice still owes it', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    // Closed here (its page thought lost); Stripe's page was still open and is paid.
    await h.jobs.inTransaction(db(), (tx) => settleExpired(tx, paymentId, { at: clock.now() }));
    expect((await standIn.pay(sessionId)).status).toBe(303);
    expect((await paymentOf(paymentId))?.status).toBe('succeeded');
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
  });

  it('applies an event delivered three times once', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    await standIn.pay(sessionId);
    const completed = sentOf('checkout.session.completed').at(-1);
    if (!completed) throw new Error('No event was sent.');
    expect(await standIn.resend(completed.id)).toBe(200);
    expect(await standIn.resend(completed.id)).toBe(200);
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
    const rows = await db().select().from(stripeEvents).where(eq(stripeEvents.id, completed.id));
    expect(rows).toHaveLength(1);
    // Applied by the first delivery; the later ones changed nothing, not even the record of it.
    expect(rows[0]?.outcome).toBe('applied');
    expect((await paymentOf(paymentId))?.status).toBe('succeeded');
  });

  it('stays paid when an earlier attempt’s decline arrives after the payment', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    standIn.hold();
    expect((await standIn.pay(sessionId, 'pm_card_chargeDeclined')).status).toBe(402);
    expect((await standIn.pay(sessionId)).status).toBe(303);
    const failed = sentOf('payment_intent.payment_failed').at(-1);
    const completed = sentOf('checkout.session.completed').at(-1);
    const succeeded = sentOf('payment_intent.succeeded').at(-1);
    if (!failed || !completed || !succeeded) throw new Error('The events were not made.');
    await standIn.release([completed.id, succeeded.id, failed.id]);
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
    expect((await paymentOf(paymentId))?.status).toBe('succeeded');
    expect(await eventRow(failed.id)).toMatchObject({ outcome: 'ignored' });
    expect(await eventRow(succeeded.id)).toMatchObject({ outcome: 'ignored' });
  });

  it('names the card on the payment and its receipt when the intent’s event comes before the session’s', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    standIn.hold();
    expect((await standIn.pay(sessionId)).status).toBe(303);
    const completed = sentOf('checkout.session.completed').at(-1);
    const succeeded = sentOf('payment_intent.succeeded').at(-1);
    if (!completed || !succeeded) throw new Error('The events were not made.');
    await standIn.release([succeeded.id, completed.id]);
    expect(await eventRow(succeeded.id)).toMatchObject({ outcome: 'applied' });
    expect(await eventRow(completed.id)).toMatchObject({ outcome: 'ignored' });
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    await h.background.settled();
    const [receipt] = await db()
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'payment-receipt'),
          like(outbox.subject, `%${(await invoiceOf(invoiceId))?.number}%`),
        ),
      );
    expect(receipt?.body).toContain('Visa •••• 4242');
  });

  it('rejects a payment Stripe reports for another amount, and leaves the invoice unpaid', async () => {
    const { invoiceId, paymentId, sessionId } = await payableInvoice();
    standIn.tamper(otherAmount);
    try {
      await standIn.pay(sessionId);
    } finally {
      standIn.tamper(null);
    }
    const invoice = await invoiceOf(invoiceId);
    expect(invoice?.paidAt).toBeNull();
    expect(invoice?.paidCents).toBe(0);
    expect((await paymentOf(paymentId))?.status).toBe('rejected');
    const completed = sentOf('checkout.session.completed').at(-1);
    expect(await eventRow(completed?.id ?? '')).toMatchObject({ outcome: 'rejected' });
  });

  it('receives an event it does not handle and ignores it', async () => {
    const event = customerCreated();
    const { body, signature } = signed(event);
    const answer = await post(body, signature);
    expect(answer.status).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({ type: 'customer.created', outcome: 'ignored' });
  });

  it('gives a card checkout’s placements back when Stripe says its page expired', async () => {
    const { invoiceId, paymentId, sessionId } = await payableInvoice();
    await db().update(payments).set({ purpose: 'checkout' }).where(eq(payments.id, paymentId));
    clock.set('2027-01-11T10:10:00.000Z');
    await standIn.expire(sessionId);
    expect((await paymentOf(paymentId))?.status).toBe('expired');
    const released = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    expect(released.map((order) => [order.cancelReason, order.cancelledBy, order.cancelledAt])).toEqual([
      ['unpaid', null, new Date('2027-01-11T10:10:00.000Z')],
    ]);
  });

  it('saves the card of a setup page as the company’s, and makes it the customer’s default at Stripe', async () => {
    const { invoiceId } = await payableInvoice();
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new Error('No invoice.');
    const stripeCustomer = await gateway.ensureCustomer({
      coid: 'c-setup',
      name: 'Acme',
      email: 'pay@acme.test',
      existing: null,
    });
    await db()
      .update(companies)
      .set({ stripeCustomerId: stripeCustomer })
      .where(eq(companies.id, invoice.companyId));
    const paymentId = await h.jobs.inTransaction(db(), (tx) =>
      createPayment(tx, {
        invoiceId: null,
        companyId: invoice.companyId,
        purpose: 'setup',
        amountCents: 0,
        createdBy: null,
        now: clock.now(),
      }),
    );
    const setup = await gateway.createSetup({
      paymentId,
      customer: stripeCustomer,
      successUrl: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/billing',
    });
    await attachSession(db(), paymentId, setup);
    expect((await standIn.pay(setup.sessionId, 'pm_card_chargeDeclined')).status).toBe(303);
    const [company] = await db().select().from(companies).where(eq(companies.id, invoice.companyId));
    expect(company?.card).toMatchObject({ brand: 'visa', last4: '0341', pm: expect.stringMatching(/^pm_/) });
    const atStripe = await new Stripe(SECRET, {
      ...h.config.stripe?.api,
      telemetry: false,
    }).customers.retrieve(stripeCustomer);
    expect(atStripe).toMatchObject({ invoice_settings: { default_payment_method: company?.card?.pm } });
  });

  it('applies a paid page the return page asks Stripe about before any webhook came', async () => {
    const { invoiceId, paymentId, sessionId, cents } = await payableInvoice();
    standIn.hold();
    await standIn.pay(sessionId);
    expect((await invoiceOf(invoiceId))?.paidAt).toBeNull();
    const deps = { db: db(), jobs: h.jobs, gateway, logger: silentLogger(), clock: clock.now };
    expect(await reconcileCheckout(deps, sessionId)).toBe('applied');
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
    expect((await paymentOf(paymentId))?.status).toBe('succeeded');
    // The webhooks then find it done.
    const held = standIn.events().filter((event) => event.status === null);
    await standIn.release();
    for (const event of held) expect(await eventRow(event.id)).toMatchObject({ outcome: 'ignored' });
    expect((await invoiceOf(invoiceId))?.paidCents).toBe(cents);
  });

  it('tells the storefront that cards are taken', async () => {
    expect((await call<UiPayments>('GET', '/ui/payments')).body.data).toEqual({ cards: true });
  });
});

describe.each(DRIVERS)('without Stripe on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h.close());

  it('has no webhook endpoint and offers no card payment', async () => {
    const answer = await h.app.request('/api/v1/webhooks/stripe', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(404);
    expect((await answer.json()).message).toBe('Card payments are not configured here.');
    expect((await call<UiPayments>('GET', '/ui/payments')).body.data).toEqual({ cards: false });
  });
});
