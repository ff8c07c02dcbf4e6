import type { PaymentGateway } from '../../server/payments/gateway';
import { stripeGateway } from '../../server/payments/stripeClient';
import { type LocalStripe, startLocalStripe, type Tamper } from '../support/localStripe';
import type { Harness, HarnessOptions } from './harness';

/** Stripe's report of a payment for 100 cents more than the page asked: one the app must reject. */
export const otherAmount: Tamper = (event) => {
  const data = event.data as { object: Record<string, unknown> };
  const object = { ...data.object };
  if (typeof object.amount_total === 'number') object.amount_total += 100;
  if (typeof object.amount_received === 'number') object.amount_received += 100;
  return { ...event, data: { object } };
};

/** The app's webhook, as Stripe (here its stand-in) posts an event to it. */
export const postWebhook = (h: Harness, body: string, signature?: string) =>
  h.app.request('/api/v1/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body,
  });

/**
 * An app that takes cards, on the local Stripe stand-in (in this process), whose events go to the
 * app's webhook; with a gateway of its own for the test to look at Stripe's side, and one close for both.
 */
export async function openWithStripe(
  open: (options?: HarnessOptions) => Promise<Harness>,
  keys: { secretKey: string; webhookSecret: string },
  options: HarnessOptions & { clock: () => Date },
): Promise<{ h: Harness; standIn: LocalStripe; gateway: PaymentGateway; close: () => Promise<void> }> {
  let opened: Harness | null = null;
  const standIn = await startLocalStripe({
    ...keys,
    clock: options.clock,
    deliver: async (body, signature) => {
      if (!opened) throw new Error('The app is not open yet.');
      return { status: (await postWebhook(opened, body, signature)).status };
    },
  });
  const h = await open({
    ...options,
    env: {
      ...options.env,
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_BASE: standIn.apiBase,
    },
  });
  opened = h;
  if (!h.config.stripe) throw new Error('Stripe is not configured.');
  const close = async () => {
    await h.close();
    await standIn.close();
  };
  return { h, standIn, gateway: stripeGateway(h.config.stripe), close };
}
