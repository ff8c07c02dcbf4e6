import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { EventSender } from './events';
import {
  customerCreate,
  customerUpdate,
  emptyBody,
  expandQuery,
  intentCreate,
  paramOf,
  parseForm,
  refundCreate,
  type SessionCreate,
  sessionCreate,
} from './forms';
import { hostedPage, type PageLine } from './hostedPage';
import { type Kind, type ObjectStore, type StripeObject, TEST_CARDS, type TestCard } from './objects';

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

/** An error in Stripe's shape; the SDK throws the class its `type` names. */
class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; [more: string]: unknown },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeFault(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  new StripeFault(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });

export interface StandInState {
  store: ObjectStore;
  events: EventSender;
  secretKey: string;
  base: () => string;
  failNext: Set<string>;
  deliverAfterRedirect: boolean;
}

interface Remembered {
  path: string;
  params: string;
  status: number;
  body: string;
}

function parsed<S extends z.ZodType>(schema: S, form: unknown): z.infer<S> {
  const result = schema.safeParse(form);
  if (result.success) return result.data;
  const { param, unknown, message } = paramOf(result.error);
  throw unknown
    ? invalid(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param })
    : invalid(`Invalid ${param}: ${message}`, { code: 'parameter_invalid', param });
}

export function standInApp(state: StandInState): Hono {
  const { store, events } = state;
  const idempotent = new Map<string, Remembered>();
  const lines = new Map<string, PageLine[]>();
  const app = new Hono();

  const find = (id: string, kind: Kind, name: string): StripeObject => {
    const object = store.get(id, kind);
    if (!object) throw missing(name, id);
    return object;
  };

  const answer = (object: StripeObject, expand: string[] | undefined) => store.expanded(object, expand);

  app.onError((error, c) => {
    if (error instanceof StripeFault) return c.json({ error: error.body }, error.status as 400);
    return c.json({ error: { type: 'api_error', message: String(error) } }, 500);
  });

  // Authentication, the failure a test asked for, and idempotent replays: as Stripe, before any route.
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${state.secretKey}`)
      throw new StripeFault(401, { type: 'authentication_error', message: 'Invalid API Key provided.' });
    if (state.failNext.delete(c.req.path))
      throw new StripeFault(500, {
        type: 'api_error',
        message: 'An error occurred with our connection to Stripe (a test asked for it).',
      });
    const key = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    if (key === undefined) return next();
    const params = await c.req.raw.clone().text();
    const before = idempotent.get(key);
    if (before) {
      if (before.path !== c.req.path || before.params !== params)
        throw new StripeFault(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      return new Response(before.body, {
        status: before.status,
        headers: {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
          'idempotency-key': key,
        },
      });
    }
    await next();
    // Stripe does not keep an answer of a 500: the retry runs the request again.
    if (c.res.status < 500)
      idempotent.set(key, {
        path: c.req.path,
        params,
        status: c.res.status,
        body: await c.res.clone().text(),
      });
  });

  const form = async (c: Context) => parseForm(await c.req.text());
  const query = (c: Context) => parsed(expandQuery, parseForm(new URL(c.req.url).search.slice(1))).expand;

  app.post('/v1/customers', async (c) => {
    const input = parsed(customerCreate, await form(c));
    const customer = store.create('customer', {
      name: input.name ?? null,
      email: input.email ?? null,
      metadata: input.metadata ?? {},
      invoice_settings: { default_payment_method: null },
    });
    return c.json(answer(customer, input.expand));
  });
  app.get('/v1/customers/:id', (c) =>
    c.json(answer(find(c.req.param('id'), 'customer', 'customer'), query(c))),
  );
  app.post('/v1/customers/:id', async (c) => {
    const customer = find(c.req.param('id'), 'customer', 'customer');
    const { expand, invoice_settings, ...input } = parsed(customerUpdate, await form(c));
    if (invoice_settings) {
      const pm = find(invoice_settings.default_payment_method, 'payment_method', 'PaymentMethod');
      if (pm.customer !== customer.id)
        throw invalid('The payment method must be attached to the customer.', {
          param: 'invoice_settings[default_payment_method]',
        });
    }
    store.update(customer, { ...input, ...(invoice_settings ? { invoice_settings } : {}) });
    return c.json(answer(customer, expand));
  });

  app.post('/v1/checkout/sessions', async (c) => {
    const input = parsed(sessionCreate, await form(c));
    const now = store.seconds();
    const expiresAt = input.expires_at ?? now + MAX_EXPIRY_S;
    if (expiresAt < now + MIN_EXPIRY_S || expiresAt > now + MAX_EXPIRY_S)
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        {
          param: 'expires_at',
        },
      );
    if (input.customer) find(input.customer, 'customer', 'customer');
    const session = createSession(input, expiresAt);
    return c.json(answer(session, input.expand));
  });

  function createSession(input: SessionCreate, expiresAt: number): StripeObject {
    if (input.mode === 'payment' && !input.line_items?.length)
      throw invalid('You must specify `line_items` in `payment` mode.', { param: 'line_items' });
    if (input.mode === 'setup' && (!input.customer || !input.currency))
      throw invalid(
        'The stand-in saves cards for a customer in `usd` only: pass `customer` and `currency`.',
        {
          param: input.customer ? 'currency' : 'customer',
        },
      );
    const pageLines = (input.line_items ?? []).map((line) => ({
      name: line.price_data.product_data.name,
      cents: line.price_data.unit_amount,
    }));
    const session = store.create('checkout.session', {
      mode: input.mode,
      ui_mode: input.ui_mode,
      allowed_payment_method_types: input.allowed_payment_method_types ?? null,
      status: 'open',
      payment_status: input.mode === 'payment' ? 'unpaid' : 'no_payment_required',
      amount_total: input.mode === 'payment' ? pageLines.reduce((sum, line) => sum + line.cents, 0) : null,
      currency: 'usd',
      customer: input.customer ?? null,
      customer_email: input.customer_email ?? null,
      client_reference_id: input.client_reference_id ?? null,
      metadata: input.metadata ?? {},
      expires_at: expiresAt,
      success_url: input.success_url,
      cancel_url: input.cancel_url ?? null,
      payment_intent: null,
      setup_intent: null,
      url: null,
    });
    store.update(session, { url: `${state.base()}/c/pay/${session.id}` });
    lines.set(session.id, pageLines);
    intentData.set(session.id, {
      metadata: input.payment_intent_data?.metadata ?? input.setup_intent_data?.metadata ?? {},
      description: input.payment_intent_data?.description ?? null,
    });
    return session;
  }
  const intentData = new Map<string, { metadata: Record<string, string>; description: string | null }>();

  app.get('/v1/checkout/sessions/:id', (c) =>
    c.json(answer(find(c.req.param('id'), 'checkout.session', 'checkout.session'), query(c))),
  );
  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const { expand } = parsed(emptyBody, await form(c));
    const session = await expireSession(c.req.param('id'));
    return c.json(answer(session, expand));
  });

  async function expireSession(id: string): Promise<StripeObject> {
    const session = find(id, 'checkout.session', 'checkout.session');
    if (session.status !== 'open')
      throw invalid('Only Checkout Sessions with a status of `open` can be expired.', {
        code: 'checkout_session_not_open',
      });
    store.update(session, { status: 'expired', url: null });
    await events.emit('checkout.session.expired', session);
    return session;
  }

  app.post('/v1/payment_intents', async (c) => {
    const input = parsed(intentCreate, await form(c));
    if (!input.off_session || !input.confirm)
      throw invalid(
        'The stand-in only charges saved cards off session: pass off_session=true and confirm=true.',
      );
    find(input.customer, 'customer', 'customer');
    const pm = find(input.payment_method, 'payment_method', 'PaymentMethod');
    if (pm.customer !== input.customer)
      throw invalid(
        `The PaymentMethod ${pm.id} does not belong to the Customer you supplied ${input.customer}.`,
        {
          param: 'payment_method',
        },
      );
    const intent = store.create('payment_intent', {
      amount: input.amount,
      currency: input.currency,
      customer: input.customer,
      payment_method: pm.id,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
      status: 'processing',
      amount_received: 0,
      latest_charge: null,
      last_payment_error: null,
    });
    if (store.declines(pm)) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      store.update(intent, { status: 'requires_payment_method', last_payment_error: error });
      await events.emit('payment_intent.payment_failed', intent);
      throw new StripeFault(402, { ...error, payment_intent: { ...intent } });
    }
    const charge = store.create('charge', {
      amount: input.amount,
      currency: input.currency,
      payment_intent: intent.id,
      paid: true,
    });
    store.update(intent, { status: 'succeeded', amount_received: input.amount, latest_charge: charge.id });
    await events.emit('payment_intent.succeeded', intent);
    return c.json(answer(intent, input.expand));
  });
  app.get('/v1/payment_intents/:id', (c) =>
    c.json(answer(find(c.req.param('id'), 'payment_intent', 'payment_intent'), query(c))),
  );
  app.get('/v1/setup_intents/:id', (c) =>
    c.json(answer(find(c.req.param('id'), 'setup_intent', 'setup_intent'), query(c))),
  );
  app.get('/v1/payment_methods/:id', (c) =>
    c.json(answer(find(c.req.param('id'), 'payment_method', 'PaymentMethod'), query(c))),
  );
  app.post('/v1/payment_methods/:id/detach', async (c) => {
    const { expand } = parsed(emptyBody, await form(c));
    const pm = find(c.req.param('id'), 'payment_method', 'PaymentMethod');
    if (pm.customer === null)
      throw invalid(
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
      );
    store.update(pm, { customer: null });
    return c.json(answer(pm, expand));
  });

  const refunded = new Map<string, number>();
  app.post('/v1/refunds', async (c) => {
    const input = parsed(refundCreate, await form(c));
    const intent = find(input.payment_intent, 'payment_intent', 'payment_intent');
    if (intent.status !== 'succeeded')
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const left = Number(intent.amount_received) - (refunded.get(intent.id) ?? 0);
    const amount = input.amount ?? left;
    if (amount > left)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      );
    refunded.set(intent.id, (refunded.get(intent.id) ?? 0) + amount);
    const refund = store.create('refund', {
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: input.reason ?? null,
      metadata: input.metadata ?? {},
      status: 'succeeded',
      failure_reason: null,
    });
    // Made at once, as a card refund usually is: Stripe reports it with refund.created alone.
    await events.emit('refund.created', refund);
    return c.json(answer(refund, input.expand));
  });
  app.get('/v1/refunds/:id', (c) => c.json(answer(find(c.req.param('id'), 'refund', 'refund'), query(c))));

  // The hosted page.
  app.get('/c/pay/:id', (c) => {
    const session = find(c.req.param('id'), 'checkout.session', 'checkout.session');
    return c.html(hostedPage(session, lines.get(session.id) ?? [], null));
  });
  app.post('/c/pay/:id/cancel', (c) => {
    const session = find(c.req.param('id'), 'checkout.session', 'checkout.session');
    return c.redirect(String(session.cancel_url ?? session.success_url), 303);
  });
  app.post('/c/pay/:id/pay', async (c) => {
    const session = find(c.req.param('id'), 'checkout.session', 'checkout.session');
    const body = await c.req.parseBody();
    const card: TestCard = body.card === 'pm_card_chargeDeclined' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
    if (session.status !== 'open') return c.html(hostedPage(session, lines.get(session.id) ?? [], null), 409);
    const customer = typeof session.customer === 'string' ? session.customer : null;
    const pm = store.paymentMethod(card, session.mode === 'setup' ? customer : null);
    const data = intentData.get(session.id) ?? { metadata: {}, description: null };
    const toSend: [string, StripeObject][] = [];
    if (session.mode === 'setup') {
      const seti = store.create('setup_intent', {
        status: 'succeeded',
        usage: 'off_session',
        customer,
        payment_method: pm.id,
        metadata: data.metadata,
      });
      store.update(session, { status: 'complete', setup_intent: seti.id, url: null });
      toSend.push(['checkout.session.completed', session]);
    } else {
      const amount = Number(session.amount_total);
      const intent = store.create('payment_intent', {
        amount,
        currency: 'usd',
        customer,
        payment_method: pm.id,
        description: data.description,
        metadata: data.metadata,
        status: 'requires_payment_method',
        amount_received: 0,
        latest_charge: null,
        last_payment_error: null,
      });
      if (TEST_CARDS[card].declines) {
        // The page stays open for another card, as Stripe's does; the failed attempt is reported.
        store.update(intent, {
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
          },
        });
        await events.emit('payment_intent.payment_failed', intent);
        return c.html(hostedPage(session, lines.get(session.id) ?? [], 'Your card was declined.'), 402);
      }
      const charge = store.create('charge', {
        amount,
        currency: 'usd',
        payment_intent: intent.id,
        paid: true,
      });
      store.update(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge.id });
      store.update(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: intent.id,
        url: null,
      });
      toSend.push(['checkout.session.completed', session], ['payment_intent.succeeded', intent]);
    }
    const send = async () => {
      for (const [type, object] of toSend) await events.emit(type, object);
    };
    if (state.deliverAfterRedirect) void Promise.resolve().then(send);
    else await send();
    return c.redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  // Test controls.
  app.post('/_test/expire/:id', async (c) => c.json(await expireSession(c.req.param('id'))));
  app.get('/_test/events', (c) => c.json(events.list()));
  app.post('/_test/events/:id/resend', async (c) =>
    c.json({ status: await events.resend(c.req.param('id')) }),
  );
  app.post('/_test/hold', (c) => {
    events.hold();
    return c.json({ holding: true });
  });
  app.post('/_test/release', async (c) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    const order =
      typeof body === 'object' && body !== null && 'order' in body && Array.isArray(body.order)
        ? body.order.map(String)
        : undefined;
    await events.release(order);
    return c.json({ holding: false });
  });
  app.post('/_test/fail-next', async (c) => {
    const body: unknown = await c.req.json();
    if (typeof body !== 'object' || body === null || !('path' in body) || typeof body.path !== 'string')
      return c.json({ error: 'Send { "path": "/v1/…" }.' }, 400);
    state.failNext.add(body.path);
    return c.json({ failing: body.path });
  });

  app.notFound((c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      },
      404,
    ),
  );
  return app;
}
