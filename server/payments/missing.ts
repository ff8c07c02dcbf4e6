import Stripe from 'stripe';

/**
 * Stripe does not know the object (its account or keys changed, test data deleted): a page it does
 * not know can never be paid, so its payment is closed rather than asked about for ever.
 */
export const missingAtStripe = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
