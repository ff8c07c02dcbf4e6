import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { SignatureRefused } from '../payments/verify';
import { receiveStripeEvent } from '../payments/webhook';

const SIGNATURE_REFUSED =
  "The Stripe signature is missing or does not match this server's STRIPE_WEBHOOK_SECRET.";
const CARDS_OFF = 'Card payments are not configured here.';

/** POST /api/v1/webhooks/stripe: Stripe's reports of payments, signed with the endpoint's secret. */
export const webhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const { payments, clock } = c.var;
  if (payments === null) return fail(c, 404, CARDS_OFF);
  // The signature is over the exact bytes: read them before anything parses the body.
  const raw = new Uint8Array(await c.req.arrayBuffer());
  const at = clock();
  let event: ReturnType<typeof payments.verify>;
  try {
    event = payments.verify(raw, c.req.header('stripe-signature'), at);
  } catch (error) {
    if (error instanceof SignatureRefused) {
      c.var.log.warn({ reason: error.message }, 'Stripe webhook refused');
      return fail(c, 400, SIGNATURE_REFUSED);
    }
    throw error;
  }
  try {
    const outcome = await receiveStripeEvent(
      { db: c.var.db, jobs: c.var.jobs, gateway: payments, logger: c.var.log, at },
      event,
    );
    if (outcome === 'duplicate') return ok(c, { received: true, duplicate: true });
    c.var.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event received');
    return ok(c, { received: true, outcome });
  } catch (error) {
    c.var.log.error({ err: error, event: event.id, type: event.type }, 'Stripe event not applied');
    return fail(c, 503, 'The event could not be applied just now; try again.');
  }
});
