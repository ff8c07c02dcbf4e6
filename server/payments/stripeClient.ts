import Stripe from 'stripe';
import { type ChargeOutcome, cardOfMethod, idOf, type PaymentGateway } from './gateway';
import type { StripeSettings } from './settings';
import { verifyEvent } from './verify';

const CURRENCY = 'usd';
/** The SDK retries network failures and 5xx itself, with the same idempotency key. */
const NETWORK_RETRIES = 2;
const TIMEOUT_MS = 20_000;

/** The Stripe SDK, pinned to the API version of its release; `api` points it at the local stand-in. */
export function stripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Adlane' },
    ...(settings.api ?? {}),
  });
}

/**
 * The gateway over the real SDK: api.stripe.com in production, the stand-in in tests and development.
 * Idempotency keys are made from our rows' ids within `keySpace` (server/payments/keySpace.ts): ids
 * start again in every database, and two databases on one Stripe account (developers sharing a test
 * account) would otherwise send one key for different requests and be refused for Stripe's 24 hours.
 */
export function stripeGateway(
  settings: StripeSettings,
  keySpace: () => Promise<string> = async () => '',
): PaymentGateway {
  const stripe = stripeClient(settings);
  const key = async (name: string) => {
    const space = await keySpace();
    return { idempotencyKey: space ? `${space}-${name}` : name };
  };
  return {
    async createCheckout(i) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ui_mode: 'hosted_page',
          // Cards only: a bank debit's page completes unpaid and pays days later, after the hold
          // released its orders; a saved bank account could not be charged as a card.
          allowed_payment_method_types: ['card'],
          ...(i.customer === null ? { customer_email: i.email } : { customer: i.customer }),
          client_reference_id: String(i.paymentId),
          line_items: i.lines.map((line) => ({
            quantity: 1,
            price_data: { currency: CURRENCY, unit_amount: line.cents, product_data: { name: line.name } },
          })),
          payment_intent_data: { metadata: { ...i.metadata, payment: String(i.paymentId) } },
          metadata: { ...i.metadata, payment: String(i.paymentId) },
          expires_at: Math.floor(i.expiresAt.getTime() / 1000),
          success_url: i.successUrl,
          cancel_url: i.cancelUrl,
        },
        await key(`checkout-${i.paymentId}`),
      );
      return { sessionId: session.id, url: session.url ?? '' };
    },

    async createSetup(i) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          ui_mode: 'hosted_page',
          allowed_payment_method_types: ['card'],
          currency: CURRENCY,
          customer: i.customer,
          client_reference_id: String(i.paymentId),
          setup_intent_data: { metadata: { payment: String(i.paymentId) } },
          metadata: { payment: String(i.paymentId) },
          success_url: i.successUrl,
          cancel_url: i.cancelUrl,
        },
        await key(`setup-${i.paymentId}`),
      );
      return { sessionId: session.id, url: session.url ?? '' };
    },

    async ensureCustomer(c) {
      if (c.existing !== null) return c.existing;
      const customer = await stripe.customers.create(
        { name: c.name, email: c.email, metadata: { company: c.coid } },
        await key(`customer-${c.coid}`),
      );
      return customer.id;
    },

    retrieveCheckout: (sessionId) =>
      stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.payment_method', 'setup_intent.payment_method'],
      }),

    retrieveSetupIntent: (setupIntentId) =>
      stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }),

    async retrievePaymentCard(intentId) {
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
      return cardOfMethod(intent.payment_method);
    },

    async setDefaultCard(customer, paymentMethod) {
      await stripe.customers.update(customer, {
        invoice_settings: { default_payment_method: paymentMethod },
      });
    },

    expireCheckout: (sessionId) => stripe.checkout.sessions.expire(sessionId),

    async chargeOffSession(i): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: i.cents,
            currency: CURRENCY,
            customer: i.customer,
            payment_method: i.paymentMethod,
            off_session: true,
            confirm: true,
            description: `Invoice ${i.invoice}`,
            metadata: { invoice: i.invoice, payment: String(i.paymentId) },
          },
          await key(`charge-${i.paymentId}`),
        );
        return { ok: true, intentId: intent.id };
      } catch (error) {
        // A declined card is an answer, not a failure of ours: the caller records it and tells the customer.
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        return {
          ok: false,
          intentId: idOf(error.payment_intent ?? null),
          message: error.message,
          code: error.decline_code ?? error.code ?? null,
        };
      }
    },

    async refund(i) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: i.intentId,
          amount: i.cents,
          reason: 'requested_by_customer',
          metadata: { order: i.order, refund: String(i.refundId) },
        },
        await key(`refund-${i.refundId}`),
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },

    async detachCard(paymentMethod) {
      await stripe.paymentMethods.detach(paymentMethod);
    },

    verify: (raw, header, at) => verifyEvent(stripe, raw, header, settings.webhookSecret, at),
  };
}
