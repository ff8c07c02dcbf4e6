import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { paymentWaitMachine } from '../../machines/payment/paymentWait.machine';
import { heldCalls } from '../machines/heldCalls';
import { checkoutPaymentOf, PAYMENT_CART } from '../machines/paymentFixtures';
import type { ModelParams } from './modelKit';
import type { paymentModel } from './paymentModel';
import { expectSame, settle } from './worldChecks';

const PAGE = 'https://checkout.stripe.test/c/pay/cs_test_again';
const DECLINED = 'Your card was declined.';

/**
 * Adapter (a) of the payment model: the real payment wait machine with a fake API (each look held
 * until the stimulus answers it) and a simulated clock. Stripe's news reaches the machine as the
 * server would give it: in the answer to the look under way.
 */
export class PaymentWorld {
  private readonly clock = new SimulatedClock();
  private readonly loads = heldCalls<[string], CheckoutPayment>();
  private readonly restarts = heldCalls<[string], PaymentRedirect>();
  private readonly visited: string[] = [];
  private readonly actor: Actor<typeof paymentWaitMachine>;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.actor = createActor(
      paymentWaitMachine.provide({
        actors: {
          loadPayment: fromPromise(({ input }) => this.loads.call(input.cartId)),
          restartPayment: fromPromise(({ input }) => this.restarts.call(input.cartId)),
        },
        actions: { goToPayment: (_, { url }) => this.visited.push(url) },
      }),
      { clock: this.clock, inspect, input: { cartId: PAYMENT_CART, cancelled: false } },
    ).start();
  }

  private value() {
    return this.actor.getSnapshot().value;
  }

  /** The look under way, which must be for this checkout. */
  private look() {
    const index = this.loads.calls.length - 1;
    expectSame('the look asks about', this.loads.asked()[index], [PAYMENT_CART]);
    return this.loads.nth(index);
  }

  /** The API answers the look under way. */
  private async answerLook(payment: CheckoutPayment) {
    this.look().answer(payment);
    await settle();
  }

  private async failLook() {
    this.look().fail(new Error('offline'));
    await settle();
  }

  /** The wait after a failed look, then the next look fails too. */
  private async failAgain() {
    this.clock.increment(2_000);
    await this.failLook();
  }

  params(): ModelParams<typeof paymentModel> {
    return {
      states: {
        pending: () => {
          expectSame('the page', this.value(), { waiting: 'checking' });
          expectSame('a look under way', this.loads.calls.length > 0, true);
        },
        trouble: () => expectSame('the page', this.value(), { waiting: 'trouble' }),
        paid: () => expectSame('the page', this.value(), 'paid'),
        expired: () => expectSame('the page', this.value(), 'expired'),
        failed: () => {
          expectSame('the page', this.value(), 'failed');
          expectSame('the reason', this.actor.getSnapshot().context.message, DECLINED);
        },
        timedOut: () => expectSame('the page', this.value(), 'timedOut'),
        redirecting: () => {
          expectSame('the page', this.value(), 'redirecting');
          expectSame('the pages visited', this.visited, [PAGE]);
        },
      },
      events: {
        'stripe.confirms': () => this.answerLook(checkoutPaymentOf('paid')),
        'stripe.declines': () => this.answerLook(checkoutPaymentOf('failed', DECLINED)),
        'session.expires': () => this.answerLook(checkoutPaymentOf('expired', 'The time to pay ran out.')),
        'clock.passes60s': async () => {
          // Pending all along: every look answers "pending" until the minute is up.
          for (let waited = 0; waited < 60_000; waited += 2_000) {
            await this.answerLook(checkoutPaymentOf('pending'));
            this.clock.increment(2_000);
            await settle();
          }
        },
        'api.fails': () => this.failLook(),
        'api.recovers': async () => {
          this.clock.increment(2_000);
          await settle();
        },
        'api.failsTwiceMore': async () => {
          await this.failAgain();
          await this.failAgain();
        },
        'user.retries': async () => {
          this.actor.send({ type: 'payment.retry' });
          expectSame('Stripe’s page asked for again', this.restarts.asked().at(-1), [PAYMENT_CART]);
          this.restarts.nth(this.restarts.calls.length - 1).answer({ url: PAGE });
          await settle();
        },
        'user.checksAgain': async () => {
          this.actor.send({ type: 'payment.checkAgain' });
          await settle();
        },
      },
    };
  }
}
