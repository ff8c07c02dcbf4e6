import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { cancelledMessage, paymentWaitMachine } from '../../machines/payment/paymentWait.machine';
import { heldCalls } from './heldCalls';
import { checkoutPaymentOf, PAYMENT_CART } from './paymentFixtures';
import { flush } from './sessionHarness';

/** The machine with held calls to the API and a simulated clock. */
function start(cancelled = false) {
  const clock = new SimulatedClock();
  const loads = heldCalls<[string], CheckoutPayment>();
  const restarts = heldCalls<[string], PaymentRedirect>();
  const visited: string[] = [];
  const actor = createActor(
    paymentWaitMachine.provide({
      actors: {
        loadPayment: fromPromise(({ input }) => loads.call(input.cartId)),
        restartPayment: fromPromise(({ input }) => restarts.call(input.cartId)),
      },
      actions: { goToPayment: (_, { url }) => visited.push(url) },
    }),
    { clock, input: { cartId: PAYMENT_CART, cancelled } },
  ).start();
  const state = () => actor.getSnapshot().value;
  return { clock, loads, restarts, visited, actor, state };
}

describe('the confirmation page waiting for a card payment', () => {
  it('asks again every two seconds while the payment is pending, and shows the orders once paid', async () => {
    const { clock, loads, state } = start();
    expect(loads.asked()).toEqual([[PAYMENT_CART]]);
    loads.nth(0).answer(checkoutPaymentOf('pending'));
    await flush();
    expect(state()).toEqual({ waiting: 'resting' });
    clock.increment(1_999);
    expect(loads.asked()).toHaveLength(1);
    clock.increment(1);
    expect(loads.asked()).toHaveLength(2);
    loads.nth(1).answer(checkoutPaymentOf('paid'));
    await flush();
    expect(state()).toBe('paid');
  });

  it('gives up after a minute without news, and checks again when asked', async () => {
    const { clock, loads, actor, state } = start();
    let answered = 0;
    for (let elapsed = 0; elapsed < 58_000; elapsed += 2_000) {
      loads.nth(answered).answer(checkoutPaymentOf('pending'));
      answered += 1;
      await flush();
      clock.increment(2_000);
    }
    loads.nth(answered).answer(checkoutPaymentOf('pending'));
    await flush();
    clock.increment(1_999);
    expect(state()).toEqual({ waiting: 'resting' });
    clock.increment(1);
    expect(state()).toBe('timedOut');
    actor.send({ type: 'payment.checkAgain' });
    expect(state()).toEqual({ waiting: 'checking' });
  });

  it('tries a look without an answer again, and stops after three in a row', async () => {
    const { clock, loads, state } = start();
    loads.nth(0).fail(new Error('offline'));
    await flush();
    expect(state()).toEqual({ waiting: 'trouble' });
    clock.increment(1_999);
    expect(loads.asked()).toHaveLength(1);
    clock.increment(1);
    loads.nth(1).fail(new Error('offline'));
    await flush();
    clock.increment(2_000);
    loads.nth(2).fail(new Error('offline'));
    await flush();
    expect(state()).toBe('timedOut');
  });

  it('shows the decline and offers Stripe’s page again', async () => {
    const { loads, restarts, visited, actor, state } = start();
    loads.nth(0).answer(checkoutPaymentOf('failed', 'Your card was declined.'));
    await flush();
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Your card was declined.');
    actor.send({ type: 'payment.retry' });
    expect(restarts.asked()).toEqual([[PAYMENT_CART]]);
    restarts.nth(0).answer({ url: 'https://checkout.stripe.test/c/pay/cs_test_2' });
    await flush();
    expect(state()).toBe('redirecting');
    expect(visited).toEqual(['https://checkout.stripe.test/c/pay/cs_test_2']);
  });

  it('says the customer left Stripe’s page by Cancel, and until when the order is held', async () => {
    const { loads, restarts, actor, state } = start(true);
    loads.nth(0).answer(checkoutPaymentOf('pending'));
    await flush();
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(cancelledMessage(checkoutPaymentOf('pending')));
    expect(cancelledMessage(checkoutPaymentOf('pending'))).toMatch(
      /^You left the payment page before paying\. Your order is held until \d/,
    );
    actor.send({ type: 'payment.retry' });
    restarts.nth(0).fail(new Error('This order is already paid. See it in your orders.'));
    await flush();
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('This order is already paid. See it in your orders.');
  });

  it('ends when the orders were released', async () => {
    const { loads, state } = start();
    loads.nth(0).answer(checkoutPaymentOf('expired', 'The time to pay ran out.'));
    await flush();
    expect(state()).toBe('expired');
  });
});
