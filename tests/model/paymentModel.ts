import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of a card checkout's confirmation page (/checkout/{cartId}/payment) as a person
 * sees it, back from Stripe's page: waiting, then paid, declined, released or no news. No effects,
 * no timers: the adapter gives each stimulus Stripe's answer through the API, or the clock passing.
 */
export const paymentModel = createMachine({
  id: 'payment-model',
  initial: 'pending',
  states: {
    /** "Waiting for your payment": the page asks every two seconds. */
    pending: {
      on: {
        'stripe.confirms': 'paid',
        'stripe.declines': 'failed',
        'session.expires': 'expired',
        'clock.passes60s': 'timedOut',
        'api.fails': 'trouble',
      },
    },
    /** A look got no answer: asked again shortly; three in a row give up. */
    trouble: {
      on: { 'api.recovers': 'pending', 'api.failsTwiceMore': 'timedOut' },
    },
    /** "Thank you, your order is placed". */
    paid: {},
    /** The time to pay ran out: the orders were released. */
    expired: {},
    /** "Your payment did not go through", the reason, and "Try paying again". */
    failed: {
      on: { 'user.retries': 'redirecting' },
    },
    /** "We have not heard from the bank yet", and "Check again". */
    timedOut: {
      on: { 'user.checksAgain': 'pending' },
    },
    /** On the way to Stripe's page again. */
    redirecting: {},
  },
});

export const payment = modelKit(paymentModel);
