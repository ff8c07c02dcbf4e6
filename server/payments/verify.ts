import Stripe from 'stripe';

/** A webhook whose signature is missing, wrong or too old: the route answers 400 and applies nothing. */
export class SignatureRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SignatureRefused';
  }
}

/** Stripe's own default: an event signed more than five minutes ago may be a replay. */
const TOLERANCE_SECONDS = 300;

/**
 * Checks the signature over the exact bytes received, at our clock's time (Stripe's `receivedAt`
 * is in milliseconds), so a test that moves the clock sees an old signature refused.
 */
export function verifyEvent(
  stripe: Stripe,
  raw: Uint8Array,
  header: string | undefined,
  secret: string,
  at: Date,
): Stripe.Event {
  if (header === undefined || header === '') throw new SignatureRefused('No Stripe-Signature header.');
  try {
    return stripe.webhooks.constructEvent(
      Buffer.from(raw),
      header,
      secret,
      TOLERANCE_SECONDS,
      undefined,
      at.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new SignatureRefused(error.message);
    throw error;
  }
}
