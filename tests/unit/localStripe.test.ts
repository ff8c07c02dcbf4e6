import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, startLocalStripe } from '../support/localStripe';

/*
 * The Stripe stand-in speaks Stripe's protocol to the real SDK (issue 30): form bodies nested as the
 * SDK writes them, expand, idempotency keys, Stripe's errors as the SDK's classes, and events signed
 * so that the SDK's own check accepts them, and only them.
 */
const SECRET = 'sk_test_standin';
const WEBHOOK = 'whsec_standin';
const NOW = new Date('2027-03-01T12:00:00Z');
const received: { body: string; signature: string }[] = [];

let standIn: LocalStripe;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startLocalStripe({
    secretKey: SECRET,
    webhookSecret: WEBHOOK,
    clock: () => NOW,
    deliver: async (body, signature) => {
      received.push({ body, signature });
      return { status: 200 };
    },
  });
  const { hostname, port } = new URL(standIn.apiBase);
  stripe = new Stripe(SECRET, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});
afterAll(() => standIn.close());

const inAnHour = Math.floor(NOW.getTime() / 1000) + 3600;
const paymentSession = (stripeClient: Stripe, key: string, cents = 762_375) =>
  stripeClient.checkout.sessions.create(
    {
      mode: 'payment',
      ui_mode: 'hosted_page',
      client_reference_id: '7',
      metadata: { payment: '7', invoice: 'INV-27-000001' },
      expires_at: inAnHour,
      success_url: 'http://shop.test/checkout/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/checkout',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'WYJH-TV 62' } },
        },
      ],
      payment_intent_data: { metadata: { payment: '7' } },
    },
    { idempotencyKey: key },
  );

describe('the Stripe stand-in', () => {
  it('makes customers and payment sessions from the form bodies the SDK sends, with Stripe ids', async () => {
    const customer = await stripe.customers.create({
      name: 'Acme',
      email: 'pay@acme.test',
      metadata: { company: 'c1' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ company: 'c1' });
    const session = await paymentSession(stripe, 'checkout-1');
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      livemode: false,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 762_375,
      currency: 'usd',
      metadata: { payment: '7', invoice: 'INV-27-000001' },
      expires_at: inAnHour,
      created: Math.floor(NOW.getTime() / 1000),
    });
    expect(session.url).toBe(`${standIn.apiBase}/c/pay/${session.id}`);
  });

  it('answers the first session again for the same idempotency key, and refuses the key with other parameters', async () => {
    const first = await paymentSession(stripe, 'checkout-2');
    const again = await paymentSession(stripe, 'checkout-2');
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = paymentSession(stripe, 'checkout-2', 100);
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses a parameter it does not know, naming it, as Stripe does', async () => {
    const call = stripe.customers.create({ name: 'Acme', nickname: 'A' } as Stripe.CustomerCreateParams);
    await expect(call).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(call).rejects.toMatchObject({ code: 'parameter_unknown', param: 'nickname' });
  });

  it('refuses a session that would expire too soon', async () => {
    const call = stripe.checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'hosted_page',
      expires_at: Math.floor(NOW.getTime() / 1000) + 60,
      success_url: 'http://shop.test/done',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } },
      ],
    });
    await expect(call).rejects.toMatchObject({ param: 'expires_at', statusCode: 400 });
  });

  it('completes a paid page with a succeeded intent, which expand gives as an object', async () => {
    const session = await paymentSession(stripe, 'checkout-3');
    const paid = await standIn.pay(session.id);
    expect(paid).toEqual({
      status: 303,
      location: `http://shop.test/checkout/done?session_id=${session.id}`,
    });
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(read.status).toBe('complete');
    expect(read.payment_status).toBe('paid');
    const intent = read.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount_received: 762_375 });
    expect(intent.latest_charge).toMatch(/^ch_/);
  });

  it('saves a card in setup mode, then declines every charge of the …0341 card as StripeCardError', async () => {
    const customer = await stripe.customers.create({ name: 'Acme' });
    const setup = await stripe.checkout.sessions.create({
      mode: 'setup',
      ui_mode: 'hosted_page',
      currency: 'usd',
      customer: customer.id,
      setup_intent_data: { metadata: { payment: '9' } },
      metadata: { payment: '9' },
      success_url: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/billing',
    });
    await standIn.pay(setup.id, 'pm_card_chargeDeclined');
    const done = await stripe.checkout.sessions.retrieve(setup.id, {
      expand: ['setup_intent.payment_method'],
    });
    const intent = done.setup_intent as Stripe.SetupIntent;
    const method = intent.payment_method as Stripe.PaymentMethod;
    expect(method.card).toMatchObject({ brand: 'visa', last4: '0341' });
    expect(method.customer).toBe(customer.id);
    const charge = stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      off_session: true,
      confirm: true,
      metadata: { payment: '10' },
    });
    await expect(charge).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(charge).rejects.toMatchObject({
      code: 'card_declined',
      statusCode: 402,
      payment_intent: { status: 'requires_payment_method' },
    });
  });

  it('signs its events so that the SDK accepts them, and refuses one changed byte', async () => {
    const session = await paymentSession(stripe, 'checkout-4');
    received.length = 0;
    await standIn.pay(session.id);
    expect(received.map((event) => JSON.parse(event.body).type)).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
    const [completed] = received;
    if (completed === undefined) throw new Error('No event was sent.');
    const at = NOW.getTime();
    const event = stripe.webhooks.constructEvent(
      completed.body,
      completed.signature,
      WEBHOOK,
      300,
      undefined,
      at,
    );
    expect(event.id).toMatch(/^evt_/);
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    const changed = completed.body.replace('762375', '762376');
    expect(changed).not.toBe(completed.body);
    expect(() =>
      stripe.webhooks.constructEvent(changed, completed.signature, WEBHOOK, 300, undefined, at),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('answers 401 to another key and 404 to a path Stripe does not have', async () => {
    const { hostname, port } = new URL(standIn.apiBase);
    const stranger = new Stripe('sk_test_other', {
      host: hostname,
      port: Number(port),
      protocol: 'http',
      telemetry: false,
    });
    await expect(stranger.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const answer = await fetch(`${standIn.apiBase}/v1/charges/search`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      error: { message: expect.stringContaining('Unrecognized request URL') },
    });
  });
});
